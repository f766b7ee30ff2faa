import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { type Driver, ROW_PROTOTYPE, sqliteDriver } from "./driver.ts";
import { databaseFile } from "./store_errors.ts";

/** The rows of a statement as plain objects (node:sqlite gives null-prototype ones). */
async function rows(driver: Driver, sql: string): Promise<unknown[]> {
  return (await driver.all(sql, [])).map((row) => ({ ...row }));
}

Deno.test("sqlite driver: a statement run again, and after many others, gives fresh rows", async () => {
  const driver = sqliteDriver(":memory:");
  await driver.all("CREATE TABLE t (n INTEGER)", []);
  const insert = "INSERT INTO t (n) VALUES (?)";
  const sum = "SELECT SUM(n) AS s FROM t";
  await driver.all(insert, [1]);
  assert.deepEqual(await rows(driver, sum), [{ s: 1 }]);
  await driver.all(insert, [2]);
  assert.deepEqual(await rows(driver, sum), [{ s: 3 }]);
  // More distinct statements than the cache keeps.
  for (let i = 0; i < 300; i++) {
    assert.deepEqual(await rows(driver, `SELECT ${i} AS i`), [{ i }]);
  }
  await driver.all(insert, [3]);
  assert.deepEqual(await rows(driver, sum), [{ s: 6 }]);
  await assert.rejects(driver.all("SELECT nope FROM t", []));
  driver.close();
});

Deno.test("sqlite driver: rows equal StatementSync.all's (order, duplicates, odd names, types)", async () => {
  const path = await Deno.makeTempFile({ suffix: ".db" });
  try {
    const driver = sqliteDriver(path);
    await driver.all(
      "CREATE TABLE t (id INTEGER PRIMARY KEY, n, r REAL, s TEXT, b BLOB)",
      [],
    );
    const insert = "INSERT INTO t (n, r, s, b) VALUES (?, ?, ?, ?)";
    await driver.all(insert, [1, 1.5, "one", new Uint8Array([1, 2])]);
    await driver.all(insert, [null, undefined, "", null]);
    await driver.all(insert, [2 ** 40, -0.25, "x'y", new Uint8Array()]);
    const direct = new DatabaseSync(path);
    for (
      const sql of [
        "SELECT * FROM t ORDER BY id",
        'SELECT id AS "__proto__", n AS "constructor", s AS "@ref.x" FROM t',
        "SELECT n AS a, s AS a, r AS z, id AS b FROM t", // a repeated name
        "SELECT COUNT(*) OVER () AS total, id FROM t LIMIT 2",
        "SELECT id FROM t WHERE id > 99",
      ]
    ) {
      const ours = await driver.all(sql, []);
      const theirs = direct.prepare(sql).all();
      // Same keys in the same order, same values; nothing inherited.
      assert.deepEqual(
        ours.map((row) => ({ ...row })),
        theirs.map((row) => ({ ...row })),
        sql,
      );
      assert.deepEqual(
        ours.map((row) => Object.keys(row)),
        theirs.map((row) => Object.keys(row)),
        sql,
      );
      for (const row of ours) {
        assert.equal(Object.getPrototypeOf(row), ROW_PROTOTYPE);
        for (
          const name of [
            "constructor",
            "toString",
            "__proto__",
            "hasOwnProperty",
          ]
        ) {
          assert.equal(name in row, Object.hasOwn(row, name), name);
        }
      }
    }
    direct.close();
    driver.close();
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("--db :memory: is the in-memory database, not a file of that name", () => {
  assert.equal(databaseFile(":memory:"), ":memory:");
  assert.match(databaseFile("books.db"), /^\/.*\/books\.db$/);
  assert.throws(() => databaseFile("file:x.db?mode=ro"), /file: URIs/);
});
