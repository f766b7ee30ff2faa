/**
 * One reader of {@link SqliteReaders}: a worker thread with its own
 * `node:sqlite` connection to the database file (WAL: it reads the last
 * committed state while the main connection writes), running the SELECTs
 * it is sent, so a long statement never holds the server's event loop.
 *
 * Messages in: `{ open: { path, busyTimeoutMs } }` once, then
 * `{ sql, params }`. Messages out: `{ opened: true }` or `{ opened: false,
 * error }` once, then per statement `{ names, rows, ms }` (rows as arrays,
 * `ms` the statement's own run time) or `{ error, busy }`.
 *
 * @module
 */

import {
  DatabaseSync,
  type SQLInputValue,
  type StatementSync,
} from "node:sqlite";

/** Prepared statements kept (the store's SQL repeats). */
const CACHE_SIZE = 256;

interface Prepared {
  readonly statement: StatementSync;
  readonly names: readonly string[];
}

let database: DatabaseSync | undefined;
const statements = new Map<string, Prepared>();

function prepared(sql: string): Prepared {
  let found = statements.get(sql);
  if (found === undefined) {
    const statement = database!.prepare(sql);
    (statement as unknown as { setReturnArrays(on: boolean): void })
      .setReturnArrays(true);
    const names = statement.columns().map((column) => column.name);
    found = { statement, names };
    if (statements.size >= CACHE_SIZE) {
      statements.delete(statements.keys().next().value!);
    }
    statements.set(sql, found);
  }
  return found;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

self.onmessage = (event: MessageEvent) => {
  const data = event.data;
  if (data.open !== undefined) {
    try {
      database = new DatabaseSync(data.open.path);
      // Blocks this thread only: the server's event loop goes on.
      database.exec(`PRAGMA busy_timeout = ${data.open.busyTimeoutMs}`);
      database.exec("PRAGMA query_only = ON");
      self.postMessage({ opened: true });
    } catch (error) {
      database = undefined;
      self.postMessage({ opened: false, error: message(error) });
    }
    return;
  }
  if (database === undefined) {
    self.postMessage({ error: "the reader could not open the database" });
    return;
  }
  try {
    const { statement, names } = prepared(data.sql);
    const started = performance.now();
    const rows = statement.all(...(data.params as SQLInputValue[]));
    self.postMessage({ names, rows, ms: performance.now() - started });
  } catch (error) {
    const text = message(error);
    self.postMessage({
      error: text,
      busy: /^database (schema )?is locked/.test(text),
    });
  }
};
