/**
 * OpenAPI 3.0 schemas as JSON Schema (draft-07), for ajv: the server
 * validates request bodies with them, the tests responses.
 *
 * @module
 */

type Json = { [key: string]: unknown };

/** `$id` under which the document's component schemas are registered. */
export const COMPONENTS_ID = "tailor-openapi-components.json";

/** Keywords of OpenAPI 3.0 schemas that JSON Schema lacks. */
const OPENAPI_ONLY = new Set([
  "nullable",
  "discriminator",
  "readOnly",
  "writeOnly",
  "xml",
  "externalDocs",
  "example",
  "deprecated",
]);

/** Keywords whose value is one schema or a list of schemas. */
const SUBSCHEMA = new Set([
  "items",
  "additionalProperties",
  "not",
  "allOf",
  "anyOf",
  "oneOf",
]);

/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "definitions"]);

/** Converts an OpenAPI 3.0 schema to JSON Schema (draft-07). */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!isObject(schema)) return schema;
  if (typeof schema.$ref === "string") {
    // OpenAPI 3.0: siblings of $ref are ignored.
    const prefix = "#/components/schemas/";
    return {
      $ref: schema.$ref.startsWith(prefix)
        ? `${COMPONENTS_ID}#/definitions/${schema.$ref.slice(prefix.length)}`
        : schema.$ref,
    };
  }
  const discriminated = discriminatedUnion(schema);
  if (discriminated !== undefined) {
    return schema.nullable === true
      ? { anyOf: [discriminated, { type: "null" }] }
      : discriminated;
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k.startsWith("x-") || OPENAPI_ONLY.has(k)) continue;
    if (SUBSCHEMA.has(k)) out[k] = typeof v === "boolean" ? v : toJsonSchema(v);
    else if (SCHEMA_MAPS.has(k) && isObject(v)) {
      out[k] = Object.fromEntries(
        Object.entries(v).map(([name, s]) => [name, toJsonSchema(s)]),
      );
    } else out[k] = v;
  }
  for (const bound of ["Minimum", "Maximum"] as const) {
    const exclusive = `exclusive${bound}`;
    const limit = bound.toLowerCase();
    if (out[exclusive] === true && typeof out[limit] === "number") {
      out[exclusive] = out[limit];
      delete out[limit];
    } else if (out[exclusive] === false) delete out[exclusive];
  }
  if (out.type === "integer") {
    // An Int past 2^53 loses digits in JSON.parse: refuse it, as binding does.
    out.minimum ??= Number.MIN_SAFE_INTEGER;
    out.maximum ??= Number.MAX_SAFE_INTEGER;
  }
  if (schema.nullable === true) {
    // `nullable` beside `allOf` (a nullable `$ref`): null, or the schema.
    if ("allOf" in out || "anyOf" in out || "oneOf" in out) {
      return { anyOf: [out, { type: "null" }] };
    }
    if (typeof out.type === "string") out.type = [out.type, "null"];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) {
      out.enum = [...out.enum, null];
    }
    if (out.type === undefined) return { anyOf: [out, { type: "null" }] };
  }
  return out;
}

/**
 * A `oneOf` with a `discriminator` mapping as JSON Schema that names the
 * problem: the discriminator is required and one of the mapped values (an
 * `enum` error lists them), and the member it selects applies (`if`/`then`
 * per value), so a bad body gets its member's own error rather than "must
 * match exactly one schema in oneOf". Undefined for any other schema.
 */
function discriminatedUnion(schema: Json): Json | undefined {
  const discriminator = schema.discriminator;
  if (!isObject(discriminator) || !Array.isArray(schema.oneOf)) {
    return undefined;
  }
  const tag = discriminator.propertyName;
  const mapping = discriminator.mapping;
  if (typeof tag !== "string" || !isObject(mapping)) return undefined;
  return {
    type: "object",
    required: [tag],
    properties: { [tag]: { enum: Object.keys(mapping) } },
    allOf: Object.entries(mapping).map(([value, target]) => ({
      if: { required: [tag], properties: { [tag]: { const: value } } },
      then: toJsonSchema({ $ref: target }),
    })),
  };
}

/** The document's component schemas as one JSON Schema, `$id` {@link COMPONENTS_ID}. */
export function componentsSchema(document: Json): Json {
  const components = ((document.components as Json | undefined)?.schemas ??
    {}) as Record<string, unknown>;
  return {
    $id: COMPONENTS_ID,
    definitions: Object.fromEntries(
      Object.entries(components).map(([k, v]) => [k, toJsonSchema(v)]),
    ),
  };
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
