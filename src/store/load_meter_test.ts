/**
 * Client fetchers run on a budget of objects and JSON bytes, checked level
 * by level before the next statement; server fetchers run whole.
 */
import assert from "node:assert/strict";
import { compileFetcher } from "../runtime/fetcher_compiler.ts";
import { type AnyFetcher, type Fetcher, fetcher } from "../runtime/fetcher.ts";
import {
  DEFAULT_FETCHER_BUDGET,
  FetcherBudgetError,
} from "../runtime/fetcher_budget.ts";
import { effectiveBudget, withFetcherBudget } from "./request_budget.ts";
import { bookstoreStore } from "../../fixtures/bookstore/data.ts";
import { Author, Book, BookStore } from "../../fixtures/bookstore/entities.ts";
import type { BookstoreStoreOptions } from "../../fixtures/bookstore/data.ts";
import { branchingBookText, worstBookText } from "./testdata/worst_fetcher.ts";
import { engineTest, type TestDatabase } from "../testing/store_engines.ts";

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
    assert.equal(error.limit, limit);
    assert.deepEqual(
      Object.keys(error.body as object),
      ["error", "limit", "max", "message"],
    );
    assert.equal((error.body as { max: number }).max, max);
    return true;
  };
}

engineTest(
  "budget: objects count every copy of a shared object, exactly",
  async (database) => {
    // Book 1, its store, the store's six books: 8 objects.
    const text = "{ store { books { name } } }";
    const eight = await seeded(database, { fetcherBudget: { maxObjects: 8 } });
    const book = await eight.find(compileFetcher(Book, text), 1);
    assert.equal(JSON.stringify(book).match(/"id"/g)?.length, 8);
    const tight = await seeded(database, { fetcherBudget: { maxObjects: 7 } });
    await assert.rejects(
      tight.find(compileFetcher(Book, text), 1),
      overBudget("maxObjects", 7),
    );
    // Book 1's store is also each of its six books' store: loaded once,
    // written six times, with its six books each time.
    // 1 book + 1 store + 6 books + 6 copies of the store + 36 books = 50.
    const shared = "{ store { books { store { books { name } } } } }";
    const fifty = await seeded(database, { fetcherBudget: { maxObjects: 50 } });
    const answer = await fifty.find(compileFetcher(Book, shared), 1);
    assert.equal(JSON.stringify(answer).match(/"id"/g)?.length, 50);
    const less = await seeded(database, { fetcherBudget: { maxObjects: 49 } });
    await assert.rejects(
      less.find(compileFetcher(Book, shared), 1),
      overBudget("maxObjects", 49),
    );
  },
);

engineTest(
  "budget: loading stops at the level that goes over, before the next statement",
  async (database) => {
    const store = await seeded(database, { fetcherBudget: { maxObjects: 1 } });
    const before = store.statementCount;
    await assert.rejects(
      store.find(
        compileFetcher(Book, "{ store { name } authors { lastName } }"),
        1,
      ),
      overBudget("maxObjects", 1),
    );
    assert.equal(store.statementCount - before, 2, "the book, the store");
    // The root statement itself reads no more rows than the budget allows.
    const sql: string[] = [];
    const listed = bookstoreStore({
      driver: database.driver(),
      fetcherBudget: { maxObjects: 3 },
      onStatement: (text, params) => sql.push(`${text} ${params.join(",")}`),
    });
    await listed.ready();
    sql.length = 0;
    await assert.rejects(
      listed.list(compileFetcher(Book, "{ name }")),
      overBudget("maxObjects", 3),
    );
    assert.match(sql[0]!, /LIMIT (\?|\$1) 4$/);
  },
);

engineTest(
  "budget: bytes are estimated close to the JSON answer",
  async (database) => {
    const text =
      "{ name price store { name website } authors { firstName lastName } }";
    const free = await seeded(database);
    const answer = await free.list(compileFetcher(Book, text));
    const length = JSON.stringify(answer).length;
    const roomy = await seeded(database, {
      fetcherBudget: { maxBytes: Math.ceil(length * 1.1) },
    });
    assert.deepEqual(await roomy.list(compileFetcher(Book, text)), answer);
    const small = Math.floor(length * 0.9);
    const tight = await seeded(database, {
      fetcherBudget: { maxBytes: small },
    });
    await assert.rejects(
      tight.list(compileFetcher(Book, text)),
      overBudget("maxBytes", small),
    );
  },
);

engineTest(
  "budget: the worst fetcher text stops fast; a server fetcher of any size runs whole",
  async (database) => {
    const store = await seeded(database);
    const worst = compileFetcher(Book, worstBookText());
    const started = performance.now();
    const before = store.statementCount;
    await assert.rejects(
      store.find(worst, 1),
      overBudget("maxObjects", DEFAULT_FETCHER_BUDGET.maxObjects),
    );
    const elapsed = performance.now() - started;
    assert.ok(store.statementCount - before < 40, "stopped early");
    assert.ok(elapsed < 2000, `${elapsed} ms`); // about 20 ms; loose on purpose
    // The same shape written in the server (3 levels) has no budget.
    let server: AnyFetcher = fetcher(Book).name();
    for (let level = 0; level < 3; level++) {
      const books = server as Fetcher<Book>;
      server = fetcher(Book)
        .store(fetcher(BookStore).books(books))
        .authors(fetcher(Author).books(books));
    }
    const small = await seeded(database, { fetcherBudget: { maxObjects: 10 } });
    const whole = await small.find(server, 1);
    assert.ok(JSON.stringify(whole).length > 10_000);
    await assert.rejects(
      small.find(compileFetcher(Book, branchingBookText(3)), 1),
      overBudget("maxObjects", 10),
    );
  },
);

Deno.test("budget: the tighter of the request's and the store's, per limit", () => {
  assert.deepEqual(effectiveBudget(undefined), DEFAULT_FETCHER_BUDGET);
  assert.deepEqual(effectiveBudget({ maxBytes: 50 }), {
    ...DEFAULT_FETCHER_BUDGET,
    maxBytes: 50,
  });
  withFetcherBudget({ maxObjects: 5, maxBytes: 100, maxOffset: 7 }, () => {
    assert.deepEqual(
      effectiveBudget({ maxObjects: 100, maxBytes: 50, maxSortedRows: 9 }),
      { maxObjects: 5, maxBytes: 50, maxOffset: 7, maxSortedRows: 9 },
    );
  });
  assert.throws(
    () => bookstoreStore({ fetcherBudget: { maxObjects: 0 } }),
    /fetcherBudget\.maxObjects must be a positive integer, got 0/,
  );
});
