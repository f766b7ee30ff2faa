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
import { StoreBusyError, StoreOpenError } from "./store_errors.ts";
import type { Dialect } from "./dialect.ts";
import { SqliteReaders } from "./sqlite_readers.ts";
import { StatementCosts } from "./statement_costs.ts";
import { inDevVersion, isDevReload } from "../dev/dev_models.ts";

/** One result row, keyed by column alias. */
export type Row = Readonly<Record<string, unknown>>;

/** Runs statements: a driver, or one transaction of it. */
export interface Runner {
  /** Runs a statement and returns every row it yields (none for DML). */
  all(sql: string, params: readonly unknown[]): Promise<Row[]>;
}

/**
 * Runs statements on one database. Asynchronous so remote engines fit;
 * {@link sqliteDriver} is here, `postgresDriver` in `postgres_driver.ts`.
 */
export interface Driver extends Runner {
  /** The SQL its engine speaks (default: SQLite's). */
  readonly dialect?: Dialect;
  /**
   * Opens the database and checks it can be used, before the first
   * statement (the store calls it first; `all` opens too when needed).
   * Rejects with a StoreOpenError naming the database and what to do.
   */
  open?(): Promise<void>;
  /**
   * Runs `work` in one transaction that holds the database's write lock
   * from its start (so two processes seeding one database run one after
   * the other); commits when it resolves, rolls back when it rejects.
   */
  transaction<T>(work: (runner: Runner) => Promise<T>): Promise<T>;
  /** Releases the database. */
  close(): Promise<void>;
}

/** Options of {@link sqliteDriver}. */
export interface SqliteDriverOptions {
  /**
   * How long a statement waits for a lock another connection holds before
   * it fails with a StoreBusyError (503). Default
   * {@link DEFAULT_BUSY_TIMEOUT_MS}.
   */
  readonly busyTimeoutMs?: number;
  /**
   * Reader threads of a database file: SELECTs outside a transaction run
   * on them, each on its own connection, so a long statement never holds
   * the event loop. 0 runs everything on the calling thread (always so for
   * `:memory:`). Default {@link DEFAULT_SQLITE_READERS}; 0 in an app that
   * `tailor dev` runs, where each reloaded version would start its own
   * threads (about 1 s a reload).
   */
  readonly readers?: number;
  /**
   * How long a statement on a reader thread may run before it fails with
   * a StoreTimeoutError (503) and its thread is replaced. Default
   * {@link DEFAULT_STATEMENT_TIMEOUT_MS}.
   */
  readonly statementTimeoutMs?: number;
}

/**
 * Default of {@link SqliteDriverOptions.readers}: one core left to the
 * event loop (1 on 2 cores: with 2 readers busy on 2 cores, `/helloworld`'s
 * p99 was 280 ms instead of 68 under 4 clients of the widest page), at most 4.
 */
export const DEFAULT_SQLITE_READERS: number = Math.min(
  4,
  Math.max(1, navigator.hardwareConcurrency - 1),
);

/** Default of {@link SqliteDriverOptions.busyTimeoutMs}: 5 s. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/**
 * Default statement time limit of a read (`statementTimeoutMs` of the
 * store and of `postgresDriver`): 500 ms. The fetcher budget's cost limits
 * keep real requests far below it; it stops what they cannot foresee.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 500;

/**
 * SQLite's own busy_timeout: how long one attempt may block the thread
 * (node:sqlite is synchronous). Longer waits go back to the event loop
 * between attempts, so a lock held elsewhere never freezes the server.
 */
const BLOCKING_WAIT_MS = 10;

/** Pause between attempts on a locked database, growing up to the last. */
const RETRY_PAUSES_MS = [5, 10, 20, 50, 100];

/** Prepared statements kept per driver (the store's SQL repeats). */
const STATEMENT_CACHE_SIZE = 256;

/** The prototype of the driver's rows: empty, frozen, without prototype. */
export const ROW_PROTOTYPE: object = Object.freeze(Object.create(null));

/** A prepared statement and how its rows become objects. */
interface Prepared {
  /** Runs it: every row, keyed by column name as `StatementSync.all` keys it. */
  readonly all: (values: SQLInputValue[]) => Row[];
}

/** Said by an in-memory store that a reload of `tailor dev` opened. */
export const IN_MEMORY_RELOAD =
  "warning: the reloaded app opened an in-memory SQLite store: it starts over, without what the last version wrote; keep the store in a file (or PostgreSQL) to keep its data across reloads";

/**
 * A driver on `node:sqlite`: `path` is a file (created when missing) or
 * `:memory:`. A file is put in WAL mode (readers never wait for a writer,
 * a crash loses no committed transaction). Foreign keys are enforced.
 * Statements are prepared once per SQL text (up to
 * {@link STATEMENT_CACHE_SIZE}, then the oldest goes). A statement that
 * meets another connection's lock is tried again, off the event loop,
 * until `busyTimeoutMs`; then it fails with a StoreBusyError. A file's
 * SELECTs outside transactions run on reader threads
 * ({@link SqliteDriverOptions.readers}), but for those a reader has found
 * cheap lately (`statement_costs.ts`: a round trip to a reader costs more
 * than they do), which run on the calling thread while no transaction is
 * open there; writes and transactions on the calling thread.
 */
export function sqliteDriver(
  path: string,
  options: SqliteDriverOptions = {},
): Driver {
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  const readerCount = path === ":memory:"
    ? 0
    : options.readers ?? (inDevVersion() ? 0 : DEFAULT_SQLITE_READERS);
  const statementTimeoutMs = options.statementTimeoutMs ??
    DEFAULT_STATEMENT_TIMEOUT_MS;
  for (
    const [name, value, min] of [
      ["busyTimeoutMs", busyTimeoutMs, 0],
      ["readers", readerCount, 0],
      ["statementTimeoutMs", statementTimeoutMs, 1],
    ] as const
  ) {
    if (!Number.isSafeInteger(value) || value < min) {
      throw new TypeError(
        `${name} must be an integer of at least ${min}, got ${value}`,
      );
    }
  }
  let readers: SqliteReaders | undefined;
  const costs = new StatementCosts();
  /** Transactions open on this thread's connection. */
  let transactions = 0;
  let database: DatabaseSync | undefined;
  let opened: Promise<void> | undefined;
  let closed = false;
  const statements = new Map<string, Prepared>();
  const prepared = (sql: string): Prepared => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = prepare(database!.prepare(sql));
      if (statements.size >= STATEMENT_CACHE_SIZE) {
        statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
    }
    return statement;
  };
  const retrying = <T>(attempt: () => T) =>
    untilFree(attempt, path, busyTimeoutMs);
  const open = () =>
    opened ??= retrying(() => {
      checkRegularFile(path);
      database ??= openDatabase(path);
      if (path === ":memory:" && isDevReload()) console.error(IN_MEMORY_RELOAD);
      if (path !== ":memory:") {
        // Reads the header: "file is not a database" shows here.
        database.exec("PRAGMA journal_mode = WAL");
      }
      database.prepare("SELECT COUNT(*) FROM sqlite_master").all();
    }).then(async () => {
      if (readerCount === 0) return;
      readers = new SqliteReaders({
        path,
        size: readerCount,
        busyTimeoutMs,
        statementTimeoutMs,
        toRows: keyedRows,
        onRun: (sql, ms) => costs.record(sql, ms, true),
      });
      await readers.ready();
    }).catch((error) => {
      throw unusable(path, error);
    });
  /** Runs a statement on this thread's connection. */
  const here = (sql: string, params: readonly unknown[]) => {
    const values = params.map((p) => (p ?? null) as SQLInputValue);
    if (database === undefined) {
      return open().then(() => retrying(() => prepared(sql).all(values)));
    }
    return retrying(() => prepared(sql).all(values));
  };
  const all = (sql: string, params: readonly unknown[]): Promise<Row[]> => {
    if (database === undefined) return open().then(() => all(sql, params));
    if (readers === undefined || !READ.test(sql)) return here(sql, params);
    // Never inside another request's transaction: it would read its writes.
    if (transactions === 0 && costs.isCheap(sql)) {
      const started = performance.now();
      // Its first attempt runs now (a busy file's later ones are not timed).
      const rows = here(sql, params);
      const ms = performance.now() - started;
      return rows.then((found) => {
        costs.record(sql, ms, false);
        return found;
      });
    }
    return readers.run(
      sql,
      params.map((p) => p ?? null),
    ) as Promise<Row[]>;
  };
  return {
    open,
    all,
    // One connection: the transaction is the driver itself between BEGIN
    // IMMEDIATE (the write lock at once) and COMMIT; its reads see its
    // writes, so they run here too.
    async transaction(work) {
      transactions++;
      try {
        await here("BEGIN IMMEDIATE", []);
        try {
          const result = await work({ all: here });
          await here("COMMIT", []);
          return result;
        } catch (error) {
          await here("ROLLBACK", []).catch(() => {});
          throw error;
        }
      } finally {
        transactions--;
      }
    },
    close() {
      if (!closed) {
        readers?.close();
        database?.close();
      }
      closed = true;
      return Promise.resolve();
    },
  };
}

/** A statement that only reads (the store's SELECTs, with or without WITH). */
const READ = /^\s*(SELECT|WITH)\b/i;

/**
 * Throws when `path` exists but is not a regular file (`/dev/null`, a
 * folder): SQLite would fail later with "disk I/O error".
 */
function checkRegularFile(path: string): void {
  if (path === ":memory:") return;
  let info: Deno.FileInfo;
  try {
    info = Deno.statSync(path);
  } catch {
    return; // created when missing; other problems show when opening
  }
  if (!info.isFile) {
    throw new Error(
      `it is not a regular file (${
        info.isDirectory ? "a folder" : "a device or special file"
      })`,
    );
  }
}

function openDatabase(path: string): DatabaseSync {
  const database = new DatabaseSync(path);
  database.exec(`PRAGMA busy_timeout = ${BLOCKING_WAIT_MS}`);
  database.exec("PRAGMA foreign_keys = ON");
  return database;
}

/** A failure to open `path` as a StoreOpenError (a busy one stays as is). */
function unusable(path: string, error: unknown): Error {
  if (error instanceof StoreBusyError) return error;
  const reason = (error as Error).message.replace(/: \/.*$/, "");
  const hint = /unable to open/.test(reason)
    ? "check that its folder exists and is writable"
    : "give another file (a new one is created), or restore this one from a backup";
  return new StoreOpenError(path, reason, hint);
}

/** Whether SQLite refused because another connection holds a lock. */
function isBusy(error: unknown): boolean {
  return error instanceof Error &&
    /^database (schema )?is locked/.test(error.message);
}

/**
 * Runs `attempt` now; while it fails because the database is locked, again
 * after a pause (the event loop runs meanwhile), until `timeoutMs` have
 * passed: then a StoreBusyError. Other failures reject at once.
 */
function untilFree<T>(
  attempt: () => T,
  path: string,
  timeoutMs: number,
): Promise<T> {
  try {
    return Promise.resolve(attempt());
  } catch (error) {
    if (!isBusy(error)) return Promise.reject(error);
  }
  const deadline = performance.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    let tries = 0;
    const next = () => {
      const left = deadline - performance.now();
      if (left <= 0) {
        reject(new StoreBusyError(path, timeoutMs));
        return;
      }
      const pause = RETRY_PAUSES_MS[tries] ?? RETRY_PAUSES_MS.at(-1)!;
      tries++;
      setTimeout(() => {
        try {
          resolve(attempt());
        } catch (error) {
          if (isBusy(error)) next();
          else reject(error);
        }
      }, Math.min(pause, left));
    };
    next();
  });
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
  return {
    all: (values) =>
      keyedRows(names, statement.all(...values) as unknown as unknown[][]),
  };
}

/**
 * Rows read as arrays keyed by `names` (a later column of the same name
 * winning), each inheriting from {@link ROW_PROTOTYPE}.
 */
function keyedRows(names: readonly string[], rows: unknown[][]): Row[] {
  const count = names.length;
  const objects = new Array<Row>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const object: Record<string, unknown> = Object.create(ROW_PROTOTYPE);
    for (let i = 0; i < count; i++) object[names[i]!] = row[i];
    objects[r] = object;
  }
  return objects;
}
