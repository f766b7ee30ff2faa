/**
 * The store's reads on both engines: shapes, statements per level, paging,
 * filters, formulas, recursion, sort codes.
 */
import assert from "node:assert/strict";
import { applyFetcher } from "../runtime/apply_fetcher.ts";
import { type AnyFetcher, fetcher } from "../runtime/fetcher.ts";
import { Author, Book, BookStore } from "../../fixtures/bookstore/entities.ts";
import { bookstoreStore, withTenant } from "../../fixtures/bookstore/data.ts";
import { BookController } from "../../fixtures/bookstore/book_controller.ts";
import { TreeNode } from "../../fixtures/treeshop/entities.ts";
import { TreeController } from "../../fixtures/treeshop/tree_controller.ts";
import { type ListQuery, Store } from "./store.ts";
import { StoreQueryError } from "./sort_code.ts";
import { engineTest } from "../testing/store_engines.ts";
import {
  bookstore,
  counted,
  dialectOf,
  refusedWith,
} from "./testdata/store_suite.ts";
import { TREESHOP_COLUMN_TYPES } from "./testdata/treeshop_types.ts";

const OREILLY_AVG = (50 + 55 + 51 + 73 + 69 + 47.5) / 6;

engineTest(
  "find: the complex shape in three statements, nulls left out",
  async (database) => {
    const { store } = await bookstore(database);
    const [book, statements] = await counted(
      store,
      () => store.find(BookController.COMPLEX_FETCHER, 1),
    );
    assert.deepEqual(book, {
      id: 1,
      name: "Learning GraphQL",
      edition: 1,
      price: 50,
      store: { id: 1, name: "O'REILLY", avgPrice: OREILLY_AVG },
      authors: [
        { id: 1, firstName: "Eve", lastName: "Procello", gender: "FEMALE" },
        { id: 2, firstName: "Alex", lastName: "Banks", gender: "MALE" },
      ],
    });
    assert.equal(statements, 3); // book, store, authors through the join table
    // No store: no store query, the key is absent.
    const [unpublished, fewer] = await counted(
      store,
      () => store.find(BookController.COMPLEX_FETCHER, 9),
    );
    assert.equal(unpublished !== undefined && "store" in unpublished, false);
    assert.equal(fewer, 2);
    // Absent: one statement, undefined.
    assert.deepEqual(
      await counted(
        store,
        () => store.find(BookController.COMPLEX_FETCHER, 99),
      ),
      [undefined, 1],
    );
  },
);

engineTest(
  "page: only the fetcher's columns, total in the same statement (a subquery run once)",
  async (database) => {
    const { store, statements } = await bookstore(database);
    const page = await store.page(
      BookController.SIMPLE_FETCHER,
      0,
      5,
      "name asc, edition desc",
    );
    const dialect = dialectOf(database);
    const paging = dialect.limitOffset(
      dialect.placeholder(1),
      dialect.placeholder(2),
    );
    assert.deepEqual(statements, [
      `SELECT t."id" AS "id", t."name" AS "name", t."edition" AS "edition", t."price" AS "price", (SELECT COUNT(*) FROM "book" t) AS "@total" FROM "book" t ORDER BY t."name" ASC, t."edition" DESC, t."id" ASC ${paging}`,
    ]);
    assert.deepEqual(page, {
      rows: [
        { id: 5, name: "Effective TypeScript", edition: 2, price: 69 },
        { id: 4, name: "Effective TypeScript", edition: 1, price: 73 },
        { id: 11, name: "Essential TypeScript", edition: 2, price: 65 },
        { id: 10, name: "Essential TypeScript", edition: 1, price: 60 },
        { id: 8, name: "GraphQL in Action", edition: 2, price: 81 },
      ],
      totalRowCount: 12,
      totalPageCount: 3,
    });
    const last = await store.page(BookController.SIMPLE_FETCHER, 2, 5, "id");
    assert.deepEqual(last.rows.map((row) => row.id), [11, 12]);
    // Past the end: no row to carry the total, one count more.
    assert.deepEqual(
      await counted(
        store,
        () => store.page(BookController.SIMPLE_FETCHER, 9, 5),
      ),
      [{ rows: [], totalRowCount: 12, totalPageCount: 3 }, 2],
    );
  },
);

engineTest(
  "batching: statements per association level, independent of the page size",
  async (database) => {
    const { store, statements } = await bookstore(database);
    const withStoreAndAuthors = fetcher(Book).name()
      .store(fetcher(BookStore).name())
      .authors(fetcher(Author).firstName());
    for (const pageSize of [1, 5, 20]) {
      const [page, count] = await counted(
        store,
        () => store.page(withStoreAndAuthors, 0, pageSize, "price desc"),
      );
      assert.equal(page.rows.length, Math.min(pageSize, 12));
      assert.equal(count, 3, `page size ${pageSize}`); // books, stores, authors
    }
    const dialect = dialectOf(database);
    assert.ok(
      statements[1]!.includes(
        `FROM "book_store" t WHERE ${
          dialect.inList(`t."id"`, dialect.placeholder(1))
        }`,
      ),
      statements[1],
    );
    assert.match(
      statements[2]!,
      /FROM "author" t JOIN "book_authors" j ON j\."author_id" = t\."id" WHERE j\."book_id" /,
    );
    // One more level, one more statement: stores -> books -> authors -> books.
    const deep = fetcher(BookStore).books(
      fetcher(Book).authors(fetcher(Author).books()),
    );
    const [stores, count] = await counted(store, () => store.list(deep));
    assert.equal(count, 4);
    assert.deepEqual(applyFetcher(deep, stores[1]!), stores[1]);
    assert.deepEqual(stores[1], {
      id: 2,
      books: [
        {
          id: 7,
          authors: [{ id: 5, books: [{ id: 7 }, { id: 8 }, { id: 9 }] }],
        },
        {
          id: 8,
          authors: [{ id: 5, books: [{ id: 7 }, { id: 8 }, { id: 9 }] }],
        },
      ],
    });
  },
);

engineTest(
  "a many-to-one of the id alone is read from the foreign key",
  async (database) => {
    const { store } = await bookstore(database);
    const [books, count] = await counted(
      store,
      () => store.list(fetcher(Book).store(), { where: { id: [1, 7, 9] } }),
    );
    assert.deepEqual(books, [
      { id: 1, store: { id: 1 } },
      { id: 7, store: { id: 2 } },
      { id: 9 },
    ]);
    assert.equal(count, 1);
  },
);

engineTest("formulas are computed in SQL and sortable", async (database) => {
  const { store } = await bookstore(database);
  const stores = await store.list(fetcher(BookStore).name().avgPrice(), {
    orderBy: "avgPrice desc",
  });
  assert.deepEqual(stores, [
    { id: 2, name: "MANNING", avgPrice: 80.5 },
    { id: 1, name: "O'REILLY", avgPrice: OREILLY_AVG },
    { id: 3, name: "APRESS", avgPrice: (60 + 65 + 42) / 3 },
  ]);
});

engineTest(
  "formulas: a store's own SQL where the engines differ",
  async (database) => {
    // PostgreSQL's cast is `::`, SQLite has none: each engine its formula.
    const maxPrice = database.engine === "postgres"
      ? "(select max(b.price) from book b where b.store_id = %alias.id)::integer"
      : "cast((select max(b.price) from book b where b.store_id = %alias.id) as integer)";
    const store = bookstoreStore({
      driver: database.driver(),
      formulas: { "BookStore.avgPrice": maxPrice },
    });
    const stores = await store.list(fetcher(BookStore).avgPrice(), {
      orderBy: "avgPrice desc",
    });
    assert.deepEqual(stores, [
      { id: 2, avgPrice: 81 },
      { id: 1, avgPrice: 73 },
      { id: 3, avgPrice: 65 },
    ]);
    // A count and a sum (bigint on PostgreSQL) and a decimal (numeric
    // there) come back as numbers on both engines.
    const counting = bookstoreStore({
      driver: database.driver(),
      formulas: {
        "BookStore.avgPrice":
          "(select count(*) * 1.5 + sum(b.edition) from book b where b.store_id = %alias.id)",
      },
    });
    assert.deepEqual(await counting.list(fetcher(BookStore).avgPrice()), [
      { id: 1, avgPrice: 9 + 10 },
      { id: 2, avgPrice: 3 + 3 },
      { id: 3, avgPrice: 4.5 + 4 },
    ]);
    assert.throws(
      () => bookstoreStore({ formulas: { "BookStore.name": "1" } }),
      /formulas: "BookStore\.name" names no formula of the store's entities/,
    );
  },
);

engineTest("list: where, order, limit and offset", async (database) => {
  const { store } = await bookstore(database);
  const ids = async (query: ListQuery<Book>) =>
    (await store.list(fetcher(Book), query)).map((book) => book.id);
  assert.deepEqual(await ids({ where: { store: 2 } }), [7, 8]);
  assert.deepEqual(await ids({ where: { store: null } }), [9]);
  assert.deepEqual(
    await ids({ where: { name: "Learning GraphQL", edition: [1, 3] } }),
    [1, 3],
  );
  assert.deepEqual(
    await ids({ orderBy: "price desc", limit: 3, offset: 1 }),
    [7, 4, 5],
  );
  assert.deepEqual(await ids({ offset: 10 }), [11, 12]);
  await assert.rejects(
    store.list(fetcher(Book), { where: { nothing: 1 } as never }),
    refusedWith("where", /Book has no column "nothing"/),
  );
  await assert.rejects(
    store.list(fetcher(Book), { where: { name: { $gt: 1 } } as never }),
    refusedWith("where", /Book\.name: compare with a string/),
  );
  await assert.rejects(
    store.list(fetcher(Book), { limit: -1 }),
    refusedWith("limit", /limit must be an integer of at least 0, got -1/),
  );
  await assert.rejects(
    store.list(fetcher(Book), { orderBy: "authors" }),
    refusedWith("orderBy", /cannot sort Book by "authors"/),
  );
});

engineTest(
  "list: the same fetcher and order with and without limit and offset",
  async (database) => {
    // One fetcher and one order: the store keeps their statement, once per
    // shape (limit, offset, both, neither).
    const { store } = await bookstore(database);
    const books = fetcher(Book).name();
    const ids = async (query: ListQuery<Book>) =>
      (await store.list(books, { orderBy: "price desc", ...query }))
        .map((book) => book.id);
    const all = await ids({});
    assert.equal(all.length, 12);
    assert.deepEqual(await ids({ limit: 3 }), all.slice(0, 3));
    assert.deepEqual(await ids({ offset: 2 }), all.slice(2));
    assert.deepEqual(await ids({ limit: 3, offset: 2 }), all.slice(2, 5));
    assert.deepEqual(await ids({}), all);
  },
);

engineTest(
  "page: bad arguments are StoreQueryErrors naming the argument",
  async (database) => {
    const { store } = await bookstore(database);
    const f = BookController.SIMPLE_FETCHER;
    await assert.rejects(
      store.page(f, -1, 5),
      refusedWith("pageIndex", /at least 0/),
    );
    await assert.rejects(
      store.page(f, 0, 0),
      refusedWith("pageSize", /at least 1/),
    );
    await assert.rejects(
      store.page(f, 0, 1.5),
      refusedWith("pageSize", /got 1.5/),
    );
    await assert.rejects(
      store.page(f, 0, 1001),
      refusedWith("pageSize", /at most 1000, got 1001/),
    );
    await assert.rejects(
      store.page(f, 2 ** 52, 1000),
      refusedWith("pageIndex", /pageIndex × pageSize must be at most/),
    );
    // Far past the end but within 2^53: an empty page, no error, when the
    // budget allows skipping that many rows (by default a 422).
    await assert.rejects(
      store.page(f, 3037000500, 1000),
      (error: Error) => error.name === "FetcherBudgetError",
    );
    const unbounded = bookstoreStore({
      driver: database.driver(),
      fetcherBudget: { maxOffset: Number.MAX_SAFE_INTEGER },
    });
    const far = await unbounded.page(f, 3037000500, 1000);
    assert.deepEqual(far.rows, []);
    assert.equal(far.totalRowCount, 12);
    const small = bookstoreStore({ driver: database.driver(), maxPageSize: 3 });
    await assert.rejects(
      small.page(f, 0, 4),
      refusedWith("pageSize", /at most 3/),
    );
    await assert.rejects(
      store.page(f, 0, 5, "name asc, secret desc"),
      refusedWith("sortCode", /cannot sort Book by "secret"/),
    );
    await assert.rejects(
      store.find(f, {} as never),
      refusedWith("id", /an id is a number or a string/),
    );
    // The store still answers.
    assert.equal((await store.page(f, 0, 5)).totalRowCount, 12);
  },
);

engineTest(
  "the tenant filter applies to roots, associations and counts",
  async (database) => {
    const { store } = await bookstore(database);
    const inA = await withTenant(
      "a",
      () => store.page(BookController.SIMPLE_FETCHER, 0, 20, "id"),
    );
    assert.deepEqual(inA.rows.map((row) => row.id), [2, 4, 6, 8, 10, 12]);
    assert.equal(inA.totalRowCount, 6);
    assert.equal(
      await withTenant("b", () => store.find(fetcher(Book), 2)),
      undefined,
    );
    const samer = await withTenant(
      "b",
      () => store.find(fetcher(Author).books(), 5),
    );
    assert.deepEqual(samer, { id: 5, books: [{ id: 7 }, { id: 9 }] });
    assert.equal(await withTenant("", () => store.count(Book)), 12);
    assert.equal(await store.count(Book), 12);
    // No tenant inside a tenant: every book again.
    assert.equal(
      await withTenant("a", () => withTenant("", () => store.count(Book))),
      12,
    );
  },
);

engineTest(
  "recursive fetchers load one level per statement, up to their depth",
  async (database) => {
    const store = new Store({
      entities: [TreeNode],
      columnTypes: TREESHOP_COLUMN_TYPES,
      driver: database.driver(),
      seed: async (writer) => {
        const node = (id: number, name: string, parent: number | null) =>
          writer.insert(TreeNode, { id, name, kind: "FOLDER", parent });
        await node(1, "root", null);
        await node(2, "books", 1);
        await node(3, "music", 1);
        await node(4, "novels", 2);
        await node(5, "crime", 4);
      },
    });
    await store.ready();
    const tree = TreeController.TREE_FETCHER;
    const [whole, levels] = await counted(store, () => store.find(tree, 1));
    assert.equal(levels, 5); // the root, then 4 levels (the last one empty)
    const leaf = { id: 5, name: "crime", kind: "FOLDER", childNodes: [] };
    assert.deepEqual(whole, {
      id: 1,
      name: "root",
      kind: "FOLDER",
      childNodes: [
        {
          id: 2,
          name: "books",
          kind: "FOLDER",
          childNodes: [{
            id: 4,
            name: "novels",
            kind: "FOLDER",
            childNodes: [leaf],
          }],
        },
        { id: 3, name: "music", kind: "FOLDER", childNodes: [] },
      ],
    });
    assert.deepEqual(applyFetcher(tree, whole!), whole);
    // depth 2: two levels loaded, the property absent below.
    const twoLevels = fetcher(TreeNode).childNodes(fetcher(TreeNode).name(), {
      depth: 2,
    });
    const [shallow, count] = await counted(
      store,
      () => store.find(twoLevels, 1),
    );
    assert.equal(count, 3);
    assert.deepEqual(shallow, {
      id: 1,
      childNodes: [
        { id: 2, name: "books", childNodes: [{ id: 4, name: "novels" }] },
        { id: 3, name: "music", childNodes: [] },
      ],
    });
    assert.deepEqual(applyFetcher(twoLevels, shallow!), shallow);
    // Up a many-to-one: the parent chain, until it ends.
    const ancestors = fetcher(TreeNode).parent(fetcher(TreeNode).name(), {
      recursive: true,
    });
    const [chain, steps] = await counted(store, () => store.find(ancestors, 5));
    assert.deepEqual(chain, {
      id: 5,
      parent: {
        id: 4,
        name: "novels",
        parent: { id: 2, name: "books", parent: { id: 1, name: "root" } },
      },
    });
    assert.equal(steps, 4);
  },
);

engineTest(
  "a fetcher of an entity outside the store is a clear error",
  async (database) => {
    const store = new Store({
      entities: [TreeNode],
      columnTypes: TREESHOP_COLUMN_TYPES,
      driver: database.driver(),
    });
    await assert.rejects(
      store.list(fetcher(Book) as AnyFetcher),
      /Book is not an entity of this store/,
    );
    await assert.rejects(
      store.list({} as AnyFetcher),
      /the store needs a fetcher/,
    );
  },
);

engineTest(
  "sort codes: parsed once, refused every time under the caller's argument name",
  async (database) => {
    const { store } = await bookstore(database);
    const f = BookController.SIMPLE_FETCHER;
    const refused = (argument: string) => (error: unknown) =>
      error instanceof StoreQueryError && error.argument === argument;
    for (let i = 0; i < 2; i++) {
      await assert.rejects(store.page(f, 0, 5, "nope"), refused("sortCode"));
      await assert.rejects(
        store.list(f, { orderBy: "nope" }),
        refused("orderBy"),
      );
    }
    const listed = await store.list(f, { orderBy: "price desc" });
    assert.deepEqual((await store.page(f, 0, 20, "price desc")).rows, listed);
    assert.deepEqual(listed.map((b) => b.price).slice(0, 3), [81, 80, 73]);
    // More distinct codes than a store keeps: still each its own order.
    for (let i = 0; i < 300; i++) {
      const code = i % 2 === 0
        ? `price asc${" ".repeat(i)}`
        : `price desc${" ".repeat(i)}`;
      const [first] = (await store.page(f, 0, 1, code)).rows;
      assert.equal(first?.price, i % 2 === 0 ? 10 : 81, code);
    }
  },
);
