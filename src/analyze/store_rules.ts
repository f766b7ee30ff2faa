/**
 * The rules of the store's own query arguments, added to the parameters
 * that carry them, so the document publishes what the store enforces and
 * the server's binder refuses a value before the store does (a 400 naming
 * the parameter either way). Spec §4.3's names are the convention: on an
 * operation whose result is a `Page<T>` of an entity, the query parameters
 *
 * - `pageIndex` (integer): `minimum: 0`, and a `maximum` that keeps
 *   `pageIndex × pageSize` at most 2^53 - 1 when `pageSize` has a maximum;
 * - `pageSize` (integer): `minimum: 1`;
 * - `sortCode` (string): a `pattern` of the `<field> <asc|desc>` list over
 *   the entity's sortable properties (id, columns and formulas);
 *
 * and on an operation whose result holds a client-shaped entity, the query
 * parameter `fetcherCode` (string): `minLength: 1`. A rule the author wrote
 * (`Int & Minimum<1>`) is kept: only a missing keyword is added.
 *
 * @module
 */

import type {
  Constraints,
  ParameterModel,
  TypeRef,
} from "../model/api_model.ts";
import { MAX_INTEGER } from "../model/constraints.ts";
import { hasDynamic } from "../model/server_errors.ts";

/** The sortable properties of an entity, by entity name. */
export type SortableProperties = (entity: string) => readonly string[];

/** `parameters` with the rules of the store arguments among them added. */
export function withStoreParameterRules(
  parameters: readonly ParameterModel[],
  result: TypeRef,
  sortable: SortableProperties,
): ParameterModel[] {
  const entity = pageEntity(result);
  const query = (name: string, type: string) =>
    parameters.find((p) =>
      p.in === "query" && p.name === name && p.type.kind === "primitive" &&
      p.type.name === type
    );
  const rules = new Map<ParameterModel, Constraints>();
  if (entity !== undefined) {
    const pageSize = query("pageSize", "integer");
    const pageIndex = query("pageIndex", "integer");
    const sortCode = query("sortCode", "string");
    const sizeMax = pageSize === undefined
      ? undefined
      : pageSize.constraints?.maximum ?? pageSize.constraints?.exclusiveMaximum;
    if (pageIndex !== undefined) {
      rules.set(pageIndex, {
        minimum: 0,
        ...(sizeMax === undefined
          ? {}
          : { maximum: Math.floor(MAX_INTEGER / sizeMax) }),
      });
    }
    if (pageSize !== undefined) rules.set(pageSize, { minimum: 1 });
    if (sortCode !== undefined) {
      rules.set(sortCode, { pattern: sortCodePattern(sortable(entity)) });
    }
  }
  const fetcherCode = query("fetcherCode", "string");
  if (fetcherCode !== undefined && hasDynamic(result)) {
    rules.set(fetcherCode, { minLength: 1 });
  }
  return parameters.map((p) => {
    const added = rules.get(p);
    return added === undefined ? p : {
      ...p,
      constraints: withMissing(p.constraints ?? {}, added),
    };
  });
}

/**
 * The expression of a sort code over `properties`: comma-separated terms
 * `<property>` or `<property> <asc|desc>` (any case), spaces around them,
 * empty terms allowed, as `parseSortCode` reads it (with spaces only, not
 * other white space).
 */
export function sortCodePattern(properties: readonly string[]): string {
  const names = properties.map((p) => p.replace(/[$]/g, "\\$")).join("|");
  const term = `(?:${names})(?: +(?:[Aa][Ss][Cc]|[Dd][Ee][Ss][Cc]))?`;
  return `^ *(?:${term} *)?(?:, *(?:${term} *)?)*$`;
}

/** `constraints` with the keywords of `added` it lacks (an exclusive bound counts). */
function withMissing(
  constraints: Constraints,
  added: Constraints,
): Constraints {
  const out: Record<string, unknown> = { ...constraints };
  const has = (key: string) =>
    out[key] !== undefined ||
    (key === "minimum" && out.exclusiveMinimum !== undefined) ||
    (key === "maximum" && out.exclusiveMaximum !== undefined);
  for (const [key, value] of Object.entries(added)) {
    if (!has(key)) out[key] = value;
  }
  return out as Constraints;
}

/** The entity of a `Page<T>` result's rows, when they are an entity's. */
function pageEntity(type: TypeRef): string | undefined {
  if (type.kind !== "static" || type.name !== "Page") return undefined;
  const row = type.args[0];
  if (row === undefined) return undefined;
  if (row.kind === "fetched" || row.kind === "dynamic") return row.entity;
  return row.kind === "object" ? row.entity : undefined;
}
