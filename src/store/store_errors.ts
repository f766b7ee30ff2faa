/**
 * The store's errors about its database rather than a query: a database
 * that cannot be used (start-up), one locked by someone else for longer
 * than the busy timeout, and one that cannot be reached (both a 503 when a
 * request meets them).
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

/**
 * A table lacks a column its entity declares (the entity changed since the
 * database was made) that cannot be added to the rows it has: a `NOT NULL`
 * one. One line at start-up naming the property and what to do.
 */
export class StoreSchemaError extends Error {
  /** `table` lacks `column`, which `property` (`Book.subtitle`) needs. */
  constructor(table: string, column: string, property: string) {
    super(
      `the table ${table} has no column ${column}, which ${property} needs, and a NOT NULL column cannot be added to the rows it has: make ${property} nullable, or migrate the database (or start a new one)`,
    );
    this.name = "StoreSchemaError";
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
 * The database cannot be reached now (a lost connection, a server that is
 * down or restarting). A request meeting it answers 503 `{ error:
 * "store-unavailable", message, retryAfter }` with `Retry-After`; the
 * driver tries again with a growing pause meanwhile.
 */
export class StoreUnavailableError extends HttpError {
  /** `database` cannot be reached (`reason`); try again in `retryAfter` s. */
  constructor(database: string, reason: string, retryAfter: number) {
    super(
      503,
      {
        error: "store-unavailable",
        message: "the database cannot be reached; try again shortly",
        retryAfter,
      },
      `the database ${database} cannot be reached: ${reason}`,
      { "retry-after": String(retryAfter) },
    );
    this.name = "StoreUnavailableError";
  }
}

/** Seconds a client is told to wait (`Retry-After`) after a 503 timeout. */
export const TIMEOUT_RETRY_AFTER_SECONDS = 1;

/**
 * A read's statements ran longer than the store's statement time limit
 * (`statementTimeoutMs`; on PostgreSQL its `statement_timeout` cancelled
 * one). A request meeting it answers 503 `{ error: "store-timeout",
 * message, retryAfter, limit: "statementTimeoutMs", max }` with
 * `Retry-After`: the server was too busy, or the request asks for too much
 * work (a narrower one succeeds).
 */
export class StoreTimeoutError extends HttpError {
  /** The database work of one read took over `limitMs`. */
  constructor(limitMs: number) {
    super(
      503,
      {
        error: "store-timeout",
        message:
          `the database work of this request took more than ${limitMs} ms (statementTimeoutMs); ask for less or try again shortly`,
        retryAfter: TIMEOUT_RETRY_AFTER_SECONDS,
        limit: "statementTimeoutMs",
        max: limitMs,
      },
      `a read stopped after its statements ran more than ${limitMs} ms`,
      { "retry-after": String(TIMEOUT_RETRY_AFTER_SECONDS) },
    );
    this.name = "StoreTimeoutError";
  }
}

/** Whether a `--db` argument is a PostgreSQL URL rather than a file. */
export function isPostgresUrl(argument: string): boolean {
  return /^postgres(ql)?:\/\//i.test(argument);
}

/** A database URL with its password hidden, to be printed. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^@/:]*):[^@/]*@/, "//$1:***@");
}

/**
 * The file a `--db` argument names, made absolute, or `:memory:` for an
 * in-memory database; a SQLite `file:` URI and a URL of another engine than
 * PostgreSQL (`mysql://...`) are a {@link StoreOpenError}.
 */
export function databaseFile(argument: string): string {
  if (argument === ":memory:") return argument;
  if (/^file:/i.test(argument)) {
    throw new StoreOpenError(
      argument,
      "SQLite file: URIs are not supported (their options, such as mode=ro, would be taken as part of a file name)",
      "give the file's path; the store creates and seeds its tables, so it cannot be read-only",
    );
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(argument)) {
    throw new StoreOpenError(
      redactUrl(argument),
      "only SQLite files and postgres:// URLs are supported",
      "give the path of a SQLite file (created when missing) or a postgres:// URL",
    );
  }
  return resolve(argument);
}
