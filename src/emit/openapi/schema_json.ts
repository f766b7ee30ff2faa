/**
 * The pieces of component schemas: names, extensions, the identity text of
 * a type, and the small rewrites of a schema (a description, `nullable`).
 *
 * @module
 */

import type { Constraints, FetchedShapeModel } from "../../model/api_model.ts";

/** A schema or other OpenAPI object under construction (insertion-ordered). */
export type Json = { [key: string]: unknown };

/** Extension on the schema of a generic instantiation. */
export const GENERIC_EXTENSION = "x-tailor-generic";

/** Extension naming the enum of an inline enum schema. */
export const ENUM_EXTENSION = "x-tailor-enum";

/** Schema name of a fetched shape: `<Entity>_<Owner>_<CONSTANT>[_<path>]`. */
export function shapeSchemaName(
  entity: string,
  shape: Pick<FetchedShapeModel, "owner" | "fetcher" | "path">,
): string {
  const base = `${entity}_${shape.owner}_${shape.fetcher}`;
  return shape.path === undefined
    ? base
    : `${base}_${shape.path.replaceAll(".", "_")}`;
}

/** A deterministic text of a value, for identity keys of schemas. */
export function canonical(value: unknown): string {
  if (value instanceof Map) {
    return `{${
      [...value].map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(
        ",",
      )
    }}`;
  }
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${
      Object.keys(value).sort().map((k) =>
        `${JSON.stringify(k)}:${canonical((value as Json)[k])}`
      ).join(",")
    }}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

export const ref = (name: string): Json => ({
  $ref: `#/components/schemas/${name}`,
});

/**
 * `schema` with the keywords of `constraints`, as OpenAPI 3.0.3 spells them:
 * an exclusive bound is `minimum`/`maximum` with `exclusiveMinimum: true` /
 * `exclusiveMaximum: true`.
 */
export function constrained(
  schema: Json,
  constraints: Constraints | undefined,
): Json {
  if (constraints === undefined) return schema;
  const out: Json = { ...schema };
  for (const [key, value] of Object.entries(constraints)) {
    if (key === "exclusiveMinimum" || key === "exclusiveMaximum") {
      out[key === "exclusiveMinimum" ? "minimum" : "maximum"] = value;
      out[key] = true;
    } else out[key] = value;
  }
  return out;
}

/** Puts `description` right after `type` (or first), or wraps a `$ref`. */
export function describe(schema: Json, doc: string | undefined): Json {
  if (doc === undefined || doc === "") return schema;
  if ("$ref" in schema) return { description: doc, allOf: [schema] };
  const out: Json = {};
  if ("type" in schema) out.type = schema.type;
  out.description = doc;
  for (const [k, v] of Object.entries(schema)) {
    if (k !== "type" && k !== "description") out[k] = v;
  }
  return out;
}

/**
 * `schema` admitting `null` too, as OpenAPI 3.0 says it: `nullable: true`
 * beside its `type`; a `$ref` (whose siblings are ignored) goes into
 * `allOf` under `type: object`, `nullable: true`, the whole schema nullable.
 */
export function nullable(schema: Json): Json {
  if ("$ref" in schema) {
    return { type: "object", nullable: true, allOf: [schema] };
  }
  const out: Json = { ...schema, nullable: true };
  // 3.0.3: `nullable` does not widen an `enum`, which must list null itself.
  if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  return out;
}
