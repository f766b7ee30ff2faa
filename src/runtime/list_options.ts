/**
 * Options of a to-many association that choose WHICH children are loaded,
 * not their shape: `orderBy`, `limit` and `offset`, applied per parent
 * (`.books(fetcher(Book).name(), { orderBy: { prop: "price", desc: true },
 * limit: 2 })`). Their checks, their text form (`books(orderBy: price desc,
 * limit: 2)`) and the in-memory slice `applyFetcher` takes.
 *
 * @module
 */

import type { EntityMetadata, PropertyMetadata } from "./entity.ts";
import type { AssociationTarget, ScalarKeys } from "./fetcher_types.ts";

/** One term of an association's order: a scalar property of the child. */
export interface OrderTerm<P extends string = string> {
  /** The child's scalar property to order by. */
  readonly prop: P;
  /** Descending when true; ascending by default. */
  readonly desc?: boolean;
}

/**
 * The options of a to-many association, for a child of type `T`: which
 * children each parent gets. They never change the shape.
 */
export interface ListOptions<P extends string = string> {
  /** One term or several, the first deciding first; the id breaks ties. */
  readonly orderBy?: OrderTerm<P> | readonly OrderTerm<P>[];
  /** At most this many children per parent (a non-negative integer). */
  readonly limit?: number;
  /** Children skipped per parent before the first one kept. */
  readonly offset?: number;
}

/**
 * `orderBy`, `limit` and `offset` of the association property type `T`:
 * for a to-many one, ordered by the child's scalar properties; `never` for
 * a to-one, which takes none.
 */
export type ListOptionsOf<T> = NonNullable<T> extends readonly unknown[]
  ? ListOptions<ScalarKeys<AssociationTarget<T>>>
  : never;

/** What the list options add to a recursive selection's options. */
export type RecursiveListOptions<T> = NonNullable<T> extends readonly unknown[]
  ? ListOptionsOf<T>
  : unknown;

/** The checked, normalized options a selection keeps. */
export interface ListSelection {
  /** Order terms; empty for the id order. */
  readonly orderBy: readonly OrderTerm[];
  /** Children kept per parent; undefined for all. */
  readonly limit?: number;
  /** Children skipped per parent; 0 when absent. */
  readonly offset: number;
}

/**
 * The list selection of a DSL selector's `options` for the association
 * `property` of `owner` to `target` entities; undefined without any.
 *
 * @throws TypeError naming a bad option (see {@link listSelection}).
 */
export function listSelectionOf(
  options: ListOptions,
  target: EntityMetadata,
  property: Extract<PropertyMetadata, { kind: "association" }>,
  owner: string,
): ListSelection | undefined {
  const given = ["orderBy", "limit", "offset"].some((key) => key in options);
  return given
    ? listSelection(
      options,
      target,
      property.association !== "many-to-one",
      `${owner}.${property.name}`,
    )
    : undefined;
}

/**
 * Checks the list options of the association `where` (`Owner.property`) to
 * entities of `target`; their normal form, undefined when they keep every
 * child in the id order (no term, no limit, offset 0).
 *
 * @throws TypeError naming the bad option.
 */
export function listSelection(
  options: ListOptions,
  target: EntityMetadata,
  many: boolean,
  where: string,
): ListSelection | undefined {
  if (!many) {
    throw new TypeError(
      `${where} is not a list: orderBy, limit and offset are for to-many associations`,
    );
  }
  const count = (name: "limit" | "offset") => {
    const value = options[name];
    if (value === undefined) return undefined;
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new TypeError(
        `${where}: ${name} must be a non-negative integer, got ${
          String(value)
        }`,
      );
    }
    return value;
  };
  const terms = options.orderBy === undefined
    ? []
    : Array.isArray(options.orderBy)
    ? options.orderBy
    : [options.orderBy as OrderTerm];
  const orderBy = terms.map((term: OrderTerm) => {
    const property = target.properties.get(term?.prop);
    if (property === undefined || property.kind === "association") {
      throw new TypeError(
        `${where}: orderBy needs a scalar property of ${target.name}, got ${
          String(term?.prop)
        }`,
      );
    }
    return term.desc === true ? { prop: term.prop, desc: true } : {
      prop: term.prop,
    };
  });
  const limit = count("limit");
  const offset = count("offset") ?? 0;
  if (orderBy.length === 0 && limit === undefined && offset === 0) {
    return undefined;
  }
  return {
    orderBy,
    ...(limit === undefined ? {} : { limit }),
    offset,
  };
}

/**
 * The options of an association selection in the text form, `""` for none:
 * `(recursive)`, `(depth: 3, limit: 2)`, `(orderBy: price desc, limit: 2)`.
 */
export function optionsText(
  recursive: { readonly depth?: number } | undefined,
  list: ListSelection | undefined,
): string {
  const options = [
    ...(recursive === undefined
      ? []
      : recursive.depth === undefined
      ? ["recursive"]
      : [`depth: ${recursive.depth}`]),
    ...(list === undefined ? [] : listText(list)),
  ];
  return options.length === 0 ? "" : `(${options.join(", ")})`;
}

function listText(list: ListSelection): string[] {
  return [
    ...list.orderBy.map((term) =>
      `orderBy: ${term.prop}${term.desc ? " desc" : ""}`
    ),
    ...(list.limit === undefined ? [] : [`limit: ${list.limit}`]),
    ...(list.offset === 0 ? [] : [`offset: ${list.offset}`]),
  ];
}

/**
 * The children one parent keeps: ordered by the terms (a stable sort, so
 * equal ones keep their order; absent values first, as SQLite orders NULL),
 * then `offset` skipped and at most `limit` kept.
 */
export function sliceList<T>(items: readonly T[], list: ListSelection): T[] {
  const sorted = list.orderBy.length === 0
    ? [...items]
    : [...items].sort((a, b) => compareBy(a, b, list.orderBy));
  const end = list.limit === undefined ? undefined : list.offset + list.limit;
  return sorted.slice(list.offset, end);
}

function compareBy(
  a: unknown,
  b: unknown,
  terms: readonly OrderTerm[],
): number {
  for (const { prop, desc } of terms) {
    const order = compareValues(valueOf(a, prop), valueOf(b, prop));
    if (order !== 0) return desc ? -order : order;
  }
  return 0;
}

function valueOf(item: unknown, prop: string): unknown {
  return typeof item === "object" && item !== null
    ? (item as Record<string, unknown>)[prop]
    : undefined;
}

function compareValues(a: unknown, b: unknown): number {
  const absentA = a === null || a === undefined;
  const absentB = b === null || b === undefined;
  if (absentA || absentB) return absentA === absentB ? 0 : absentA ? -1 : 1;
  const [x, y] = a instanceof Date && b instanceof Date
    ? [a.getTime(), b.getTime()]
    : [a as number, b as number];
  return x < y ? -1 : x > y ? 1 : 0;
}
