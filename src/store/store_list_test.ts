/**
 * Limited associations on both engines: `orderBy`, `limit` and `offset` of a
 * to-many association applied per parent, in one statement per level
 * (a window function), agreeing with `applyFetcher` on the whole lists.
 */
import assert from "node:assert/strict";
import { applyFetcher } from "../runtime/apply_fetcher.ts";
import { type AnyFetcher, fetcher } from "../runtime/fetcher.ts";
import { compileFetcher } from "../runtime/fetcher_compiler.ts";
import { FetcherBudgetError } from "../runtime/fetcher_budget.ts";
import { Author, Book, BookStore } from "../../fixtures/bookstore/entities.ts";
import { TreeNode } from "../../fixtures/treeshop/entities.ts";
import { TREESHOP_COLUMN_TYPES } from "./testdata/treeshop_types.ts";
import { bookstoreStore, withTenant } from "../../fixtures/bookstore/data.ts";
import { engineTest } from "../testing/store_engines.ts";
import { bookstore, counted } from "./testdata/store_suite.ts";
import { Store } from "./store.ts";

/** Each store's two dearest books, and each book's store by id. */
const TOP_TWO = fetcher(BookStore).name().books(
  fetcher(Book).name().price().store(),
  { orderBy: { prop: "price", desc: true }, limit: 2 },
);

/** What `applyFetcher` makes of every child loaded without options. */
async function inMemory(store: Store, limited: AnyFetcher, all: AnyFetcher) {
  const roots = await store.list(all) as object[];
  return roots.map((root) => applyFetcher(limited, root));
}

engineTest(
  "limit per parent: one statement per level, a window function",
  async (database) => {
    const { store, statements } = await bookstore(database);
    const [stores, count] = await counted(store, () => store.list(TOP_TWO));
    assert.deepEqual(stores, [
      {
        id: 1,
        name: "O'REILLY",
        books: [
          { id: 4, name: "Effective TypeScript", price: 73, store: { id: 1 } },
          { id: 5, name: "Effective TypeScript", price: 69, store: { id: 1 } },
        ],
      },
      {
        id: 2,
        name: "MANNING",
        books: [
          { id: 8, name: "GraphQL in Action", price: 81, store: { id: 2 } },
          { id: 7, name: "GraphQL in Action", price: 80, store: { id: 2 } },
        ],
      },
      {
        id: 3,
        name: "APRESS",
        books: [
          { id: 11, name: "Essential TypeScript", price: 65, store: { id: 3 } },
          { id: 10, name: "Essential TypeScript", price: 60, store: { id: 3 } },
        ],
      },
    ]);
    assert.equal(count, 2); // stores, books (the store id from the key)
    assert.match(
      statements[1]!,
      /ROW_NUMBER\(\) OVER \(PARTITION BY t\."store_id" ORDER BY t\."price" DESC, t\."id" ASC\)/,
    );
    // A level below: one more statement, whatever the number of parents.
    const deeper = fetcher(BookStore).books(
      fetcher(Book).authors(fetcher(Author).firstName(), { limit: 1 }),
      { orderBy: { prop: "price" }, offset: 1, limit: 1 },
    );
    const [nested, more] = await counted(store, () => store.list(deeper));
    assert.equal(more, 3);
    assert.deepEqual(nested, [
      { id: 1, books: [{ id: 1, authors: [{ id: 1, firstName: "Eve" }] }] },
      { id: 2, books: [{ id: 8, authors: [{ id: 5, firstName: "Samer" }] }] },
      { id: 3, books: [{ id: 10, authors: [{ id: 6, firstName: "Adam" }] }] },
    ]);
  },
);

engineTest(
  "the store's lists equal applyFetcher's slice of the whole lists",
  async (database) => {
    const { store } = await bookstore(database);
    const cases: [AnyFetcher, AnyFetcher][] = [
      [
        TOP_TWO,
        fetcher(BookStore).name().books(
          fetcher(Book).name().price().store(),
        ),
      ],
      [
        fetcher(Author).books(fetcher(Book).edition(), {
          orderBy: [{ prop: "edition", desc: true }, { prop: "name" }],
          limit: 1,
        }),
        fetcher(Author).books(fetcher(Book).edition()),
      ],
      [
        fetcher(BookStore).books(fetcher(Book).price(), {
          orderBy: { prop: "price" },
        }),
        fetcher(BookStore).books(fetcher(Book).price()),
      ],
      [
        fetcher(BookStore).books(fetcher(Book), { offset: 2 }),
        fetcher(BookStore).books(fetcher(Book)),
      ],
      [
        fetcher(BookStore).books(fetcher(Book), { limit: 0 }),
        fetcher(BookStore).books(fetcher(Book)),
      ],
    ];
    for (const [limited, all] of cases) {
      assert.deepEqual(
        await store.list(limited),
        await inMemory(store, limited, all),
        String(limited),
      );
    }
    // Many-to-many: partitioned by the join table's owner column.
    const [authors] = await counted(store, () => store.list(cases[1]![0]));
    assert.deepEqual(authors.slice(4, 5), [{
      id: 5,
      books: [{ id: 8, edition: 2 }],
    }]);
  },
);

engineTest("the tenant filter applies before the limit", async (database) => {
  const { store } = await bookstore(database);
  const stores = await withTenant("a", () => store.list(TOP_TWO));
  assert.deepEqual(
    stores[0]!.books.map((book) => book.id),
    [4, 2], // tenant "a" has the even ids: 73, 55 (and 47.5)
  );
});

engineTest(
  "a client fetcher's limit keeps it inside the budget",
  async (database) => {
    const store = bookstoreStore({
      driver: database.driver(),
      fetcherBudget: { maxObjects: 10 },
    });
    // 3 stores and 6 of the 11 published books: 9 objects.
    const limited = compileFetcher(
      BookStore,
      "{ name books(orderBy: price desc, limit: 2) { name } }",
    );
    const stores = await store.list(limited);
    assert.deepEqual(
      (stores as { books: unknown[] }[]).map((s) => s.books.length),
      [2, 2, 2],
    );
    // Without the limit: 14 objects, over budget.
    await assert.rejects(
      () => store.list(compileFetcher(BookStore, "{ name books { name } }")),
      FetcherBudgetError,
    );
  },
);

engineTest(
  "a recursive list is limited per parent at every level",
  async (database) => {
    const store = new Store({
      entities: [TreeNode],
      columnTypes: TREESHOP_COLUMN_TYPES,
      driver: database.driver(),
      seed: async (writer) => {
        const node = (id: number, name: string, parent: number | null) =>
          writer.insert(TreeNode, { id, name, kind: "FOLDER", parent });
        await node(1, "root", null);
        await node(2, "b", 1);
        await node(3, "c", 1);
        await node(4, "a", 1);
        await node(5, "y", 2);
        await node(6, "x", 2);
        await node(7, "z", 2);
      },
    });
    await store.ready();
    const firstTwo = fetcher(TreeNode).name().childNodes(
      fetcher(TreeNode).name(),
      { recursive: true, orderBy: { prop: "name" }, limit: 2 },
    );
    const [tree, levels] = await counted(store, () => store.find(firstTwo, 1));
    assert.equal(levels, 4); // the root, then 3 levels (the last one empty)
    assert.deepEqual(tree, {
      id: 1,
      name: "root",
      childNodes: [
        { id: 4, name: "a", childNodes: [] },
        {
          id: 2,
          name: "b",
          childNodes: [
            { id: 6, name: "x", childNodes: [] },
            { id: 5, name: "y", childNodes: [] },
          ],
        },
      ],
    });
    const all = fetcher(TreeNode).name().childNodes(fetcher(TreeNode).name(), {
      recursive: true,
    });
    assert.deepEqual(applyFetcher(firstTwo, (await store.find(all, 1))!), tree);
  },
);
