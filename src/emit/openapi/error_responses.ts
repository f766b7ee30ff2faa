/**
 * The responses of an operation's declared errors (`@Throws`): one response
 * per status, whose body is one of the errors of that status, each a
 * component schema named after the error class, closed, with `family` and
 * `code` as single-value enums and every field not optional required.
 *
 * A status-400 response also admits the server's own bad-request body
 * (`{ error: "bad-request", parameter, message }`), which a parameter that
 * cannot be bound answers on every route.
 *
 * @module
 */

import type { ErrorModel, OperationModel } from "../../model/api_model.ts";
import { indexModel } from "../../model/model_index.ts";
import type { Json, SchemaRegistry } from "./schemas.ts";

/** Name of the schema of the server's bad-request body. */
export const BAD_REQUEST_SCHEMA = "BadRequest";

/** The status of a bad-request answer. */
const BAD_REQUEST_STATUS = 400;

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

/**
 * The responses of `operation`'s declared errors, by status (as a string),
 * statuses ascending; empty when it declares none.
 */
export function errorResponses(
  operation: OperationModel,
  registry: SchemaRegistry,
): Map<string, Json> {
  const index = indexModel(registry.model);
  const byStatus = new Map<number, ErrorModel[]>();
  for (const name of operation.errors ?? []) {
    const error = index.error(name);
    if (error === undefined) throw new Error(`unknown error ${name}`);
    const list = byStatus.get(error.status) ?? [];
    list.push(error);
    byStatus.set(error.status, list);
  }
  const responses = new Map<string, Json>();
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const errors = byStatus.get(status)!;
    const schemas = errors.map((error) => ref(errorSchema(error, registry)));
    if (status === BAD_REQUEST_STATUS) {
      schemas.push(ref(badRequestSchema(registry)));
    }
    responses.set(String(status), {
      description: errors.map((e) =>
        `${e.family}/${e.code}${e.doc === undefined ? "" : `: ${e.doc}`}`
      ).join("\n") +
        (status === BAD_REQUEST_STATUS
          ? "\nOr a parameter that cannot be bound (bad-request)."
          : ""),
      content: {
        "application/json": {
          schema: schemas.length === 1 ? schemas[0] : { oneOf: schemas },
        },
      },
    });
  }
  return responses;
}

/** Registers the schema of a declared error; returns its name. */
function errorSchema(error: ErrorModel, registry: SchemaRegistry): string {
  return registry.component(`error\n${error.name}`, error.name, (name) => {
    const fields = registry.objectSchema(error.properties, name, error.doc);
    const properties = new Map<string, Json>([
      ["family", { type: "string", enum: [error.family] }],
      ["code", { type: "string", enum: [error.code] }],
      ...fields.properties as Map<string, Json>,
    ]);
    const required = ["family", "code", ...(fields.required ?? []) as string[]];
    return {
      type: "object",
      ...(fields.description === undefined
        ? {}
        : { description: fields.description }),
      required,
      properties,
      additionalProperties: false,
    };
  });
}

/** Registers the schema of the server's bad-request body; returns its name. */
function badRequestSchema(registry: SchemaRegistry): string {
  return registry.component("error\nbad-request", BAD_REQUEST_SCHEMA, () => ({
    type: "object",
    description: "A parameter or body the server could not bind.",
    required: ["error", "parameter", "message"],
    properties: new Map<string, Json>([
      ["error", { type: "string", enum: ["bad-request"] }],
      ["parameter", { type: "string" }],
      ["message", { type: "string" }],
    ]),
    additionalProperties: false,
  }));
}
