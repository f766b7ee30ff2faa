/**
 * Test helper: checks a raw HTTP answer (status, content type, body text)
 * against an OpenAPI 3.0 document the way a third-party client reads it,
 * kept apart from the server's own schema wiring (`json_schema.ts`): its own
 * walk from operation to response to media type, and its own reading of the
 * 3.0 schema dialect for ajv (`nullable: true` admits `null`, the lenient
 * reading of openapi-typescript and openapi-response-validator; `$ref`s to
 * `definitions`; `x-` extensions dropped).
 *
 * An empty body is read as `null` where the `200` is marked
 * `x-tailor-nullable` (its description says "empty body when absent"), so
 * the schema's `nullable` decides; elsewhere a response with content must
 * have a body, and one without content must have none.
 *
 * @module
 */

import { Ajv, type ValidateFunction } from "ajv";

type Json = { [key: string]: unknown };

/** One answer as it came over the wire. */
export interface WireAnswer {
  readonly status: number;
  /** The `content-type` header, or null. */
  readonly contentType: string | null;
  readonly text: string;
}

/**
 * Checks `answer` to `method path` (`path` as the document writes it:
 * `/book/{id}`); returns the mismatches, empty when the answer conforms.
 */
export type ContractCheck = (
  method: string,
  path: string,
  answer: WireAnswer,
) => string[];

const DROPPED = new Set([
  "discriminator",
  "xml",
  "externalDocs",
  "example",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

/** The JSON Schema (draft-07) reading of an OpenAPI 3.0 schema. */
function draft07(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(draft07);
  if (schema === null || typeof schema !== "object") return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith("x-") || DROPPED.has(key) || key === "nullable") {
      continue;
    }
    out[key] = key === "$ref"
      ? String(value).replace("#/components/schemas/", "#/definitions/")
      : key === "properties"
      ? Object.fromEntries(
        Object.entries(value as Json).map(([k, v]) => [k, draft07(v)]),
      )
      : draft07(value);
  }
  return (schema as Json).nullable === true
    ? { anyOf: [{ type: "null" }, out] }
    : out;
}

/** Builds a {@link ContractCheck} for a parsed document. */
export function contractChecker(doc: Json): ContractCheck {
  const components = (doc.components ?? {}) as Json;
  const definitions = Object.fromEntries(
    Object.entries((components.schemas ?? {}) as Json).map((
      [name, schema],
    ) => [name, draft07(schema)]),
  );
  const ajv = new Ajv({ allErrors: true, strict: false });
  const compiled = new Map<unknown, ValidateFunction>();
  const validatorOf = (schema: unknown) => {
    let validate = compiled.get(schema);
    if (validate === undefined) {
      validate = ajv.compile({ definitions, ...draft07(schema) as Json });
      compiled.set(schema, validate);
    }
    return validate;
  };
  const responsesOf = (ref: unknown): Json => {
    const name = String(ref).replace("#/components/responses/", "");
    return ((components.responses ?? {}) as Json)[name] as Json;
  };

  return (method, path, answer) => {
    const item = ((doc.paths ?? {}) as Record<string, Json>)[path];
    const operation = item?.[method.toLowerCase()] as Json | undefined;
    if (operation === undefined) return [`no operation ${method} ${path}`];
    const responses = operation.responses as Json;
    let response = (responses[String(answer.status)] ?? responses.default) as
      | Json
      | undefined;
    if (response === undefined) {
      return [`${answer.status} is not a response of ${method} ${path}`];
    }
    if ("$ref" in response) response = responsesOf(response.$ref);
    const where = `${method} ${path} ${answer.status}`;
    const content = response.content as Json | undefined;
    if (content === undefined) {
      return answer.text === "" ? [] : [`${where}: a body where none is said`];
    }
    const mediaType = answer.contentType?.split(";")[0]?.trim().toLowerCase();
    if (answer.text === "") {
      if (response["x-tailor-nullable"] !== true) {
        return [
          `${where}: an empty body, the document says ${Object.keys(content)}`,
        ];
      }
    } else if (mediaType === undefined || !(mediaType in content)) {
      return [
        `${where}: content-type ${answer.contentType}, the document says ${
          Object.keys(content)
        }`,
      ];
    }
    const media =
      (answer.text === ""
        ? Object.values(content)[0]
        : content[mediaType!]) as Json;
    let value: unknown;
    try {
      value = answer.text === ""
        ? null
        : mediaType === "application/json"
        ? JSON.parse(answer.text)
        : answer.text;
    } catch (error) {
      return [`${where}: ${(error as Error).message}`];
    }
    const validate = validatorOf(media.schema ?? {});
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) =>
      `${where}: ${e.instancePath || "/"} ${e.message} ${
        JSON.stringify(e.params)
      }`
    );
  };
}
