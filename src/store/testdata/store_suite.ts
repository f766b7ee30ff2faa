/** What the store's tests on both engines share. */

import assert from "node:assert/strict";
import { bookstoreStore } from "../../../fixtures/bookstore/data.ts";
import type { TestDatabase } from "../../testing/store_engines.ts";
import type { Store } from "../store.ts";
import { StoreQueryError } from "../sort_code.ts";
import { sqliteDialect } from "../dialect.ts";
import { postgresDialect } from "../postgres_dialect.ts";

/** The seeded bookstore and the SQL of every statement run after seeding. */
export async function bookstore(database: TestDatabase) {
  const statements: string[] = [];
  const store = bookstoreStore({
    driver: database.driver(),
    onStatement: (sql) => statements.push(sql),
  });
  await store.ready();
  statements.length = 0;
  return { store, statements };
}

/** The dialect of a test database's engine. */
export const dialectOf = (database: TestDatabase) =>
  database.engine === "sqlite" ? sqliteDialect : postgresDialect;

/** Statements a call runs. */
export async function counted<T>(
  store: Store,
  call: () => Promise<T>,
): Promise<[T, number]> {
  const before = store.statementCount;
  const result = await call();
  return [result, store.statementCount - before];
}

export function refusedWith(argument: string, message: RegExp) {
  return (error: unknown) => {
    assert(error instanceof StoreQueryError, String(error));
    assert.equal(error.argument, argument);
    assert.match(error.message, message);
    return true;
  };
}
