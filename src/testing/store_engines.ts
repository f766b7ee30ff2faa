/**
 * One store test suite on every engine: {@link engineTest} registers a test
 * once per engine (`name [sqlite]`, `name [postgres]`), each run on a new
 * empty database. PostgreSQL is the server of `TAILOR_TEST_POSTGRES` (a
 * `postgres://` URL; `.ci/run` starts one), each test in a schema of its
 * own; without it the PostgreSQL runs are ignored, or fail under
 * `REQUIRE_POSTGRES=1`.
 *
 * @module
 */

import type { Driver } from "../store/driver.ts";
import { sqliteDriver } from "../store/driver.ts";
import { postgresDriver } from "../store/postgres_driver.ts";
import { testWithTool, type Tool } from "./needs_tool.ts";

/** The URL of the PostgreSQL server the tests may use, if any. */
export const TEST_POSTGRES_URL: string | undefined = (() => {
  try {
    return Deno.env.get("TAILOR_TEST_POSTGRES") || undefined;
  } catch {
    return undefined;
  }
})();

/** PostgreSQL as a tool the tests need. */
export const POSTGRES_TOOL: Tool = {
  problem: TEST_POSTGRES_URL === undefined
    ? "TAILOR_TEST_POSTGRES is not set"
    : undefined,
  requiredBy: "REQUIRE_POSTGRES",
  install:
    "start a PostgreSQL server and set TAILOR_TEST_POSTGRES=postgres://user@127.0.0.1:PORT/DB (.ci/run does)",
};

/** A new empty database of one engine. */
export interface TestDatabase {
  /** `sqlite` or `postgres`. */
  readonly engine: EngineName;
  /** A new driver on this database (closed when the test ends). */
  driver(
    options?: { busyTimeoutMs?: number; statementTimeoutMs?: number },
  ): Driver;
}

/** The engines the store runs on. */
export type EngineName = "sqlite" | "postgres";

/** Registers `name` once per engine; `fn` gets a new empty database. */
export function engineTest(
  name: string,
  fn: (database: TestDatabase) => Promise<void>,
): void {
  Deno.test(`${name} [sqlite]`, () => withSqlite(fn));
  postgresTest(`${name} [postgres]`, fn);
}

/**
 * Registers `name` on PostgreSQL alone (behaviour only it has); `fn` gets
 * a new empty database.
 */
export function postgresTest(
  name: string,
  fn: (database: TestDatabase) => Promise<void>,
): void {
  testWithTool(POSTGRES_TOOL, {
    name,
    fn: () => withPostgres(TEST_POSTGRES_URL!, fn),
  });
}

async function withSqlite(
  fn: (database: TestDatabase) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "tailor_store_" });
  const drivers: Driver[] = [];
  try {
    await fn({
      engine: "sqlite",
      driver: ({ statementTimeoutMs: _, ...options } = {}) => {
        const driver = sqliteDriver(`${dir}/store.db`, options);
        drivers.push(driver);
        return driver;
      },
    });
  } finally {
    for (const driver of drivers) await driver.close();
    await Deno.remove(dir, { recursive: true });
  }
}

/** Schemas made so far by this process (unique per test). */
let schemas = 0;

async function withPostgres(
  url: string,
  fn: (database: TestDatabase) => Promise<void>,
): Promise<void> {
  const schema = `tailor_test_${Deno.pid}_${++schemas}`;
  const admin = postgresDriver(url, { poolSize: 1 });
  await admin.all(`CREATE SCHEMA "${schema}"`, []);
  const drivers: Driver[] = [];
  try {
    await fn({
      engine: "postgres",
      driver: (options = {}) => {
        const driver = postgresDriver(url, { ...options, schema, poolSize: 4 });
        drivers.push(driver);
        return driver;
      },
    });
  } finally {
    for (const driver of drivers) await driver.close();
    await admin.all(`DROP SCHEMA "${schema}" CASCADE`, []);
    await admin.close();
  }
}
