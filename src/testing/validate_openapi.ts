/**
 * Test helpers: validate an OpenAPI 3.0 document with real validators, and
 * check recorded response bodies against the schemas of their operations.
 *
 * - {@link validateOpenApi} runs two validators from npm, both offline:
 *   `@apidevtools/swagger-parser` checks the document against the official
 *   OpenAPI 3.0 JSON Schema and resolves every `$ref`; `@redocly/openapi-core`
 *   adds the rules a JSON Schema cannot express (unique operationIds, path
 *   parameters declared, unresolved refs, enum values of the declared type,
 *   component names, ...).
 * - {@link responseValidator} compiles the schema of an operation's response
 *   with ajv, after converting OpenAPI 3.0 schema dialect to JSON Schema
 *   (draft-07): `$ref`s into `components.schemas`, `nullable`, boolean
 *   `exclusiveMinimum`/`exclusiveMaximum`, OpenAPI-only keywords and `x-`
 *   extensions dropped. Formats are not checked.
 *
 * @module
 */

// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import SwaggerParser from "npm:@apidevtools/swagger-parser@13.1.0";
// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import { createConfig, lintFromString } from "npm:@redocly/openapi-core@2.64.0";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { parseDocument } from "yaml";
import { NULLABLE_EXTENSION } from "../emit/openapi/emit_openapi.ts";
import { componentsSchema, toJsonSchema } from "../emit/openapi/json_schema.ts";

type Json = { [key: string]: unknown };

/**
 * Redocly rules beyond its `spec` set (which has `struct`,
 * `no-unresolved-refs`, `operation-operationId-unique`,
 * `path-parameters-defined`, `no-identical-paths`, `spec-ref-siblings`,
 * `spec-components-invalid-map-name`, ...): correctness, not style.
 */
const EXTRA_RULES = [
  "no-enum-type-mismatch",
  "no-schema-type-mismatch",
  "no-required-schema-properties-undefined",
  "no-duplicated-enum-values",
  "no-invalid-media-type-examples",
  "no-invalid-parameter-examples",
  "no-invalid-schema-examples",
  "operation-operationId",
  "operation-operationId-url-safe",
  "operation-2xx-response",
] as const;

let redoclyConfig: ReturnType<typeof createConfig> | undefined;

/**
 * Validates an OpenAPI document (YAML or JSON text). Resolves to the list of
 * problems found, each a readable line; empty means valid.
 */
export async function validateOpenApi(yamlText: string): Promise<string[]> {
  const parsed = parseDocument(yamlText, { uniqueKeys: true });
  if (parsed.errors.length > 0) {
    return parsed.errors.map((e) => `yaml: ${e.message}`);
  }
  const value: unknown = parsed.toJS({ maxAliasCount: -1 });
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return ["yaml: the document is not a mapping"];
  }
  const errors: string[] = [];

  try {
    await SwaggerParser.validate(structuredClone(value) as never, {
      resolve: { external: false },
      validate: { schema: true, spec: true },
    });
  } catch (e) {
    const details = (e as { details?: ErrorObject[] }).details;
    if (Array.isArray(details) && details.length > 0) {
      for (const d of details) {
        errors.push(
          `swagger-parser: ${d.instancePath || "/"} ${d.message ?? d.keyword}${
            paramsText(d)
          }`,
        );
      }
    } else {
      errors.push(`swagger-parser: ${(e as Error).message}`);
    }
  }

  redoclyConfig ??= createConfig({
    extends: ["spec"],
    rules: Object.fromEntries(EXTRA_RULES.map((r) => [r, "error"])),
  });
  const problems = await lintFromString({
    source: yamlText,
    absoluteRef: "openapi.yml",
    config: await redoclyConfig,
  });
  for (const p of problems) {
    const where = p.location[0]?.pointer ?? "";
    errors.push(`redocly ${p.ruleId}: ${p.message} (${where})`);
  }
  return errors;
}

/**
 * Checks a recorded response body against an operation's response schema.
 * `operation` is an operationId or `"<METHOD> <path>"` (`"GET /book/{id}"`);
 * `body` is the parsed JSON body, `undefined` for an empty body (accepted
 * only where the document allows it: no content, or a nullable result).
 * Returns the problems; empty means the body conforms.
 */
export type ResponseCheck = (
  operation: string,
  status: number,
  body: unknown,
) => string[];

/** Builds a {@link ResponseCheck} for a document (YAML or JSON text). */
export function responseValidator(yamlText: string): ResponseCheck {
  const parsed = parseDocument(yamlText);
  if (parsed.errors.length > 0) {
    throw new Error(`not a YAML document: ${parsed.errors[0]!.message}`);
  }
  const doc = parsed.toJS() as Json;
  const operations = new Map<string, Json>();
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item ?? {})) {
      if (!HTTP_METHODS.has(method) || !isObject(op)) continue;
      operations.set(`${method.toUpperCase()} ${path}`, op);
      if (typeof op.operationId === "string") {
        operations.set(op.operationId, op);
      }
    }
  }

  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    validateFormats: false,
  });
  ajv.addSchema(componentsSchema(doc));
  const compiled = new Map<string, ValidateFunction>();

  return (operation, status, body) => {
    const op = operations.get(operation);
    if (op === undefined) return [`unknown operation "${operation}"`];
    const responses = (op.responses ?? {}) as Record<string, unknown>;
    const code = String(status);
    const key = [code, `${code[0]}XX`, "default"].find((k) => k in responses);
    if (key === undefined) {
      return [`operation "${operation}" has no response for status ${status}`];
    }
    const response = resolve(doc, responses[key]);
    const content = (response.content ?? {}) as Record<string, Json>;
    const media = content["application/json"] ??
      Object.values(content).find((m) => isObject(m) && "schema" in m);
    const empty = body === undefined || body === null;
    if (media === undefined || !("schema" in media)) {
      return body === undefined || body === null || body === ""
        ? []
        : [`status ${key} of "${operation}" has no body, but one was given`];
    }
    if (empty && response[NULLABLE_EXTENSION] === true) return [];
    if (body === undefined) {
      return [`status ${key} of "${operation}" has a body, but none was given`];
    }
    const cacheKey = `${operation}\n${key}`;
    let validate = compiled.get(cacheKey);
    if (validate === undefined) {
      validate = ajv.compile({ allOf: [toJsonSchema(media.schema)] });
      compiled.set(cacheKey, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) =>
      `${e.instancePath || "/"} ${e.message ?? e.keyword}${paramsText(e)}`
    );
  };
}

const HTTP_METHODS = new Set([
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
]);

/** A response object, through a local `$ref` if it is one. */
function resolve(doc: Json, value: unknown): Json {
  let current = value;
  for (
    let hops = 0;
    isObject(current) && typeof current.$ref === "string";
    hops++
  ) {
    if (hops > 16 || !current.$ref.startsWith("#/")) {
      throw new Error(`cannot resolve ${current.$ref}`);
    }
    current = current.$ref.slice(2).split("/").reduce<unknown>(
      (node, part) =>
        isObject(node)
          ? node[part.replaceAll("~1", "/").replaceAll("~0", "~")]
          : undefined,
      doc,
    );
  }
  if (!isObject(current)) throw new Error("response is not an object");
  return current;
}

function paramsText(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  if (typeof p.additionalProperty === "string") {
    return ` (${JSON.stringify(p.additionalProperty)})`;
  }
  if (Array.isArray(p.allowedValues)) {
    return ` (${p.allowedValues.map((v) => JSON.stringify(v)).join(", ")})`;
  }
  return "";
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
