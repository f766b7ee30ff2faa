/**
 * The `requestBody` of an operation with `RequestPart<T>` parameters: one
 * `multipart/form-data` object with a property per part, a file as
 * `type: string, format: binary`, any other part by its schema with
 * `encoding.<part>.contentType: application/json` (the clients send it as a
 * JSON part), its constraints kept.
 *
 * @module
 */

import type { ParameterModel, TypeRef } from "../../model/api_model.ts";
import { constrained } from "./schema_json.ts";
import type { Json } from "./schemas.ts";

/** The media type of a multipart request body. */
export const MULTIPART_FORM_DATA = "multipart/form-data";

/**
 * The request body of `parts` (parameters `in: "part"`, in source order);
 * `schema` gives the schema of a part's type. Required when a part is.
 */
export function multipartRequestBody(
  parts: readonly ParameterModel[],
  schema: (type: TypeRef) => Json,
): Json {
  const properties: Json = {};
  const encoding: Json = {};
  for (const part of parts) {
    const own = constrained(schema(part.type), part.constraints);
    const described = part.doc === undefined || part.doc === ""
      ? own
      : "$ref" in own
      ? { allOf: [own], description: part.doc }
      : { ...own, description: part.doc };
    properties[part.wireName] = described;
    if (part.type.kind !== "file") {
      encoding[part.wireName] = { contentType: "application/json" };
    }
  }
  const required = parts.filter((p) => p.required).map((p) => p.wireName);
  const object: Json = { type: "object" };
  if (required.length > 0) object.required = required;
  object.properties = properties;
  object.additionalProperties = false;
  const media: Json = { schema: object };
  if (Object.keys(encoding).length > 0) media.encoding = encoding;
  return {
    required: required.length > 0,
    content: { [MULTIPART_FORM_DATA]: media },
  };
}
