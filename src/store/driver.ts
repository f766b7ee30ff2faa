/**
 * The connection seam: runs SQL text with positional parameters. The store
 * only talks to a {@link Driver}; {@link sqliteDriver} is the built-in one on
 * `node:sqlite` (no native addon).
 *
 * @module
 */

import {
  DatabaseSync,
  type SQLInputValue,
  type StatementSync,
} from "node:sqlite";

/** One result row, keyed by column alias. */
export type Row = Readonly<Record<string, unknown>>;

/** Runs statements on one database. Asynchronous so remote engines fit. */
export interface Driver {
  /** Runs a statement and returns every row it yields (none for DML). */
  all(sql: string, params: readonly unknown[]): Promise<Row[]>;
  /** Releases the database. */
  close(): void;
}

/** Prepared statements kept per driver (the store's SQL repeats). */
const STATEMENT_CACHE_SIZE = 256;

/**
 * A driver on `node:sqlite`: `path` is a file (created when missing) or
 * `:memory:`. Foreign keys are enforced. Statements are prepared once per
 * SQL text (up to {@link STATEMENT_CACHE_SIZE}, then the oldest goes).
 */
export function sqliteDriver(path: string): Driver {
  const database = new DatabaseSync(path);
  database.exec("PRAGMA foreign_keys = ON");
  const statements = new Map<string, StatementSync>();
  const prepared = (sql: string): StatementSync => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = database.prepare(sql);
      if (statements.size >= STATEMENT_CACHE_SIZE) {
        statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
    }
    return statement;
  };
  return {
    all(sql, params) {
      try {
        const values = params.map((p) => (p ?? null) as SQLInputValue);
        return Promise.resolve(prepared(sql).all(...values) as Row[]);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    close: () => database.close(),
  };
}
