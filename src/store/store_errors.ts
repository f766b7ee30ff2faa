/**
 * The store's errors about its database rather than a query: a database
 * that cannot be used (start-up), and one locked by someone else for longer
 * than the busy timeout (a 503 when a request meets it).
 *
 * @module
 */

import { resolve } from "node:path";
import { HttpError } from "../runtime/http_error.ts";

/**
 * The database cannot be used: the file cannot be opened or created, is
 * not a database, is damaged, or is a URL of an engine not supported yet.
 * The message is one line naming the file and what to do.
 */
export class StoreOpenError extends Error {
  /** About the file `path`: `reason` went wrong; `hint` says what to do. */
  constructor(path: string, reason: string, hint: string) {
    super(`cannot use the database ${path}: ${reason}; ${hint}`);
    this.name = "StoreOpenError";
  }
}

/** Seconds a client is told to wait (`Retry-After`) after a 503 busy. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * Another connection held the database's lock for longer than the busy
 * timeout. A request meeting it answers 503 `{ error: "store-busy",
 * message, retryAfter }` with `Retry-After`; at start-up it is one line.
 */
export class StoreBusyError extends HttpError {
  /** The lock on `path` was still held after `waitedMs`. */
  constructor(path: string, waitedMs: number) {
    const message =
      `the database ${path} is busy: another connection held its lock for more than ${waitedMs} ms; try again when it is released`;
    super(
      503,
      {
        error: "store-busy",
        message: "the database is busy; try again shortly",
        retryAfter: BUSY_RETRY_AFTER_SECONDS,
      },
      message,
      { "retry-after": String(BUSY_RETRY_AFTER_SECONDS) },
    );
    this.name = "StoreBusyError";
  }
}

/**
 * The file a `--db` argument names, made absolute; a URL (`postgres://...`)
 * is a {@link StoreOpenError}: only SQLite files are supported yet.
 */
export function databaseFile(argument: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(argument)) {
    throw new StoreOpenError(
      argument.replace(/\/\/[^@/]*@/, "//***@"),
      "only SQLite files are supported yet, not URLs",
      "give the path of a SQLite file (created when missing)",
    );
  }
  return resolve(argument);
}
