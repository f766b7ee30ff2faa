/**
 * A {@link Driver} on PostgreSQL through the `postgres` npm client
 * (porsager's, no dependency), loaded on first use only, so SQLite users
 * never load it. A pool of connections, statements prepared once per
 * connection, lists bound as one array parameter.
 *
 * @module
 */

import type { Sql } from "postgres";
import {
  DEFAULT_BUSY_TIMEOUT_MS,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  type Driver,
  type Row,
  type Runner,
} from "./driver.ts";
import { postgresDialect } from "./postgres_dialect.ts";
import { probePostgres } from "./postgres_probe.ts";
import {
  redactUrl,
  StoreBusyError,
  StoreOpenError,
  StoreTimeoutError,
  StoreUnavailableError,
} from "./store_errors.ts";

/** Options of {@link postgresDriver}. */
export interface PostgresDriverOptions {
  /** Most connections open at once. Default {@link DEFAULT_POOL_SIZE}. */
  readonly poolSize?: number;
  /**
   * How long a statement waits for a lock (`lock_timeout`) before it fails
   * with a StoreBusyError (503). Default {@link DEFAULT_BUSY_TIMEOUT_MS}.
   */
  readonly busyTimeoutMs?: number;
  /**
   * The server cancels a statement running longer (`statement_timeout`),
   * which fails with a StoreTimeoutError (503 `store-timeout`); seeding
   * transactions have none. Default `DEFAULT_STATEMENT_TIMEOUT_MS` (500).
   */
  readonly statementTimeoutMs?: number;
  /** Seconds to wait for a new connection. Default 10. */
  readonly connectTimeoutSeconds?: number;
  /** Schema searched first (`search_path`), for example one per test. */
  readonly schema?: string;
}

/** Default of {@link PostgresDriverOptions.poolSize}. */
export const DEFAULT_POOL_SIZE = 10;

/** First pause after a lost connection; it doubles up to the last. */
const FIRST_PAUSE_MS = 250;
const LAST_PAUSE_MS = 4000;

/** Key of the advisory lock a seeding transaction holds. */
const SEED_LOCK = "SELECT pg_advisory_xact_lock(hashtext('tailor store seed'))";

/** Errors of the client or the server that mean the server is not reachable. */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, shutting down)
]);

/** SQLSTATEs of a lock that was not had in time. */
const BUSY = new Set(["55P03", "40P01"]);

/** SQLSTATE of a statement cancelled by `statement_timeout`. */
const QUERY_CANCELED = "57014";

/**
 * A driver on the PostgreSQL database of `url`
 * (`postgres://user:password@host:port/database`). After a lost
 * connection, statements fail at once with a StoreUnavailableError (503)
 * during a pause that doubles (250 ms to 4 s) while the server stays away;
 * the first statement after it tries the server again, and one that works
 * ends the pauses. The seed's transaction holds an advisory lock, so
 * servers starting together on one database seed it once.
 */
export function postgresDriver(
  url: string,
  options: PostgresDriverOptions = {},
): Driver {
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  if (!Number.isSafeInteger(poolSize) || poolSize < 1) {
    throw new TypeError(`poolSize must be at least 1, got ${poolSize}`);
  }
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  const statementTimeoutMs = options.statementTimeoutMs ??
    DEFAULT_STATEMENT_TIMEOUT_MS;
  if (!Number.isSafeInteger(statementTimeoutMs) || statementTimeoutMs < 1) {
    throw new TypeError(
      `statementTimeoutMs must be at least 1, got ${statementTimeoutMs}`,
    );
  }
  const label = redactUrl(url);
  let sql: Sql | undefined;
  let opened: Promise<void> | undefined;
  let failures = 0;
  let pausedUntil = 0;
  /** A failure as the store's error: unreachable, busy, or as it is. */
  const translate = (error: unknown): unknown => {
    const code = (error as { code?: unknown })?.code;
    if (typeof code !== "string") return error;
    if (BUSY.has(code)) return new StoreBusyError(label, busyTimeoutMs);
    if (code === QUERY_CANCELED) {
      return new StoreTimeoutError(statementTimeoutMs);
    }
    if (!UNREACHABLE.has(code)) return error;
    const now = performance.now();
    // Statements that were under way together fail together: one try.
    if (now >= pausedUntil) {
      failures++;
      const pause = Math.min(
        FIRST_PAUSE_MS * 2 ** (failures - 1),
        LAST_PAUSE_MS,
      );
      pausedUntil = now + pause;
    }
    const retryAfter = Math.ceil((pausedUntil - now) / 1000);
    return new StoreUnavailableError(label, code, Math.max(retryAfter, 1));
  };
  // Promise chains, not async functions: one statement is the hot path of
  // every request, and each async layer costs a promise and a microtask.
  const run = (
    runner: Sql,
    text: string,
    params: readonly unknown[],
  ): Promise<Row[]> => {
    const left = pausedUntil - performance.now();
    if (left > 0) {
      return Promise.reject(
        new StoreUnavailableError(
          label,
          "waiting before the next try",
          Math.ceil(left / 1000),
        ),
      );
    }
    return runner.unsafe(text, params as never[], { prepare: true }).then(
      (rows) => {
        failures = 0;
        return rows as unknown as Row[];
      },
      (error) => {
        throw translate(error);
      },
    );
  };
  const connectTimeoutMs = (options.connectTimeoutSeconds ?? 10) * 1000;
  const open = () =>
    opened ??= (async () => {
      await probePostgres(url, label, connectTimeoutMs);
      const { default: postgres } = await import("postgres");
      sql = postgres(url, {
        max: poolSize,
        connect_timeout: options.connectTimeoutSeconds ?? 10,
        onnotice: () => {},
        // Counts (bigint) and averages (numeric) as numbers, as on SQLite.
        types: {
          number: {
            to: 1700,
            from: [20, 1700],
            parse: Number,
            serialize: String,
          },
        },
        connection: {
          application_name: "tailor",
          lock_timeout: busyTimeoutMs,
          statement_timeout: statementTimeoutMs,
          ...(options.schema === undefined
            ? {}
            : { search_path: options.schema }),
        },
      });
      // The client retries a connection closed during its start-up at once
      // and forever: a deadline ends that.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          sql?.end({ timeout: 0 }).catch(() => {});
          reject(new Error(`no answer within ${connectTimeoutMs} ms`));
        }, connectTimeoutMs);
      });
      await Promise.race([sql.unsafe("SELECT 1"), late]).catch(
        (error: Error) => {
          throw new StoreOpenError(
            label,
            error.message,
            "check that the server runs, the URL (user, password, database) and that the database exists",
          );
        },
      ).finally(() => clearTimeout(timer));
    })();
  const all = (text: string, params: readonly unknown[]): Promise<Row[]> =>
    sql === undefined
      ? open().then(() => run(sql!, text, params))
      : run(sql, text, params);
  return {
    dialect: postgresDialect,
    open,
    all,
    async transaction<T>(work: (runner: Runner) => Promise<T>): Promise<T> {
      if (sql === undefined) await open();
      try {
        return await sql!.begin(async (tx) => {
          // Seeding may take long (and wait for another server's seed).
          await tx.unsafe("SET LOCAL statement_timeout = 0");
          await tx.unsafe(SEED_LOCK);
          return await work({
            all: (text, params) => run(tx as unknown as Sql, text, params),
          });
        }) as T;
      } catch (error) {
        throw translate(error);
      }
    },
    close: async () => {
      await sql?.end({ timeout: 5 });
    },
  };
}
