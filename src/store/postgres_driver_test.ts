/**
 * What only the PostgreSQL driver does: a lock held elsewhere is a 503
 * store-busy after the busy timeout (`lock_timeout`), a server that cannot
 * be reached is a 503 store-unavailable with pauses growing between tries,
 * and a list is bound as one array parameter.
 */
import assert from "node:assert/strict";
import postgres from "postgres";
import { bookstoreStore } from "../../fixtures/bookstore/data.ts";
import { BookStore } from "../../fixtures/bookstore/entities.ts";
import { fetcher } from "../runtime/fetcher.ts";
import { postgresTest } from "../testing/store_engines.ts";
import { postgresDriver } from "./postgres_driver.ts";
import {
  redactUrl,
  StoreBusyError,
  StoreUnavailableError,
} from "./store_errors.ts";

postgresTest(
  "postgres: a lock held elsewhere is a 503 store-busy after the busy timeout",
  async (database) => {
    const statements: unknown[][] = [];
    const store = bookstoreStore({
      driver: database.driver({ busyTimeoutMs: 300 }),
      onStatement: (_sql, params) => statements.push([...params]),
    });
    await store.ready();
    // The list is one parameter: an array.
    statements.length = 0;
    const found = await store.list(fetcher(BookStore).name(), {
      where: { id: [1, 3] },
    });
    assert.deepEqual(found.map((row) => row.id), [1, 3]);
    assert.deepEqual(statements, [[[1, 3]]]);
    const holder = database.driver();
    let release = () => {};
    const released = new Promise<void>((resolve) => release = resolve);
    const locked = Promise.withResolvers<void>();
    const holding = holder.transaction(async (runner) => {
      await runner.all("LOCK TABLE book_store", []);
      locked.resolve();
      await released;
    });
    try {
      await locked.promise;
      const started = performance.now();
      const error = await store.count(BookStore).then(
        () => undefined,
        (e) => e,
      );
      assert.ok(error instanceof StoreBusyError, String(error));
      assert.equal(error.status, 503);
      assert.equal((error.body as { error: string }).error, "store-busy");
      assert.ok(performance.now() - started >= 250);
    } finally {
      release();
      await holding;
    }
    assert.equal(await store.count(BookStore), 3);
  },
);

Deno.test(
  "postgres: an unreachable server is a 503 store-unavailable, tried again after a pause",
  async () => {
    // Nothing listens on port 1.
    const driver = postgresDriver("postgres://user:secret@127.0.0.1:1/none");
    await assert.rejects(driver.open!(), /cannot use the database/);
    // Statements failing together are one try: the pause is the first one.
    const together = await Promise.all(
      [1, 2, 3, 4, 5].map(() => driver.all("SELECT 1", []).catch((e) => e)),
    );
    for (const error of together) {
      assert.ok(error instanceof StoreUnavailableError, String(error));
      assert.equal(error.headers["retry-after"], "1");
    }
    const first = together[0];
    assert.equal(first.status, 503);
    assert.equal(first.headers["retry-after"], "1");
    assert.match(
      first.message,
      /postgres:\/\/user:\*\*\*@127\.0\.0\.1:1\/none/,
    );
    // Within the pause no connection is tried: the answer comes at once.
    const started = performance.now();
    const second = await driver.all("SELECT 1", []).catch((e) => e);
    assert.ok(second instanceof StoreUnavailableError);
    assert.match(second.message, /waiting before the next try/);
    assert.ok(performance.now() - started < 50);
    await driver.close();
  },
);

Deno.test("redactUrl hides the password only", () => {
  assert.equal(
    redactUrl("postgres://me:s3cret@db:5432/books"),
    "postgres://me:***@db:5432/books",
  );
  assert.equal(redactUrl("postgres://db/books"), "postgres://db/books");
  // The client itself is imported lazily; the test imports it to be sure it
  // resolves from the import map.
  assert.equal(typeof postgres, "function");
});
