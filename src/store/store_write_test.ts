/**
 * The store's writes on both engines: typed columns, inserts, a database
 * kept between stores, a failing seed.
 */
import assert from "node:assert/strict";
import { fetcher } from "../runtime/fetcher.ts";
import { Author, Book, BookStore } from "../../fixtures/bookstore/entities.ts";
import {
  BOOKSTORE_COLUMN_TYPES,
  bookstoreStore,
} from "../../fixtures/bookstore/data.ts";
import { Product, TreeNode } from "../../fixtures/treeshop/entities.ts";
import { Store } from "./store.ts";
import { engineTest } from "../testing/store_engines.ts";
import { TREESHOP_COLUMN_TYPES } from "./testdata/treeshop_types.ts";
import { bookstore, refusedWith } from "./testdata/store_suite.ts";

engineTest("typed columns: booleans round-trip", async (database) => {
  const store = new Store({
    entities: [Product],
    columnTypes: TREESHOP_COLUMN_TYPES,
    driver: database.driver(),
  });
  const category = await store.insert(TreeNode, {
    name: "root",
    kind: "FOLDER",
  });
  assert.equal(category, 1); // integer ids are assigned when left out
  for (const available of [true, false]) {
    await store.insert(Product, { name: "p", price: 2.5, available, category });
  }
  const products = await store.list(
    fetcher(Product).available().category(fetcher(TreeNode).name()),
    { where: { available: true } },
  );
  assert.deepEqual(products, [
    { id: 1, available: true, category: { id: 1, name: "root" } },
  ]);
  assert.deepEqual(
    await store.find(fetcher(Product).available(), 2),
    { id: 2, available: false },
  );
});

engineTest(
  "insert: only what the entity stores on its side",
  async (database) => {
    const { store } = await bookstore(database);
    const refused = (values: object, message: RegExp) =>
      assert.rejects(
        store.insert(BookStore, values as never),
        refusedWith("values", message),
      );
    await refused(
      { name: "x", avgPrice: 1 },
      /BookStore\.avgPrice cannot be inserted/,
    );
    await refused(
      { name: "x", books: [1] },
      /BookStore\.books cannot be inserted/,
    );
    await refused({ name: { text: "x" } }, /BookStore\.name must be a string/);
    await assert.rejects(
      store.insert(Book, {
        name: "x",
        edition: 1,
        price: 1,
        tenant: "a",
        store: {} as never,
      }),
      refusedWith("values", /Book\.store takes ids or objects with an id/),
    );
    const id = await store.insert(Book, {
      name: "New",
      edition: 1,
      price: 9,
      tenant: "a",
      store: { id: 3 },
      authors: [7, { id: 8 }],
    });
    assert.deepEqual(
      await store.find(fetcher(Book).name().store().authors(), id),
      {
        id: 13,
        name: "New",
        store: { id: 3 },
        authors: [{ id: 7 }, { id: 8 }],
      },
    );
  },
);

engineTest(
  "a database keeps its data; the seed runs once",
  async (database) => {
    const first = bookstoreStore({ driver: database.driver() });
    const id = await first.insert(Author, {
      firstName: "Ada",
      lastName: "Lovelace",
      gender: "FEMALE" as never,
    });
    assert.equal(id, 9, "the next id follows the seeded ones");
    await first.close();
    const second = bookstoreStore({ driver: database.driver() });
    assert.equal(await second.count(Book), 12);
    assert.equal(await second.count(Author), 9);
  },
);

engineTest(
  "a failing seed rejects ready() and every call, with its error",
  async (database) => {
    const store = new Store({
      entities: [BookStore],
      columnTypes: BOOKSTORE_COLUMN_TYPES,
      driver: database.driver(),
      seed: () => Promise.reject(new Error("seed failed")),
    });
    await assert.rejects(store.ready(), /seed failed/);
    await assert.rejects(store.count(BookStore), /seed failed/);
  },
);
