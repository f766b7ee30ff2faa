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

/** The prototype of the driver's rows: empty, frozen, without prototype. */
export const ROW_PROTOTYPE: object = Object.freeze(Object.create(null));

/** A prepared statement and how its rows become objects. */
interface Prepared {
  /** Runs it: every row, keyed by column name as `StatementSync.all` keys it. */
  readonly all: (values: SQLInputValue[]) => Row[];
}

/**
 * A driver on `node:sqlite`: `path` is a file (created when missing) or
 * `:memory:`. Foreign keys are enforced. Statements are prepared once per
 * SQL text (up to {@link STATEMENT_CACHE_SIZE}, then the oldest goes).
 */
export function sqliteDriver(path: string): Driver {
  const database = new DatabaseSync(path);
  database.exec("PRAGMA foreign_keys = ON");
  const statements = new Map<string, Prepared>();
  const prepared = (sql: string): Prepared => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = prepare(database.prepare(sql));
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
        return Promise.resolve(prepared(sql).all(values));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    close: () => database.close(),
  };
}

/**
 * Rows read as arrays and keyed here: node:sqlite builds an array row
 * faster than an object row, and the keys (the column names, in order, a
 * later column of the same name winning) are known once per statement.
 * Like node:sqlite's rows they inherit no property (`constructor`,
 * `__proto__`...); their prototype is {@link ROW_PROTOTYPE}, an empty
 * object without prototype, rather than `null`, which would make every row
 * a slow dictionary object.
 * `driver_test.ts` checks the rows equal `StatementSync.all`'s.
 */
function prepare(statement: StatementSync): Prepared {
  // Not in the node:sqlite types Deno ships yet; older runtimes lack it.
  const { setReturnArrays } = statement as {
    setReturnArrays?: (enabled: boolean) => void;
  };
  if (typeof setReturnArrays !== "function") {
    return { all: (values) => statement.all(...values) as Row[] };
  }
  setReturnArrays.call(statement, true);
  const names = statement.columns().map((column) => column.name);
  const count = names.length;
  return {
    all(values) {
      const rows = statement.all(...values) as unknown as unknown[][];
      const objects = new Array<Row>(rows.length);
      for (let r = 0; r < rows.length; r++) {
        const row = rows[r]!;
        const object: Record<string, unknown> = Object.create(ROW_PROTOTYPE);
        for (let i = 0; i < count; i++) object[names[i]!] = row[i];
        objects[r] = object;
      }
      return objects;
    },
  };
}
