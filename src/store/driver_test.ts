import assert from "node:assert/strict";
import { type Driver, sqliteDriver } from "./driver.ts";

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
