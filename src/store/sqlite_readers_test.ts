/**
 * A SQLite file's SELECTs run on reader threads: the event loop goes on
 * while one runs, a statement past the time limit is a 503 store-timeout
 * and its reader is replaced, writes and transactions stay on the main
 * connection (a transaction reads its own writes), and readers see every
 * committed write.
 */
import assert from "node:assert/strict";
import { sqliteDriver } from "./driver.ts";
import { StoreTimeoutError } from "./store_errors.ts";

/** A SELECT that runs for about half a second on this machine. */
const SLOW =
  "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000) SELECT COUNT(*) AS c FROM n";

/** A SELECT as slow as its parameter says (1,000,000: about SLOW). */
const COUNT_TO =
  "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) SELECT COUNT(*) AS c FROM n";

/** Whether `run` held the event loop: a 1 ms timer set before it fired after. */
async function holdsTheLoop(run: () => Promise<unknown>): Promise<boolean> {
  const order: string[] = [];
  const timer = new Promise((resolve) => setTimeout(resolve, 1)).then(() =>
    order.push("timer")
  );
  await run().then(() => order.push("select"));
  await timer;
  return order[0] === "select";
}

async function withFile(
  fn: (path: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "tailor_readers_" });
  try {
    await fn(`${dir}/readers.db`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("readers: the event loop goes on while a SELECT runs", () =>
  withFile(async (path) => {
    const driver = sqliteDriver(path, { statementTimeoutMs: 60_000 });
    try {
      await driver.open!();
      const order: string[] = [];
      const slow = driver.all(SLOW, []).then(() => order.push("select"));
      await new Promise((resolve) => setTimeout(resolve, 1));
      order.push("timer");
      await slow;
      assert.deepEqual(order, ["timer", "select"]);
      // With no reader, the statement holds the thread: the timer is late.
      const inline = sqliteDriver(path, { readers: 0 });
      const held: string[] = [];
      await inline.open!();
      const timer = new Promise((resolve) => setTimeout(resolve, 1)).then(
        () => held.push("timer"),
      );
      await inline.all(SLOW, []).then(() => held.push("select"));
      await timer;
      assert.deepEqual(held, ["select", "timer"]);
      await inline.close();
    } finally {
      await driver.close();
    }
  }));

Deno.test("readers: a SELECT past statementTimeoutMs is a 503 and its reader is replaced", () =>
  withFile(async (path) => {
    const driver = sqliteDriver(path, { statementTimeoutMs: 20, readers: 1 });
    try {
      await driver.open!();
      await assert.rejects(driver.all(SLOW, []), (error) => {
        assert.ok(error instanceof StoreTimeoutError, String(error));
        assert.equal(error.status, 503);
        assert.equal(error.headers["retry-after"], "1");
        return true;
      });
      // The one reader was replaced: the next statement is answered.
      assert.deepEqual(
        [...await driver.all("SELECT 41 + 1 AS n", [])].map((r) => r.n),
        [42],
      );
    } finally {
      await driver.close();
    }
  }));

Deno.test("readers: writes stay on the main connection, committed ones are read", () =>
  withFile(async (path) => {
    const driver = sqliteDriver(path);
    try {
      await driver.all("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)", []);
      await driver.all("INSERT INTO t (v) VALUES (?) RETURNING id", ["a"]);
      assert.deepEqual(
        (await driver.all("SELECT v FROM t", [])).map((r) => r.v),
        ["a"],
      );
      // Inside a transaction, its reads see its writes.
      const seen = await driver.transaction(async (runner) => {
        await runner.all("INSERT INTO t (v) VALUES (?)", ["b"]);
        return (await runner.all("SELECT COUNT(*) AS n FROM t", []))[0]!.n;
      });
      assert.equal(seen, 2);
      assert.deepEqual(
        (await driver.all("SELECT v FROM t ORDER BY id", [])).map((r) => r.v),
        ["a", "b"],
      );
      // A reader cannot write, even when asked with a SELECT-looking text.
      await assert.rejects(
        driver.all("WITH x AS (SELECT 1) DELETE FROM t", []),
        /readonly|query_only|attempt to write/i,
      );
    } finally {
      await driver.close();
    }
  }));

Deno.test("readers: a SELECT proven cheap runs on the event loop's connection, back on a reader after one slow run, never inside a transaction", () =>
  withFile(async (path) => {
    const driver = sqliteDriver(path, { statementTimeoutMs: 60_000 });
    try {
      await driver.open!();
      // Three cheap runs on a reader prove it.
      for (let i = 0; i < 3; i++) await driver.all(COUNT_TO, [10]);
      // Now it runs here: slow this time, it holds the loop, once.
      assert.equal(await holdsTheLoop(() => driver.all(COUNT_TO, [1e6])), true);
      assert.equal(
        await holdsTheLoop(() => driver.all(COUNT_TO, [1e6])),
        false,
      );
      // A transaction's writes are not read by another request's SELECT.
      await driver.all("CREATE TABLE t (id INTEGER PRIMARY KEY)", []);
      await driver.all("INSERT INTO t (id) VALUES (1)", []);
      const count = "SELECT COUNT(*) AS n FROM t";
      for (let i = 0; i < 3; i++) await driver.all(count, []);
      const outside = await driver.transaction(async (runner) => {
        await runner.all("INSERT INTO t (id) VALUES (2)", []);
        return (await driver.all(count, []))[0]!.n;
      });
      assert.equal(outside, 1);
      assert.equal((await driver.all(count, []))[0]!.n, 2);
    } finally {
      await driver.close();
    }
  }));
