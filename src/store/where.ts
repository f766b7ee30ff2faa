/**
 * Equality filters on an entity's columns (`{ tenant: "a", store: 2,
 * id: [1, 2] }`) rendered as SQL conditions with bound parameters.
 *
 * @module
 */

import type { Dialect } from "./dialect.ts";
import type { EntityTable, Schema } from "./schema.ts";
import { StoreQueryError } from "./sort_code.ts";

/** A value to compare with: equal to, `null` (is null), or one of a list. */
export type WhereValue =
  | string
  | number
  | boolean
  | null
  | readonly (string | number | boolean)[];

/**
 * Conditions on an entity, all of which must hold. Keys are ids, scalars,
 * formulas and many-to-one associations (compared by the target's id).
 */
export type Where<E = unknown> = unknown extends E
  ? Readonly<Record<string, WhereValue | undefined>>
  : { readonly [K in keyof E & string]?: WhereValue };

/** Collects bound parameters and hands out their placeholders. */
export class SqlParams {
  /** Values in placeholder order. */
  readonly values: unknown[] = [];
  readonly #dialect: Dialect;

  /** Parameters written for `dialect`. */
  constructor(dialect: Dialect) {
    this.#dialect = dialect;
  }

  /** Binds a value; returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return this.#dialect.placeholder(this.values.length);
  }
}

/**
 * SQL conditions for `where` on `table` aliased `alias`.
 *
 * @throws StoreQueryError (argument `where`) for a key that is not a
 * column of the entity or a value that is not a plain scalar or list.
 */
export function whereConditions(
  schema: Schema,
  dialect: Dialect,
  table: EntityTable,
  alias: string,
  where: object,
  params: SqlParams,
): string[] {
  const { metadata } = table;
  return Object.entries(where).flatMap(([key, value]) => {
    if (value === undefined) return [];
    const expression = columnExpression(schema, dialect, table, alias, key);
    const type = schema.columnType(metadata, key);
    if (value === null) return [`${expression} IS NULL`];
    if (Array.isArray(value) && value.every(isPlain)) {
      const list = value.map((v) => dialect.encode(v, type));
      return [
        dialect.inList(expression, params.add(dialect.listParameter(list))),
      ];
    }
    if (!isPlain(value)) {
      throw new StoreQueryError(
        "where",
        `${metadata.name}.${key}: compare with a string, number, boolean, null or a list of them`,
      );
    }
    return [`${expression} = ${params.add(dialect.encode(value, type))}`];
  });
}

/** The SQL expression of a property: its column, or its formula. */
export function columnExpression(
  schema: Schema,
  dialect: Dialect,
  table: EntityTable,
  alias: string,
  name: string,
): string {
  const property = table.metadata.properties.get(name);
  switch (property?.kind) {
    case "id":
    case "scalar":
      return `${alias}.${dialect.quote(property.column)}`;
    case "formula":
      return `(${
        schema.formula(table.metadata, name, property.sql)
          .replaceAll("%alias", alias)
      })`;
    case "association": {
      const link = schema.link(table.metadata, property);
      if (link.kind === "reference") {
        return `${alias}.${dialect.quote(link.column)}`;
      }
    }
  }
  throw new StoreQueryError(
    "where",
    `${table.metadata.name} has no column "${name}" to filter on`,
  );
}

/** Whether a value binds as a plain scalar (finite numbers only). */
export function isPlain(value: unknown): value is string | number | boolean {
  return typeof value === "string" || typeof value === "boolean" ||
    (typeof value === "number" && Number.isFinite(value));
}
