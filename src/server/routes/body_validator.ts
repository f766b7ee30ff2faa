/**
 * Request body validation: each operation's body checked against the same
 * schema the OpenAPI document publishes for it (with ajv), so the server
 * accepts exactly what the document and the clients promise.
 *
 * @module
 */

import { Ajv, type ValidateFunction } from "ajv";
import type { ApiModel } from "../../model/api_model.ts";
import {
  FORMATS,
  MAX_INTEGER,
  MIN_INTEGER,
  OUT_OF_RANGE,
} from "../../model/constraints.ts";
import { buildOpenApiDocument } from "../../emit/openapi/emit_openapi.ts";
import {
  componentsSchema,
  toJsonSchema,
} from "../../emit/openapi/json_schema.ts";

/** A parsed JSON object. */
export type Json = { [key: string]: unknown };

/** Checks a parsed body; returns the first problem, or undefined. */
export type BodyCheck = (body: unknown) => string | undefined;

/**
 * One {@link BodyCheck} per operation with a body, keyed `"<METHOD> <path>"`
 * (`"POST /nodes"`), each compiled on its first use.
 */
export function bodyChecks(model: ApiModel): Map<string, BodyCheck> {
  return checksOf(
    model,
    "application/json",
    (schema, compile) => compile(schema),
  );
}

/**
 * What `make` builds from each operation's request body schema of media
 * type `media` in the model's document, keyed `"<METHOD> <path>"`; `compile`
 * turns one of its schemas (`$ref`s to components allowed) into a check.
 */
export function checksOf<T>(
  model: ApiModel,
  media: string,
  make: (schema: Json, compile: (schema: Json) => BodyCheck) => T,
): Map<string, T> {
  const document = documentOf(model);
  // The schemas are Tailor's own, which the document's tests validate:
  // not checked against the meta-schema again at each start.
  const ajv = new Ajv({
    allErrors: false,
    strict: false,
    validateSchema: false,
  });
  // The formats `Format<F>` takes, checked as the binder checks them.
  for (const [name, expression] of FORMATS) ajv.addFormat(name, expression);
  ajv.addSchema(componentsSchema(document));
  // Compiled on a route's first body, so that a start (and each reload of
  // `tailor dev`) compiles none of the routes no request reaches.
  const compile = (schema: Json): BodyCheck => {
    let validate: ValidateFunction | undefined;
    return (body) =>
      firstError(
        validate ??= ajv.compile({ allOf: [toJsonSchema(schema)] }),
        body,
      );
  };
  const checks = new Map<string, T>();
  const paths = (document.paths ?? {}) as Record<string, Json>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const schema = (((operation as Json).requestBody as Json | undefined)
        ?.content as Record<string, Json> | undefined)?.[media]?.schema;
      if (schema === undefined) continue;
      checks.set(
        `${method.toUpperCase()} ${path}`,
        make(schema as Json, compile),
      );
    }
  }
  return checks;
}

/** The document of each model whose checks were made (body and parts share it). */
const DOCUMENTS = new WeakMap<ApiModel, Json>();

/** The model's OpenAPI document as plain JSON values, built once per model. */
function documentOf(model: ApiModel): Json {
  let document = DOCUMENTS.get(model);
  if (document === undefined) {
    document = plainJson(
      buildOpenApiDocument(model, { info: { title: "server", version: "0" } }),
    ) as Json;
    DOCUMENTS.set(model, document);
  }
  return document;
}

/**
 * `value` as the JSON values its YAML text reads back as (the document's
 * `Map`s as objects, absent values left out), without writing the text.
 */
export function plainJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainJson);
  if (value instanceof Map) value = Object.fromEntries(value);
  if (typeof value !== "object" || value === null) return value;
  const plain: Json = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) plain[key] = plainJson(item);
  }
  return plain;
}

function firstError(
  validate: ValidateFunction,
  body: unknown,
): string | undefined {
  if (validate(body)) return undefined;
  const error = validate.errors?.[0];
  if (error === undefined) return "the body does not fit its type";
  const params = error.params as {
    additionalProperty?: unknown;
    allowedValues?: unknown;
    limit?: unknown;
  };
  if (
    (error.keyword === "minimum" && params.limit === MIN_INTEGER) ||
    (error.keyword === "maximum" && params.limit === MAX_INTEGER)
  ) {
    return `${error.instancePath || "the body"} ${OUT_OF_RANGE}`;
  }
  const extra = typeof params.additionalProperty === "string"
    ? ` (${JSON.stringify(params.additionalProperty)})`
    : Array.isArray(params.allowedValues)
    ? `: ${params.allowedValues.map((v) => JSON.stringify(v)).join(", ")}`
    : "";
  return `${error.instancePath || "the body"} ${
    error.message ?? error.keyword
  }${extra}`;
}
