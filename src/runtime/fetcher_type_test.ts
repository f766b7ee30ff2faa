/**
 * Type-level tests of fetcher shapes. `deno test` type-checks this file, so a
 * wrong shape or an unused `@ts-expect-error` fails the run.
 */

import assert from "node:assert/strict";
import { type Fetcher, fetcher, type ShapeOf } from "./fetcher.ts";
import type { FetchBy, FetchedObject } from "./api.ts";
import type { Computed, Int } from "./entity.ts";
import {
  Author,
  Book,
  BookStore,
  type Gender,
} from "../../fixtures/bookstore/entities.ts";
import { BookController } from "../../fixtures/bookstore/book_controller.ts";
import type { AuthorWithStores } from "../../fixtures/bookstore/author_controller.ts";
import {
  type NodeKind,
  Product,
  TreeNode,
} from "../../fixtures/treeshop/entities.ts";
import type { TreeController } from "../../fixtures/treeshop/tree_controller.ts";
import type { ShopFetchers } from "../../fixtures/treeshop/fetchers.ts";

/** Exact type equality: modifiers (readonly, optional) included. */
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends
  (<T>() => T extends B ? 1 : 2) ? true : false;

/** Compiles only when `T` is `true`. */
function expectType<T extends true>(_check?: T): void {}

type SimpleShape = {
  readonly id: Int;
  readonly name: string;
  readonly edition: Int;
  readonly price: number;
};

type ComplexShape = {
  readonly id: Int;
  readonly name: string;
  readonly edition: Int;
  readonly price: number;
  readonly store?: {
    readonly id: Int;
    readonly name: string;
    readonly website?: string;
    readonly avgPrice?: number;
  };
  readonly authors: readonly {
    readonly id: Int;
    readonly firstName: string;
    readonly lastName: string;
    readonly gender: Gender;
  }[];
};

type TreeLevel = {
  readonly id: Int;
  readonly name: string;
  readonly kind: NodeKind;
};

Deno.test("types: fixture fetcher shapes are exact", () => {
  expectType<
    Equals<ShapeOf<typeof BookController.SIMPLE_FETCHER>, SimpleShape>
  >();
  expectType<
    Equals<ShapeOf<typeof BookController.COMPLEX_FETCHER>, ComplexShape>
  >();
  expectType<
    Equals<
      ShapeOf<typeof AuthorWithStores.AUTHOR_FETCHER>,
      {
        readonly id: Int;
        readonly firstName: string;
        readonly lastName: string;
      }
    >
  >();
  expectType<
    Equals<
      ShapeOf<typeof ShopFetchers.PRODUCT>,
      {
        readonly id: Int;
        readonly name: string;
        readonly price: number;
        readonly category: { readonly id: Int; readonly name: string };
      }
    >
  >();
  // Equals is strict: a missing modifier or an extra field is a difference.
  expectType<
    Equals<
      Equals<
        ShapeOf<typeof BookController.SIMPLE_FETCHER>,
        { id: Int; name: string; edition: Int; price: number }
      >,
      false
    >
  >();
  expectType<
    Equals<
      Equals<
        ShapeOf<typeof BookController.SIMPLE_FETCHER>,
        SimpleShape & { readonly tenant: string }
      >,
      false
    >
  >();
  assert.equal(
    String(BookController.SIMPLE_FETCHER),
    "{ id name edition price }",
  );
});

Deno.test("types: the bare fetcher is the id alone", () => {
  const bare = fetcher(Book);
  expectType<Equals<ShapeOf<typeof bare>, { readonly id: Int }>>();
  expectType<Equals<typeof bare, Fetcher<Book>>>();
  assert.equal(String(bare), "{ id }");
});

Deno.test("types: unknown fields are rejected", () => {
  assert.throws(() => {
    // @ts-expect-error Book has no field "nope"
    fetcher(Book).nope();
  }, TypeError);
  assert.throws(() => {
    // @ts-expect-error a scalar selector takes no fetcher
    fetcher(Book).name(fetcher(Book));
  }, TypeError);
  // @ts-expect-error fetchers have no selector for entity methods or statics
  fetcher(Author).prototype;
  assert.ok(true);
});

Deno.test("types: an excluded field is gone from the shape", () => {
  const withoutTenant = fetcher(Book).allScalarFields().tenant(false);
  type S = ShapeOf<typeof withoutTenant>;
  expectType<Equals<S, SimpleShape>>();
  const shape = { id: 1, name: "n", edition: 1, price: 2 } as S;
  // @ts-expect-error tenant was excluded
  shape.tenant;
  const withoutStore = fetcher(Book).name().store().store(false);
  expectType<
    Equals<
      ShapeOf<typeof withoutStore>,
      { readonly id: Int; readonly name: string }
    >
  >();
  assert.equal(String(withoutTenant), "{ id name edition price }");
});

Deno.test("types: reading an unselected field is an error", () => {
  const shape = {
    id: 1,
    name: "n",
    edition: 1,
    price: 2,
  } as FetchBy<typeof BookController.SIMPLE_FETCHER>;
  // @ts-expect-error store is not selected by SIMPLE_FETCHER
  shape.store;
  // @ts-expect-error neither is tenant
  shape.tenant;
  // @ts-expect-error shapes are readonly
  shape.name = "other";
  const complex = { authors: [] } as unknown as FetchBy<
    typeof BookController.COMPLEX_FETCHER
  >;
  // @ts-expect-error the store's books are not selected
  complex.store?.books;
  // @ts-expect-error the authors' books are not selected
  complex.authors[0]?.books;
  // Returning another fetcher's shape fails where fields are missing.
  // @ts-expect-error SIMPLE data lacks the store and authors of COMPLEX
  const wrong: FetchBy<typeof BookController.COMPLEX_FETCHER> = shape;
  assert.ok(wrong === shape);
});

Deno.test("types: an association takes a fetcher of its target only", () => {
  assert.throws(() =>
    // @ts-expect-error store needs a fetcher of BookStore, not Author
    fetcher(Book).store(fetcher(Author).firstName())
  );
  assert.throws(() =>
    // @ts-expect-error authors needs a fetcher of Author, not Book
    fetcher(Book).authors(fetcher(Book).name())
  );
  assert.throws(() =>
    // @ts-expect-error category needs a fetcher of TreeNode
    fetcher(Product).category(fetcher(Product))
  );
  // @ts-expect-error recursive is a boolean
  fetcher(TreeNode).childNodes(fetcher(TreeNode), { recursive: "yes" });
  const nested = fetcher(Book).store(fetcher(BookStore).name());
  expectType<
    Equals<
      ShapeOf<typeof nested>,
      {
        readonly id: Int;
        readonly store?: { readonly id: Int; readonly name: string };
      }
    >
  >();
});

Deno.test("types: nullable properties are optional, to-many are readonly arrays", () => {
  const f = fetcher(Book).store().authors();
  expectType<
    Equals<
      ShapeOf<typeof f>,
      {
        readonly id: Int;
        readonly store?: { readonly id: Int };
        readonly authors: readonly { readonly id: Int }[];
      }
    >
  >();
  const store = fetcher(BookStore).website().books(fetcher(Book).name());
  type S = ShapeOf<typeof store>;
  expectType<Equals<S["website"], string | undefined>>();
  expectType<
    Equals<S["books"], readonly { readonly id: Int; readonly name: string }[]>
  >();
  const shape = { id: 1, books: [] } as S;
  // @ts-expect-error a to-many association is a readonly array
  shape.books.push({ id: 2, name: "x" });
  // @ts-expect-error website may be absent
  const website: string = shape.website;
  assert.equal(website, undefined);
});

Deno.test("types: allScalarFields leaves out computed properties", () => {
  const all = fetcher(BookStore).allScalarFields();
  expectType<
    Equals<
      ShapeOf<typeof all>,
      { readonly id: Int; readonly name: string; readonly website?: string }
    >
  >();
  const withAvg = all.avgPrice();
  expectType<
    Equals<
      ShapeOf<typeof withAvg>,
      {
        readonly id: Int;
        readonly name: string;
        readonly website?: string;
        readonly avgPrice?: number;
      }
    >
  >();
  // The computed brand is gone from the shape: a plain number.
  expectType<Equals<ShapeOf<typeof withAvg>["avgPrice"], number | undefined>>();
  expectType<Equals<BookStore["avgPrice"], Computed<number> | undefined>>();
  const book = fetcher(Book).allScalarFields();
  expectType<
    Equals<
      ShapeOf<typeof book>,
      {
        readonly id: Int;
        readonly name: string;
        readonly edition: Int;
        readonly price: number;
        readonly tenant: string;
      }
    >
  >();
  assert.equal(String(all), "{ id name website }");
  assert.equal(String(withAvg), "{ id name website avgPrice }");
});

Deno.test("types: recursive shapes", () => {
  type Tree = ShapeOf<typeof TreeController.TREE_FETCHER>;
  type Node = TreeLevel & { readonly childNodes?: readonly Node[] };
  // Each level has the child shape, and childNodes again, optionally.
  const tree: Tree = {
    id: 1,
    name: "root",
    kind: "FOLDER",
    childNodes: [{
      id: 2,
      name: "a",
      kind: "FOLDER",
      childNodes: [{ id: 3, name: "b", kind: "ITEM" }],
    }],
  };
  const asNode: Node = tree;
  const back: Tree = asNode;
  expectType<Equals<Tree["name"], string>>();
  expectType<
    Equals<
      NonNullable<Tree["childNodes"]>[number]["kind"],
      NodeKind
    >
  >();
  type Grandchild = NonNullable<
    NonNullable<Tree["childNodes"]>[number]["childNodes"]
  >[number];
  expectType<Equals<Grandchild["kind"], NodeKind>>();
  expectType<
    Equals<
      Grandchild["childNodes"],
      NonNullable<Tree["childNodes"]> | undefined
    >
  >();
  const grandchild = tree.childNodes?.[0]?.childNodes?.[0];
  // @ts-expect-error the recursive levels have no parent
  grandchild?.parent;
  const wrongLevel: Tree = {
    id: 1,
    name: "root",
    kind: "FOLDER",
    // @ts-expect-error every level needs the child shape's name
    childNodes: [{ id: 2, kind: "ITEM" }],
  };
  // A recursive many-to-one: a single optional object, recursively.
  const ancestors = fetcher(TreeNode).name().parent(fetcher(TreeNode).name(), {
    recursive: true,
    depth: 3,
  });
  type Up = ShapeOf<typeof ancestors>;
  expectType<Equals<Up["name"], string>>();
  expectType<
    Equals<NonNullable<Up["parent"]>["parent"], Up["parent"]>
  >();
  expectType<Equals<NonNullable<Up["parent"]>["name"], string>>();
  // @ts-expect-error the parent is one node, not an array
  ({} as Up).parent?.[0];
  assert.equal(back, tree);
  assert.equal(grandchild?.name, "b");
  assert.ok(wrongLevel);
});

Deno.test("types: FetchBy in its three forms", () => {
  // FetchBy<typeof Owner.CONSTANT> is the shape.
  expectType<
    Equals<FetchBy<typeof BookController.SIMPLE_FETCHER>, SimpleShape>
  >();
  expectType<
    Equals<FetchBy<typeof BookController.COMPLEX_FETCHER>, ComplexShape>
  >();
  // FetchBy<"CONSTANT", typeof Owner> is the same shape.
  expectType<
    Equals<FetchBy<"SIMPLE_FETCHER", typeof BookController>, SimpleShape>
  >();
  expectType<
    Equals<
      FetchBy<"PRODUCT_NAME", typeof ShopFetchers>,
      ShapeOf<typeof ShopFetchers.PRODUCT_NAME>
    >
  >();
  // FetchBy<"CONSTANT"> cannot be checked: any fetched object.
  expectType<Equals<FetchBy<"PRODUCT">, FetchedObject>>();
  // A missing constant is never.
  expectType<Equals<FetchBy<"NOPE", typeof BookController>, never>>();
  // Not a fetcher, not a name: never.
  expectType<Equals<FetchBy<number>, never>>();
  const simple: FetchBy<"SIMPLE_FETCHER", typeof BookController> = {
    id: 1,
    name: "n",
    edition: 1,
    price: 1,
  };
  // @ts-expect-error the named constant's shape is checked too
  const missing: FetchBy<"SIMPLE_FETCHER", typeof BookController> = { id: 1 };
  assert.ok(simple && missing);
});
