/**
 * Request body validation: each operation's body checked against the same
 * schema the OpenAPI document publishes for it (with ajv), so the server
 * accepts exactly what the document and the clients promise.
 *
 * @module
 */

import { Ajv, type ValidateFunction } from "ajv";
import { parse } from "yaml";
import type { ApiModel } from "../../model/api_model.ts";
import { emitOpenApi } from "../../emit/openapi/emit_openapi.ts";
import {
  componentsSchema,
  toJsonSchema,
} from "../../emit/openapi/json_schema.ts";

type Json = { [key: string]: unknown };

/** Checks a parsed body; returns the first problem, or undefined. */
export type BodyCheck = (body: unknown) => string | undefined;

/**
 * One {@link BodyCheck} per operation with a body, keyed `"<METHOD> <path>"`
 * (`"POST /nodes"`), compiled once at start-up.
 */
export function bodyChecks(model: ApiModel): Map<string, BodyCheck> {
  const document = parse(
    emitOpenApi(model, { info: { title: "server", version: "0" } }),
  ) as Json;
  const ajv = new Ajv({ allErrors: false, strict: false });
  ajv.addSchema(componentsSchema(document));
  const checks = new Map<string, BodyCheck>();
  const paths = (document.paths ?? {}) as Record<string, Json>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const schema = (((operation as Json).requestBody as Json | undefined)
        ?.content as Record<string, Json> | undefined)?.["application/json"]
        ?.schema;
      if (schema === undefined) continue;
      const validate = ajv.compile({ allOf: [toJsonSchema(schema)] });
      checks.set(
        `${method.toUpperCase()} ${path}`,
        (body) => firstError(validate, body),
      );
    }
  }
  return checks;
}

function firstError(
  validate: ValidateFunction,
  body: unknown,
): string | undefined {
  if (validate(body)) return undefined;
  const error = validate.errors?.[0];
  if (error === undefined) return "the body does not fit its type";
  const extra = (error.params as { additionalProperty?: unknown })
    .additionalProperty;
  return `${error.instancePath || "the body"} ${
    error.message ?? error.keyword
  }${typeof extra === "string" ? ` (${JSON.stringify(extra)})` : ""}`;
}
