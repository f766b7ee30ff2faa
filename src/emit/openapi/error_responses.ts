/**
 * The responses of an operation's declared errors (`@Throws`): one response
 * per status, whose body is one of the errors of that status, each a
 * component schema named after the error class, closed, with `family` and
 * `code` as single-value enums and every field not optional required.
 *
 * The server's own error bodies (src/model/server_errors.ts) join them: a status
 * both have is one response whose body is one of them.
 *
 * @module
 */

import type { ErrorModel, OperationModel } from "../../model/api_model.ts";
import { indexModel } from "../../model/model_index.ts";
import type { Json, SchemaRegistry } from "./schemas.ts";
import { SERVER_ERRORS } from "../../model/server_errors.ts";
import { serverErrorHeaders, serverErrorSchema } from "./server_errors.ts";

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

/**
 * The error responses of `operation`, by status (as a string), statuses
 * ascending: its declared errors and the server's own error bodies it can
 * answer (src/model/server_errors.ts), merged into a `oneOf` where they share a status.
 */
export function errorResponses(
  operation: OperationModel,
  registry: SchemaRegistry,
): Map<string, Json> {
  const index = indexModel(registry.model);
  const declared = new Map<number, ErrorModel[]>();
  for (const name of operation.errors ?? []) {
    const error = index.error(name);
    if (error === undefined) throw new Error(`unknown error ${name}`);
    const list = declared.get(error.status) ?? [];
    list.push(error);
    declared.set(error.status, list);
  }
  // A method declaring 400s binds values of its own: it may answer bad-request.
  const server = new Map(
    SERVER_ERRORS.filter((e) =>
      e.answers(operation) || (e.status === 400 && declared.has(400))
    ).map((e) => [e.status, e]),
  );
  const statuses = [...new Set([...declared.keys(), ...server.keys()])];
  const responses = new Map<string, Json>();
  for (const status of statuses.sort((a, b) => a - b)) {
    const errors = declared.get(status) ?? [];
    const own = server.get(status);
    const schemas = errors.map((error) => ref(errorSchema(error, registry)));
    const lines = errors.map((e) =>
      `${e.family}/${e.code}${e.doc === undefined ? "" : `: ${e.doc}`}`
    );
    if (own !== undefined) {
      schemas.push(ref(serverErrorSchema(own, registry)));
      lines.push(own.doc);
    }
    responses.set(String(status), {
      description: lines.join("\n"),
      ...(own === undefined || serverErrorHeaders(own) === undefined
        ? {}
        : { headers: serverErrorHeaders(own) }),
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
