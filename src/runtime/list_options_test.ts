/**
 * Id-only and limited associations in the runtime: the DSL's options and
 * their checks, the shapes (type-level: `deno test` type-checks this file),
 * the text form both ways, and `applyFetcher`'s per-parent slice.
 */

import assert from "node:assert/strict";
import { fetcher, type ShapeOf } from "./fetcher.ts";
import { compileFetcher, FetcherSyntaxError } from "./fetcher_compiler.ts";
import { applyFetcher } from "./apply_fetcher.ts";
import { compileProjector } from "./projector.ts";
import type { Int } from "./entity.ts";
import { Author, Book, BookStore } from "../../fixtures/bookstore/entities.ts";
import { TreeNode } from "../../fixtures/treeshop/entities.ts";

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends
  (<T>() => T extends B ? 1 : 2) ? true : false;

function expectType<T extends true>(_check?: T): void {}

const TOP_TWO = fetcher(BookStore).name().books(fetcher(Book).name().price(), {
  orderBy: { prop: "price", desc: true },
  limit: 2,
});

Deno.test("types: id-only associations and options that keep the shape", () => {
  const idOnly = fetcher(Book).store().authors();
  expectType<
    Equals<ShapeOf<typeof idOnly>, {
      readonly id: Int;
      readonly store?: { readonly id: Int };
      readonly authors: readonly { readonly id: Int }[];
    }>
  >(true);
  const plain = fetcher(BookStore).name().books(fetcher(Book).name().price());
  expectType<Equals<ShapeOf<typeof TOP_TWO>, ShapeOf<typeof plain>>>(true);
  const several = fetcher(Author).books(fetcher(Book), {
    orderBy: [{ prop: "edition" }, { prop: "name", desc: false }],
    offset: 1,
  });
  expectType<
    Equals<ShapeOf<typeof several>, {
      readonly id: Int;
      readonly books: readonly { readonly id: Int }[];
    }>
  >(true);
  const tree = fetcher(TreeNode).childNodes(fetcher(TreeNode).name(), {
    recursive: true,
    limit: 3,
  });
  const wholeTree = fetcher(TreeNode).childNodes(fetcher(TreeNode).name(), {
    recursive: true,
  });
  expectType<Equals<ShapeOf<typeof tree>, ShapeOf<typeof wholeTree>>>(true);
  assert.throws(
    () =>
      // @ts-expect-error: an association is not an order key
      fetcher(BookStore).books(fetcher(Book), { orderBy: { prop: "store" } }),
    /orderBy needs a scalar property of Book, got store/,
  );
  assert.throws(
    // @ts-expect-error: a to-one association takes no list options
    () => fetcher(Book).store(fetcher(BookStore), { limit: 1 }),
    /Book.store is not a list/,
  );
});

Deno.test("DSL: limit and offset are non-negative integers", () => {
  for (const bad of [-1, 1.5, Number.NaN, Infinity]) {
    assert.throws(
      () => fetcher(BookStore).books(fetcher(Book), { limit: bad }),
      /BookStore.books: limit must be a non-negative integer/,
    );
    assert.throws(
      () => fetcher(BookStore).books(fetcher(Book), { offset: bad }),
      /BookStore.books: offset must be a non-negative integer/,
    );
  }
  // Options that choose nothing are no options.
  const none = fetcher(BookStore).books(fetcher(Book), {
    orderBy: [],
    offset: 0,
  });
  const books = none.selections.get("books");
  assert(books?.kind === "association" && books.list === undefined);
  const parsed = compileFetcher(BookStore, "{ books(offset: 0) }");
  assert.deepEqual(parsed.selections.get("books"), books);
  const zero = fetcher(BookStore).books(fetcher(Book), { limit: 0 });
  assert.equal(String(zero), "{ id books(limit: 0) { id } }");
});

Deno.test("text form: options render and compile back", () => {
  assert.equal(
    String(TOP_TWO),
    "{ id name books(orderBy: price desc, limit: 2) { id name price } }",
  );
  const cases = [
    TOP_TWO,
    fetcher(Author).books(fetcher(Book).name(), {
      orderBy: [{ prop: "edition", desc: true }, { prop: "name" }],
      limit: 5,
      offset: 10,
    }),
    fetcher(TreeNode).childNodes(fetcher(TreeNode).name(), {
      depth: 2,
      orderBy: { prop: "name" },
      offset: 1,
    }),
    fetcher(Book).store().authors(),
  ];
  for (const original of cases) {
    const compiled = compileFetcher(original.entity, String(original));
    assert(compiled.equals(original), String(original));
    assert.deepEqual(
      compiled.selections.get([...original.selections.keys()].at(-1)!),
      original.selections.get([...original.selections.keys()].at(-1)!),
    );
  }
  assert(
    compileFetcher(
      BookStore,
      "{ books(limit:2,orderBy:price desc, orderBy: name asc) }",
    ).equals(
      fetcher(BookStore).books(fetcher(Book), {
        orderBy: [{ prop: "price", desc: true }, { prop: "name" }],
        limit: 2,
      }),
    ),
  );
  // Options differ, shapes do not: the fetchers differ.
  assert(
    !TOP_TWO.equals(
      fetcher(BookStore).name().books(
        fetcher(Book).name().price(),
      ),
    ),
  );
});

Deno.test("text form: bad options are syntax errors with a position", () => {
  const cases: [string, string, string][] = [
    ["{ books(limit: -1) }", "1:16", `expected a non-negative integer`],
    ["{ books(offset: x) }", "1:17", `expected a non-negative integer`],
    ["{ books(limit: 1, limit: 2) }", "1:19", `duplicate option "limit"`],
    [
      "{ books(limit: 99999999999999999999) }",
      "1:16",
      `limit must be a non-negative integer up to`,
    ],
    [
      "{ books(orderBy: store) }",
      "1:18",
      `orderBy needs a scalar property of Book, found "store"`,
    ],
    [
      "{ books(orderBy: nope) }",
      "1:18",
      `orderBy needs a scalar property of Book, found "nope"`,
    ],
    ["{ books(orderBy: 3) }", "1:18", `expected a property name`],
    [
      "{ books(orderBy: price up) }",
      "1:24",
      `expected "," or ")" but found "up"`,
    ],
    [
      "{ books(recursive) }",
      "1:8",
      `association "books" of BookStore is not a self-association`,
    ],
  ];
  for (const [text, at, message] of cases) {
    assert.throws(() => compileFetcher(BookStore, text), (e: unknown) => {
      assert(e instanceof FetcherSyntaxError, `${text}: ${e}`);
      assert.equal(`${e.line}:${e.column}`, at, `${text}: ${e.message}`);
      assert(e.message.includes(message), `${text}: ${e.message}`);
      return true;
    });
  }
  assert.throws(
    () => compileFetcher(Book, "{ store(limit: 1) }"),
    /association "store" of Book is not a list: .* at 1:9/,
  );
});

Deno.test("applyFetcher: each parent's list ordered, skipped and limited", () => {
  const book = (id: number, name: string, price: number) => ({
    id,
    name,
    price,
    edition: 1,
  });
  const stores = [
    {
      id: 1,
      name: "A",
      books: [book(1, "a", 10), book(2, "b", 30), book(3, "c", 20)],
    },
    { id: 2, name: "B", books: [book(4, "d", 5)] },
    { id: 3, name: "C", books: [] },
  ];
  assert.deepEqual(stores.map((store) => applyFetcher(TOP_TWO, store)), [
    {
      id: 1,
      name: "A",
      books: [{ id: 2, name: "b", price: 30 }, { id: 3, name: "c", price: 20 }],
    },
    { id: 2, name: "B", books: [{ id: 4, name: "d", price: 5 }] },
    { id: 3, name: "C", books: [] },
  ]);
  const second = fetcher(BookStore).books(fetcher(Book), {
    orderBy: { prop: "price" },
    offset: 1,
    limit: 1,
  });
  assert.deepEqual(applyFetcher(second, stores[0]!), {
    id: 1,
    books: [{ id: 3 }],
  });
  // The compiled projector slices alike.
  for (const store of stores) {
    assert.deepEqual(
      compileProjector(second)(store),
      applyFetcher(second, store),
    );
  }
  // As loaded: a store's answer already sliced is only trimmed to the shape.
  const loaded = { id: 1, books: [book(3, "c", 20)] };
  for (
    const project of [
      (data: object) => applyFetcher(second, data, { lists: "as-loaded" }),
      compileProjector(second, { lists: "as-loaded" }),
    ]
  ) {
    assert.deepEqual(project(loaded), { id: 1, books: [{ id: 3 }] });
  }
});
