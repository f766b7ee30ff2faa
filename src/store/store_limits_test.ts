/**
 * A read's database work is bounded before and while it runs: deep
 * offsets and sorted or sliced to-many levels over their budget are a 422
 * `fetcher-budget` naming the limit, long sort codes a 400, and a read
 * whose statements run past the statement time limit a 503
 * `store-timeout`; on both engines.
 */
import assert from "node:assert/strict";
import { compileFetcher } from "../runtime/fetcher_compiler.ts";
import { FetcherBudgetError } from "../runtime/fetcher_budget.ts";
import { bookstoreStore } from "../../fixtures/bookstore/data.ts";
import type { BookstoreStoreOptions } from "../../fixtures/bookstore/data.ts";
import { Book } from "../../fixtures/bookstore/entities.ts";
import { BookController } from "../../fixtures/bookstore/book_controller.ts";
import {
  engineTest,
  postgresTest,
  type TestDatabase,
} from "../testing/store_engines.ts";
import { StoreQueryError } from "./sort_code.ts";
import { StoreTimeoutError } from "./store_errors.ts";

async function seeded(
  database: TestDatabase,
  options: BookstoreStoreOptions = {},
) {
  const store = bookstoreStore({ ...options, driver: database.driver() });
  await store.ready();
  return store;
}

function overBudget(limit: string, max: number) {
  return (error: unknown) => {
    assert.ok(error instanceof FetcherBudgetError, String(error));
    assert.equal(error.status, 422);
    assert.deepEqual(error.body, {
      error: "fetcher-budget",
      limit,
      max,
      message: (error.body as { message: string }).message,
    });
    return true;
  };
}

const SIMPLE = BookController.SIMPLE_FETCHER;

engineTest(
  "limits: an offset past maxOffset is a 422 naming it",
  async (database) => {
    const store = await seeded(database, { fetcherBudget: { maxOffset: 4 } });
    // Offset 4 (page 2 of 2) is allowed, offset 6 (page 3 of 2) is not.
    assert.equal((await store.page(SIMPLE, 2, 2)).rows.length, 2);
    await assert.rejects(store.page(SIMPLE, 3, 2), overBudget("maxOffset", 4));
    assert.equal((await store.list(SIMPLE, { offset: 4 })).length, 8);
    await assert.rejects(
      store.list(SIMPLE, { offset: 5 }),
      overBudget("maxOffset", 4),
    );
    // Per parent in a client fetcher's list.
    const sliced = (offset: number) =>
      compileFetcher(Book, `{ store { books(offset: ${offset}) { name } } }`);
    const found = await store.find(sliced(4), 1) as Book | undefined;
    assert.equal(found?.store?.books.length, 2);
    await assert.rejects(store.find(sliced(5), 1), overBudget("maxOffset", 4));
  },
);

engineTest(
  "limits: sorted or sliced levels rank at most maxSortedRows, all levels together",
  async (database) => {
    // Book 1's authors (1, 2) have three books each: 6 rows to rank.
    const ranked = compileFetcher(
      Book,
      "{ authors { books(orderBy: name desc, limit: 1) { name } } }",
    );
    const six = await seeded(database, { fetcherBudget: { maxSortedRows: 6 } });
    const book = await six.find(ranked, 1) as Book | undefined;
    assert.deepEqual(book?.authors.map((a) => a.books.length), [1, 1]);
    const five = await seeded(database, {
      fetcherBudget: { maxSortedRows: 5 },
    });
    await assert.rejects(five.find(ranked, 1), overBudget("maxSortedRows", 5));
    // Two sorted levels add up: 6 + 6 ranked rows.
    const twice = compileFetcher(
      Book,
      "{ authors { books(orderBy: price) { authors { books(orderBy: price) { name } } } } }",
    );
    const eleven = await seeded(database, {
      fetcherBudget: { maxSortedRows: 11 },
    });
    await assert.rejects(
      eleven.find(twice, 1),
      overBudget("maxSortedRows", 11),
    );
    // Unsorted levels rank nothing.
    const plain = compileFetcher(Book, "{ authors { books { name } } }");
    const whole = await five.find(plain, 1) as Book | undefined;
    assert.equal(whole?.authors.length, 2);
  },
);

engineTest(
  "limits: a sort code of more than 16 terms is a 400",
  async (database) => {
    const store = await seeded(database);
    const terms = (n: number) => Array(n).fill("price desc").join(", ");
    // Repeated terms change nothing and cost nothing: the first one counts.
    assert.deepEqual(
      (await store.page(SIMPLE, 0, 12, terms(16))).rows,
      (await store.page(SIMPLE, 0, 12, "price desc")).rows,
    );
    await assert.rejects(store.page(SIMPLE, 0, 5, terms(2001)), (error) => {
      assert.ok(error instanceof StoreQueryError);
      assert.deepEqual(error.body, {
        error: "bad-request",
        parameter: "sortCode",
        message: "sortCode has 2001 terms; at most 16",
      });
      return true;
    });
  },
);

engineTest(
  "limits: a read stops with 503 store-timeout once its statements ran past statementTimeoutMs",
  async (database) => {
    let slow = false;
    const store = await seeded(database, {
      statementTimeoutMs: 20,
      // Each statement takes 30 ms more: the second one never starts.
      onStatement: () => {
        const until = performance.now() + 30;
        while (slow && performance.now() < until) { /* busy */ }
      },
    });
    const nested = compileFetcher(
      Book,
      "{ store { name } authors { lastName } }",
    );
    assert.ok(await store.find(nested, 1));
    slow = true;
    await assert.rejects(store.find(nested, 1), (error) => {
      assert.ok(error instanceof StoreTimeoutError, String(error));
      assert.equal(error.status, 503);
      assert.equal(error.headers["retry-after"], "1");
      assert.deepEqual(error.body, {
        error: "store-timeout",
        message:
          "the database work of this request took more than 20 ms (statementTimeoutMs); ask for less or try again shortly",
        retryAfter: 1,
        limit: "statementTimeoutMs",
        max: 20,
      });
      return true;
    });
    // One statement alone is not stopped by the store (SQLite cannot).
    assert.ok(await store.page(SIMPLE, 0, 5));
  },
);

postgresTest(
  "limits: PostgreSQL cancels a statement past statementTimeoutMs, not the seed",
  async (database) => {
    const driver = database.driver({ statementTimeoutMs: 50 });
    await assert.rejects(driver.all("SELECT pg_sleep(1)", []), (error) => {
      assert.ok(error instanceof StoreTimeoutError, String(error));
      assert.equal((error.body as { max: number }).max, 50);
      return true;
    });
    // Seeding waits as long as it needs (another server's seed lock).
    const slept = await driver.transaction((runner) =>
      runner.all("SELECT pg_sleep(0.2) AS slept", [])
    );
    assert.equal(slept.length, 1);
    // The pool still answers.
    assert.deepEqual([...await driver.all("SELECT 1 AS one", [])], [{
      one: 1,
    }]);
  },
);
