/**
 * Sort codes, the spec's `<field> <asc|desc>` list (`name asc, edition
 * desc`), checked against an entity's sortable properties, and the typed
 * error the store raises for any query argument that does not fit.
 *
 * @module
 */

import type { EntityMetadata } from "../runtime/entity.ts";
import { HttpError } from "../runtime/http_error.ts";

/**
 * A query argument the store cannot accept (unknown sort field, negative
 * page index...). The server answers it with a 400 `{ error: "bad-request",
 * parameter, message }`: `argument` (the `parameter`) names the store
 * argument (`sortCode`, `pageIndex`, `pageSize`, `where`, `limit`,
 * `offset`, `values`), `message` says what is wrong.
 */
export class StoreQueryError extends HttpError {
  /** The store argument that was refused. */
  readonly argument: string;

  /** An error about `argument`: a 400 naming it when a handler throws it. */
  constructor(argument: string, message: string) {
    super(400, { error: "bad-request", parameter: argument, message }, message);
    this.name = "StoreQueryError";
    this.argument = argument;
  }
}

/** One term of a sort code. */
export interface SortTerm {
  /** Property to sort by (id, scalar or formula). */
  readonly property: string;
  /** Direction. */
  readonly descending: boolean;
}

/**
 * Most terms of a sort code: more is a 400 (SQLite refuses an `ORDER BY`
 * of 2,000 terms; every term makes each comparison of the sort dearer).
 */
export const MAX_SORT_TERMS = 16;

/**
 * Parses a sort code; directions are `asc` (default) or `desc`, any case.
 * An empty code sorts by nothing.
 *
 * @throws StoreQueryError naming `argument` for an unknown or
 * non-sortable field, a bad direction, or more than
 * {@link MAX_SORT_TERMS} terms.
 */
export function parseSortCode(
  metadata: EntityMetadata,
  sortCode: string,
  argument = "sortCode",
): SortTerm[] {
  const terms = sortCode.split(",").map((part) => part.trim()).filter(Boolean);
  if (terms.length > MAX_SORT_TERMS) {
    throw new StoreQueryError(
      argument,
      `${argument} has ${terms.length} terms; at most ${MAX_SORT_TERMS}`,
    );
  }
  const parsed = terms.map((term) => {
    const [property = "", direction = "asc", ...rest] = term.split(/\s+/);
    const kind = metadata.properties.get(property)?.kind;
    if (kind === undefined || kind === "association") {
      throw new StoreQueryError(
        argument,
        `cannot sort ${metadata.name} by "${
          clip(property)
        }": sortable fields are ${sortableProperties(metadata).join(", ")}`,
      );
    }
    const lower = direction.toLowerCase();
    if ((lower !== "asc" && lower !== "desc") || rest.length > 0) {
      throw new StoreQueryError(
        argument,
        `"${clip(term)}" is not "<field> asc" or "<field> desc"`,
      );
    }
    return { property, descending: lower === "desc" };
  });
  return significant(parsed, metadata.idProperty);
}

/**
 * The terms that can change an order: a repeated property's later terms
 * and every term after the id (unique) are dropped, so a code of many
 * repeated terms costs the engine no more than the distinct ones.
 */
function significant(terms: SortTerm[], idProperty: string): SortTerm[] {
  const seen = new Set<string>();
  const kept: SortTerm[] = [];
  for (const term of terms) {
    if (seen.has(term.property)) continue;
    seen.add(term.property);
    kept.push(term);
    if (term.property === idProperty) break;
  }
  return kept;
}

/** Properties an entity can be sorted by: id, scalars and formulas. */
export function sortableProperties(metadata: EntityMetadata): string[] {
  return [...metadata.properties.values()]
    .filter((property) => property.kind !== "association")
    .map((property) => property.name);
}

/** Keeps echoed user input short. */
function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}
