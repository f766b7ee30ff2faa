/**
 * `server.ts --db postgres://...` as real processes: several servers on one
 * database (seeded once, the same artifacts, the same data), a SIGTERM
 * that drains the requests under way while the other server answers, and
 * PostgreSQL stopped and started again under a running server.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { bookstoreStore } from "./fixtures/bookstore/data.ts";
import { Book } from "./fixtures/bookstore/entities.ts";
import { postgresDriver } from "./src/store/postgres_driver.ts";
import { testWithTool, type Tool } from "./src/testing/needs_tool.ts";
import {
  POSTGRES_TOOL,
  TEST_POSTGRES_URL,
} from "./src/testing/store_engines.ts";
import {
  baseUrlOf,
  serverProcess,
  type Started,
} from "./src/testing/server_process.ts";

/** Rows of the whole seed: stores, authors, books, book-author pairs. */
const SEEDED = { book_store: 3, author: 8, book: 12, book_authors: 16 };

const SERVE = ["--port", "0", "--quiet", "--skip-type-check"];

/** A new database on the test server, dropped afterwards; `work` gets its URL. */
async function withDatabase(work: (url: string) => Promise<void>) {
  const name = `tailor_server_${Deno.pid}_${Date.now()}`;
  const admin = postgres(TEST_POSTGRES_URL!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  try {
    const url = new URL(TEST_POSTGRES_URL!);
    url.pathname = `/${name}`;
    await work(url.href);
  } finally {
    await admin.unsafe(`DROP DATABASE "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

/** A running server.ts and how to stop it. */
interface Server extends Started {
  readonly child: Deno.ChildProcess;
  readonly stderr: Promise<string>;
}

/** Starts server.ts with `args` (its database among them, or in `env`). */
async function startServer(
  args: string[],
  env: Record<string, string> = {},
): Promise<Server> {
  const child = serverProcess([...SERVE, ...args], env);
  const stderr = new Response(child.stderr).text();
  try {
    return { ...await baseUrlOf(child), child, stderr };
  } catch (error) {
    child.kill("SIGKILL");
    await child.status;
    throw new Error(`${error}: ${await stderr}`);
  }
}

async function stop(server: Server): Promise<void> {
  try {
    server.child.kill("SIGTERM");
  } catch {
    // Already ended.
  }
  await server.child.status;
  await server.output();
  await server.stderr;
}

/** Rows per table of the bookstore in the database of `url`. */
async function rowCounts(url: string): Promise<typeof SEEDED> {
  const driver = postgresDriver(url, { poolSize: 1 });
  try {
    const count = async (table: string) =>
      Number(
        (await driver.all(`SELECT COUNT(*) AS n FROM "${table}"`, []))[0]!.n,
      );
    return {
      book_store: await count("book_store"),
      author: await count("author"),
      book: await count("book"),
      book_authors: await count("book_authors"),
    };
  } finally {
    await driver.close();
  }
}

testWithTool(POSTGRES_TOOL, {
  name:
    "postgres: two servers started at once seed once, serve the same artifacts and the same data",
  fn: () =>
    withDatabase(async (url) => {
      // Each seed waits 1 s halfway inside its transaction: they overlap.
      // One server is given --db, the other DATABASE_URL; 3 connections
      // each.
      const paused = { TAILOR_SEED_PAUSE_MS: "1000" };
      const servers = await Promise.all([
        startServer(["--db", url, "--db-pool", "3"], paused),
        startServer(["--db-pool", "3"], { ...paused, DATABASE_URL: url }),
      ]);
      try {
        assert.deepEqual(await rowCounts(url), SEEDED);
        const [a, b] = servers as [Server, Server];
        for (
          const path of ["/openapi.yml", "/ts.zip", "/java-http-client.zip"]
        ) {
          const [fromA, fromB] = await Promise.all(
            [a, b].map((server) => fetch(`${server.base}${path}`)),
          );
          assert.equal(fromA!.status, 200, path);
          assert.ok(fromA!.headers.get("etag"), path);
          assert.equal(fromA!.headers.get("etag"), fromB!.headers.get("etag"));
          assert.deepEqual(
            new Uint8Array(await fromA!.arrayBuffer()),
            new Uint8Array(await fromB!.arrayBuffer()),
            path,
          );
        }
        // A write by another instance of the store is read by both.
        const writer = bookstoreStore({ driver: postgresDriver(url) });
        const id = await writer.insert(Book, {
          name: "Shared Notes",
          edition: 1,
          price: 12.5,
          tenant: "a",
          store: 2,
          authors: [1],
        });
        await writer.close();
        assert.equal(id, 13);
        const [bookA, bookB] = await Promise.all(
          [a, b].map(async (server) =>
            await (await fetch(`${server.base}/book/${id}`)).json()
          ),
        );
        assert.deepEqual(bookA, bookB);
        assert.equal(bookA.name, "Shared Notes");
        assert.equal(bookA.store.name, "MANNING");
        // Many requests at once: at most --db-pool connections each.
        await Promise.all(
          [a, b].flatMap((server) =>
            Array.from({ length: 20 }, async () => {
              const page = await fetch(`${server.base}/books?pageSize=20`);
              assert.equal(page.status, 200);
              await page.body?.cancel();
            })
          ),
        );
        const driver = postgresDriver(url, { poolSize: 1 });
        const [{ n }] = await driver.all(
          "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'tailor' AND pid <> pg_backend_pid()",
          [],
        ) as [{ n: number }];
        await driver.close();
        assert.ok(n >= 2 && n <= 6, `${n} connections`);
      } finally {
        await Promise.all(servers.map(stop));
      }
    }),
});

testWithTool(POSTGRES_TOOL, {
  name:
    "postgres: SIGTERM answers the requests under way, the other server keeps answering",
  fn: () =>
    withDatabase(async (url) => {
      const [a, b] = await Promise.all([
        startServer([
          "--db",
          url,
          "--db-busy-timeout",
          "20000",
          // PostgreSQL counts a lock wait in statement_timeout too.
          "--db-statement-timeout",
          "20000",
        ]),
        startServer(["--db", url]),
      ]);
      const locker = postgres(url, { max: 1, onnotice: () => {} });
      const release = Promise.withResolvers<void>();
      const locked = Promise.withResolvers<void>();
      try {
        // Stores locked: /book/1 (which reads its store) waits on A.
        const holding = locker.begin(async (tx) => {
          await tx.unsafe("LOCK TABLE book_store");
          locked.resolve();
          await release.promise;
        });
        await locked.promise;
        const underWay = fetch(`${a.base}/book/1`).catch((error) => error);
        await new Promise((resolve) => setTimeout(resolve, 500));
        a.child.kill("SIGTERM");
        await new Promise((resolve) => setTimeout(resolve, 500));
        const other = await fetch(`${b.base}/books?pageSize=20`);
        assert.equal(other.status, 200);
        assert.equal((await other.json()).totalRowCount, 12);
        release.resolve();
        await holding;
        const answer = await underWay;
        assert.ok(answer instanceof Response, String(answer));
        assert.equal(answer.status, 200);
        assert.equal((await answer.json()).store.name, "O'REILLY");
        assert.equal((await a.child.status).code, 0);
        assert.equal((await fetch(`${b.base}/book/1`)).status, 200);
      } finally {
        release.resolve();
        await locker.end();
        await Promise.all([stop(a), stop(b)]);
      }
    }),
});

/** The test cluster's folder, for `.ci/postgres stop|start DIR`. */
const CLUSTER_DIR = Deno.env.get("TAILOR_TEST_POSTGRES_DIR");

/** A cluster the tests may stop and start (`.ci/run` starts one). */
const CLUSTER: Tool = {
  problem: POSTGRES_TOOL.problem ??
    (CLUSTER_DIR === undefined
      ? "TAILOR_TEST_POSTGRES_DIR is not set"
      : undefined),
  requiredBy: "REQUIRE_POSTGRES",
  install:
    "start the cluster with .ci/postgres start DIR and set TAILOR_TEST_POSTGRES_DIR=DIR (.ci/run does)",
};

async function cluster(command: "start" | "stop"): Promise<void> {
  const script = fileURLToPath(new URL("./.ci/postgres", import.meta.url));
  const { code, stderr } = await new Deno.Command("bash", {
    args: [script, command, CLUSTER_DIR!],
    stdout: "null",
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
}

testWithTool(CLUSTER, {
  name:
    "postgres: stopped under a running server, 503s with Retry-After, then answers again without a restart",
  fn: () =>
    withDatabase(async (url) => {
      const server = await startServer(["--db", url]);
      try {
        assert.equal((await fetch(`${server.base}/book/1`)).status, 200);
        await cluster("stop");
        try {
          for (let i = 0; i < 3; i++) {
            const down = await fetch(`${server.base}/book/1`);
            assert.equal(down.status, 503);
            assert.ok(Number(down.headers.get("retry-after")) >= 1);
            const body = await down.json();
            assert.equal(body.error, "store-unavailable");
            assert.equal(typeof body.retryAfter, "number");
          }
          assert.equal((await fetch(`${server.base}/helloworld`)).status, 200);
        } finally {
          await cluster("start");
        }
        const deadline = Date.now() + 15_000;
        let status = 0;
        while (status !== 200 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          const response = await fetch(`${server.base}/book/1`);
          status = response.status;
          await response.body?.cancel();
        }
        assert.equal(status, 200, "answers again once PostgreSQL is back");
      } finally {
        await stop(server);
      }
    }),
});
