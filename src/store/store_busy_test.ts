/**
 * A database locked by another process: reads go on (WAL), a write waits
 * up to the busy timeout without blocking the event loop, then fails with
 * a 503 StoreBusyError; once the lock is released the store works again.
 */
import assert from "node:assert/strict";
import { bookstoreStore } from "../../fixtures/bookstore/data.ts";
import { Book, BookStore } from "../../fixtures/bookstore/entities.ts";
import { holdLock } from "../testing/hold_lock.ts";
import { StoreBusyError } from "./store_errors.ts";

Deno.test("store: a lock held elsewhere is a 503 after the busy timeout, the event loop free meanwhile", async () => {
  const dir = await Deno.makeTempDir({ prefix: "tailor_busy_" });
  const path = `${dir}/shop.db`;
  const store = bookstoreStore({ path, busyTimeoutMs: 400 });
  try {
    await store.ready();
    const lock = await holdLock(path);
    try {
      assert.equal(await store.count(Book), 12, "reads do not wait (WAL)");
      let ticks = 0;
      const timer = setInterval(() => ticks++, 10);
      const started = performance.now();
      const error = await store.insert(BookStore, { name: "X", website: null })
        .then(() => undefined, (e: unknown) => e);
      const waited = performance.now() - started;
      clearInterval(timer);
      assert.ok(error instanceof StoreBusyError, String(error));
      assert.equal(error.status, 503);
      assert.equal(error.headers["retry-after"], "1");
      assert.equal((error.body as { error: string }).error, "store-busy");
      assert.match(error.message, /shop\.db is busy/);
      assert.ok(waited >= 380 && waited < 3000, `${waited} ms`);
      assert.ok(ticks >= 10, `the event loop ran ${ticks} times`);
      // A store starting on the locked file cannot seed: busy, not a crash.
      const second = bookstoreStore({ path, busyTimeoutMs: 200 });
      await assert.rejects(second.ready(), StoreBusyError);
      second.close();
    } finally {
      await lock.release();
    }
    await store.insert(BookStore, { name: "X", website: null });
    assert.equal(await store.count(BookStore), 4);
  } finally {
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
});
