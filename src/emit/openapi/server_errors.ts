/**
 * The component schemas and response parts of the server's own error bodies
 * (`SERVER_ERRORS`, src/model/server_errors.ts): closed objects, `error` a
 * string enum of their codes, optional fields not required.
 *
 * @module
 */

import type {
  ServerErrorField,
  ServerErrorModel,
} from "../../model/server_errors.ts";
import type { Json, SchemaRegistry } from "./schemas.ts";

/** The `headers` of a server error's response, when it sends any. */
export function serverErrorHeaders(error: ServerErrorModel): Json | undefined {
  return error.retryAfter === true
    ? {
      "Retry-After": {
        description: "Seconds to wait before trying again.",
        schema: { type: "integer" },
      },
    }
    : undefined;
}

/** Registers the schema of a server error; returns its name. */
export function serverErrorSchema(
  error: ServerErrorModel,
  registry: SchemaRegistry,
): string {
  return registry.component(`server error\n${error.name}`, error.name, () => ({
    type: "object",
    description: error.doc,
    required: [
      "error",
      ...error.fields.filter((f) => f.optional !== true).map((f) => f.name),
    ],
    properties: new Map<string, Json>([
      ["error", { type: "string", enum: [...error.codes] }],
      ...error.fields.map((f): [string, Json] => [f.name, fieldSchema(f)]),
    ]),
    additionalProperties: false,
  }));
}

function fieldSchema(field: ServerErrorField): Json {
  return typeof field.type === "string"
    ? { type: field.type }
    : { type: "string", enum: [...field.type] };
}
