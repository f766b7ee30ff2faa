/**
 * The SQL dialect seam: everything that differs between SQL engines in the
 * statements the store writes (identifier quoting, placeholders, list
 * membership, column types, paging). Another engine plugs in by providing
 * one more {@link Dialect}; {@link sqliteDialect} is here,
 * `postgresDialect` in `postgres_dialect.ts`.
 *
 * @module
 */

/** Declared type of a column; untyped columns keep values as given. */
export type ColumnType = "integer" | "real" | "text" | "boolean";

/** What the store needs to know to write SQL for one engine. */
export interface Dialect {
  /** Quotes an identifier (table, column or alias). */
  quote(identifier: string): string;
  /** The placeholder of the n-th parameter (1-based). */
  placeholder(index: number): string;
  /**
   * A condition "expression is one of the list", the list bound as ONE
   * parameter (so a batch of any size is one statement).
   */
  inList(expression: string, placeholder: string): string;
  /** Encodes a list of values as the single parameter of {@link inList}. */
  listParameter(values: readonly unknown[]): unknown;
  /**
   * Column type in DDL; empty when the engine may leave it out, undefined
   * when the engine needs a declared type (`columnTypes` of the store).
   */
  columnType(type: ColumnType | undefined): string | undefined;
  /** Type of an id column in DDL: an integer one is assigned when left out. */
  idColumnType(type: ColumnType | undefined): string | undefined;
  /**
   * A statement to run after a row was inserted with its id given, so that
   * later ids assigned by the engine do not collide with it; undefined when
   * the engine needs none.
   */
  afterGivenId(table: string, idColumn: string): string | undefined;
  /** `LIMIT`/`OFFSET` clause; either part may be absent. */
  limitOffset(limit: string | undefined, offset: string | undefined): string;
  /** Encodes a value for a column of this type. */
  encode(value: unknown, type: ColumnType | undefined): unknown;
  /** Decodes a value read from a column of this type. */
  decode(value: unknown, type: ColumnType | undefined): unknown;
  /**
   * A table named so that a `WITH` clause of the same name does not shadow
   * it (`main."book"`): how a filtered table's clause reads the real one.
   */
  baseTable(name: string): string;
  /**
   * A query of the columns a table has now, one row each (`name`), the
   * table's name its one parameter: the store adds the nullable columns an
   * existing table lacks (none without it).
   */
  readonly columnsQuery?: string;
}

/** SQLite (node:sqlite): lists bound as JSON arrays, booleans as 0/1. */
export const sqliteDialect: Dialect = {
  quote: (identifier) => `"${identifier.replaceAll('"', '""')}"`,
  placeholder: () => "?",
  inList: (expression, placeholder) =>
    `${expression} IN (SELECT value FROM json_each(${placeholder}))`,
  listParameter: (values) => JSON.stringify(values),
  columnType: (type) => type === undefined ? "" : SQLITE_TYPES[type],
  // INTEGER PRIMARY KEY is the rowid: assigned when left out, never reused.
  idColumnType: (type) => sqliteDialect.columnType(type),
  afterGivenId: () => undefined,
  limitOffset: (limit, offset) =>
    offset === undefined
      ? (limit === undefined ? "" : `LIMIT ${limit}`)
      : `LIMIT ${limit ?? "-1"} OFFSET ${offset}`,
  encode: (value) => typeof value === "boolean" ? (value ? 1 : 0) : value,
  decode: (value, type) =>
    type === "boolean" && typeof value === "number" ? value !== 0 : value,
  baseTable: (name) => `main.${sqliteDialect.quote(name)}`,
  columnsQuery: "SELECT name FROM pragma_table_info(?)",
};

const SQLITE_TYPES: Record<ColumnType, string> = {
  integer: "INTEGER",
  real: "REAL",
  text: "TEXT",
  boolean: "INTEGER",
};
