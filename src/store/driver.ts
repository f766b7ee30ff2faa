/**
 * The connection seam: runs SQL text with positional parameters. The store
 * only talks to a {@link Driver}; {@link sqliteDriver} is the built-in one on
 * `node:sqlite` (no native addon).
 *
 * @module
 */

import { DatabaseSync, type SQLInputValue } from "node:sqlite";

/** One result row, keyed by column alias. */
export type Row = Readonly<Record<string, unknown>>;

/** Runs statements on one database. Asynchronous so remote engines fit. */
export interface Driver {
  /** Runs a statement and returns every row it yields (none for DML). */
  all(sql: string, params: readonly unknown[]): Promise<Row[]>;
  /** Releases the database. */
  close(): void;
}

/**
 * A driver on `node:sqlite`: `path` is a file (created when missing) or
 * `:memory:`. Foreign keys are enforced.
 */
export function sqliteDriver(path: string): Driver {
  const database = new DatabaseSync(path);
  database.exec("PRAGMA foreign_keys = ON");
  return {
    all(sql, params) {
      try {
        const values = params.map((p) => (p ?? null) as SQLInputValue);
        return Promise.resolve(database.prepare(sql).all(...values) as Row[]);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    close: () => database.close(),
  };
}
