import assert from "node:assert/strict";
import { applyFetcher, MAX_RECURSION_DEPTH } from "./apply_fetcher.ts";
import { type AnyFetcher, fetcher } from "./fetcher.ts";
import { compileFetcher } from "./fetcher_compiler.ts";
import { Author, Book, BookStore } from "../../fixtures/bookstore/entities.ts";
import { sampleData } from "../../fixtures/bookstore/data.ts";
import { BookController } from "../../fixtures/bookstore/book_controller.ts";
import { AuthorWithStores } from "../../fixtures/bookstore/author_controller.ts";
import { TreeNode } from "../../fixtures/treeshop/entities.ts";
import { TreeController } from "../../fixtures/treeshop/tree_controller.ts";

const OREILLY_AVG = (50 + 55 + 51 + 73 + 69 + 47.5) / 6;

Deno.test("SIMPLE_FETCHER projects every book to id, name, edition, price", () => {
  const { books } = sampleData();
  const projected = books.map((book) =>
    applyFetcher(BookController.SIMPLE_FETCHER, book)
  );
  assert.deepEqual(projected, [
    { id: 1, name: "Learning GraphQL", edition: 1, price: 50 },
    { id: 2, name: "Learning GraphQL", edition: 2, price: 55 },
    { id: 3, name: "Learning GraphQL", edition: 3, price: 51 },
    { id: 4, name: "Effective TypeScript", edition: 1, price: 73 },
    { id: 5, name: "Effective TypeScript", edition: 2, price: 69 },
    { id: 6, name: "Programming TypeScript", edition: 1, price: 47.5 },
    { id: 7, name: "GraphQL in Action", edition: 1, price: 80 },
    { id: 8, name: "GraphQL in Action", edition: 2, price: 81 },
    { id: 9, name: "Unpublished Notes", edition: 1, price: 10 },
  ]);
  // A new graph: the data is not touched.
  assert.notEqual(projected[0], books[0]);
  assert.equal(books[0]?.tenant, "b");
});

Deno.test("COMPLEX_FETCHER: tenant dropped, null website left out, store and authors trimmed", () => {
  const { books } = sampleData();
  const byId = (id: number) => books.find((book) => book.id === id)!;
  assert.deepEqual(applyFetcher(BookController.COMPLEX_FETCHER, byId(1)), {
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
  assert.deepEqual(applyFetcher(BookController.COMPLEX_FETCHER, byId(7)), {
    id: 7,
    name: "GraphQL in Action",
    edition: 1,
    price: 80,
    store: {
      id: 2,
      name: "MANNING",
      website: "https://www.manning.com",
      avgPrice: 80.5,
    },
    authors: [{ id: 5, firstName: "Samer", lastName: "Buna", gender: "MALE" }],
  });
  // No store: the key is absent, not null.
  const unpublished = applyFetcher(BookController.COMPLEX_FETCHER, byId(9));
  assert.deepEqual(unpublished, {
    id: 9,
    name: "Unpublished Notes",
    edition: 1,
    price: 10,
    authors: [{ id: 5, firstName: "Samer", lastName: "Buna", gender: "MALE" }],
  });
  assert.equal("store" in unpublished, false);
  assert.equal("tenant" in unpublished, false);
  const oreilly = applyFetcher(BookController.COMPLEX_FETCHER, byId(1)).store;
  assert.equal(oreilly !== undefined && "website" in oreilly, false);
});

Deno.test("hybrid fetchers and to-many associations as arrays", () => {
  const { authors, stores } = sampleData();
  assert.deepEqual(
    authors.map((a) => applyFetcher(AuthorWithStores.AUTHOR_FETCHER, a)),
    [
      { id: 1, firstName: "Eve", lastName: "Procello" },
      { id: 2, firstName: "Alex", lastName: "Banks" },
      { id: 3, firstName: "Dan", lastName: "Vanderkam" },
      { id: 4, firstName: "Boris", lastName: "Cherny" },
      { id: 5, firstName: "Samer", lastName: "Buna" },
    ],
  );
  const storeBooks = fetcher(BookStore).name().books(
    fetcher(Book).edition().authors(),
  );
  assert.deepEqual(applyFetcher(storeBooks, stores[1]!), {
    id: 2,
    name: "MANNING",
    books: [
      { id: 7, edition: 1, authors: [{ id: 5 }] },
      { id: 8, edition: 2, authors: [{ id: 5 }] },
    ],
  });
  // An empty to-many stays an empty array.
  assert.deepEqual(
    applyFetcher(storeBooks, { id: 3, name: "empty", books: [] }),
    { id: 3, name: "empty", books: [] },
  );
});

Deno.test("extra fields are dropped, missing and null ones left out", () => {
  const data = {
    id: 1,
    name: "n",
    edition: null,
    secret: "s",
    tenant: "t",
    store: { id: 2, name: "s", website: undefined, password: "p" },
    authors: [null, { id: 3, firstName: "f", extra: true }, 42, "x"],
  };
  const f = fetcher(Book).name().edition().price().store(
    fetcher(BookStore).name().website(),
  ).authors(fetcher(Author).firstName().lastName());
  assert.deepEqual(applyFetcher(f, data), {
    id: 1,
    name: "n",
    store: { id: 2, name: "s" },
    // non-objects in an association array are skipped
    authors: [{ id: 3, firstName: "f" }],
  });
  // An association holding a non-object is left out.
  assert.deepEqual(
    applyFetcher(fetcher(Book).store(), { id: 1, store: "nope" }),
    { id: 1 },
  );
  // Scalars are copied as they are, falsy ones included.
  assert.deepEqual(
    applyFetcher(fetcher(Book).name().price(), { id: 0, name: "", price: 0 }),
    { id: 0, name: "", price: 0 },
  );
});

Deno.test("compiled fetchers project like the DSL's", () => {
  const { books } = sampleData();
  const compiled = compileFetcher(Book, String(BookController.COMPLEX_FETCHER));
  for (const book of books) {
    assert.deepEqual(
      applyFetcher(compiled, book),
      applyFetcher(BookController.COMPLEX_FETCHER, book),
    );
  }
  assert.deepEqual(
    applyFetcher(compileFetcher(Book, "{ store { name } }"), books[0]!),
    { id: 1, store: { id: 1, name: "O'REILLY" } },
  );
});

Deno.test("a cyclic graph through non-recursive fetchers terminates", () => {
  const { books } = sampleData();
  // book -> store -> books -> store -> ... as deep as the fetcher says.
  const f = compileFetcher(
    Book,
    "{ store { books { store { name } } } }",
  );
  const projected = applyFetcher(f, books[6]!) as unknown;
  assert.deepEqual(projected, {
    id: 7,
    store: {
      id: 2,
      books: [
        { id: 7, store: { id: 2, name: "MANNING" } },
        { id: 8, store: { id: 2, name: "MANNING" } },
      ],
    },
  });
});

interface Node {
  id: number;
  name: string;
  kind: "FOLDER" | "ITEM";
  secret?: string;
  parent: Node | null;
  childNodes: Node[];
}

/** root(1) -> a(2) -> [b(4) -> [d(6)], c(5)], e(3) */
function tree(): Node {
  const node = (
    id: number,
    name: string,
    children: Node[] = [],
  ): Node => {
    const created: Node = {
      id,
      name,
      kind: children.length > 0 ? "FOLDER" : "ITEM",
      secret: "x",
      parent: null,
      childNodes: children,
    };
    for (const child of children) child.parent = created;
    return created;
  };
  return node(1, "root", [
    node(2, "a", [node(4, "b", [node(6, "d")]), node(5, "c")]),
    node(3, "e"),
  ]);
}

Deno.test("recursive tree: TREE_FETCHER loads the whole subtree", () => {
  const leaf = (id: number, name: string) => ({
    id,
    name,
    kind: "ITEM",
    childNodes: [],
  });
  assert.deepEqual(applyFetcher(TreeController.TREE_FETCHER, tree()), {
    id: 1,
    name: "root",
    kind: "FOLDER",
    childNodes: [
      {
        id: 2,
        name: "a",
        kind: "FOLDER",
        childNodes: [
          {
            id: 4,
            name: "b",
            kind: "FOLDER",
            childNodes: [leaf(6, "d")],
          },
          leaf(5, "c"),
        ],
      },
      leaf(3, "e"),
    ],
  });
});

Deno.test("recursive tree: the depth limits the levels", () => {
  const levels = (depth: number) =>
    applyFetcher(
      compileFetcher(TreeNode, `{ name childNodes(depth: ${depth}) { name } }`),
      tree(),
    );
  assert.deepEqual(levels(1), {
    id: 1,
    name: "root",
    childNodes: [{ id: 2, name: "a" }, { id: 3, name: "e" }],
  });
  assert.deepEqual(levels(2), {
    id: 1,
    name: "root",
    childNodes: [
      {
        id: 2,
        name: "a",
        childNodes: [{ id: 4, name: "b" }, { id: 5, name: "c" }],
      },
      { id: 3, name: "e", childNodes: [] },
    ],
  });
  assert.notDeepEqual(levels(3), levels(4));
  assert.deepEqual(levels(4), levels(10));
  assert.deepEqual(
    levels(4),
    applyFetcher(
      compileFetcher(TreeNode, "{ name childNodes(recursive) { name } }"),
      tree(),
    ),
  );
  // A recursive many-to-one: the ancestors, up to the depth.
  const d = tree().childNodes[0]!.childNodes[0]!.childNodes[0]!;
  const up = (text: string) => applyFetcher(compileFetcher(TreeNode, text), d);
  assert.deepEqual(up("{ name parent(depth: 2) { name } }"), {
    id: 6,
    name: "d",
    parent: { id: 4, name: "b", parent: { id: 2, name: "a" } },
  });
  assert.deepEqual(up("{ parent(recursive) }"), {
    id: 6,
    parent: { id: 4, parent: { id: 2, parent: { id: 1 } } },
  });
});

/** Levels of `parent` in a projected chain. */
function chainLength(node: unknown): number {
  let count = 0;
  let current = (node as { parent?: unknown }).parent;
  while (current !== undefined) {
    count++;
    current = (current as { parent?: unknown }).parent;
  }
  return count;
}

Deno.test("recursive chain without depth stops at MAX_RECURSION_DEPTH", () => {
  let node: Node = {
    id: 0,
    name: "n0",
    kind: "ITEM",
    parent: null,
    childNodes: [],
  };
  for (let id = 1; id <= 200; id++) {
    node = { id, name: `n${id}`, kind: "ITEM", parent: node, childNodes: [] };
  }
  const unbounded = fetcher(TreeNode).parent(fetcher(TreeNode), {
    recursive: true,
  });
  assert.equal(chainLength(applyFetcher(unbounded, node)), MAX_RECURSION_DEPTH);
  const bounded = fetcher(TreeNode).parent(fetcher(TreeNode), {
    recursive: true,
    depth: 5,
  });
  assert.equal(chainLength(applyFetcher(bounded, node)), 5);
});

Deno.test("recursive selection over a cyclic graph terminates", () => {
  const a: Node = {
    id: 1,
    name: "a",
    kind: "FOLDER",
    parent: null,
    childNodes: [],
  };
  const b: Node = {
    id: 2,
    name: "b",
    kind: "FOLDER",
    parent: a,
    childNodes: [a],
  };
  a.childNodes.push(b);
  a.parent = b;
  const f = fetcher(TreeNode).name().childNodes(fetcher(TreeNode).name(), {
    recursive: true,
  });
  // b's child would repeat its ancestor a: the cycle is cut there.
  assert.deepEqual(applyFetcher(f, a), {
    id: 1,
    name: "a",
    childNodes: [{ id: 2, name: "b", childNodes: [] }],
  });
  const up = fetcher(TreeNode).parent(fetcher(TreeNode), { recursive: true });
  assert.deepEqual(applyFetcher(up, a), { id: 1, parent: { id: 2 } });
  // A node that is its own child.
  const self: Node = {
    id: 9,
    name: "self",
    kind: "FOLDER",
    parent: null,
    childNodes: [],
  };
  self.childNodes.push(self, self);
  assert.deepEqual(applyFetcher(f, self), {
    id: 9,
    name: "self",
    childNodes: [],
  });
  // A shared (not cyclic) node appears wherever it is reachable.
  const shared: Node = {
    id: 7,
    name: "shared",
    kind: "ITEM",
    parent: null,
    childNodes: [],
  };
  const diamond: Node = {
    id: 8,
    name: "top",
    kind: "FOLDER",
    parent: null,
    childNodes: [shared, shared],
  };
  assert.deepEqual(applyFetcher(f, diamond), {
    id: 8,
    name: "top",
    childNodes: [
      { id: 7, name: "shared", childNodes: [] },
      { id: 7, name: "shared", childNodes: [] },
    ],
  });
});

Deno.test("applyFetcher rejects what is not a fetcher", () => {
  assert.throws(
    () => applyFetcher({} as unknown as AnyFetcher, {}),
    TypeError,
  );
});

Deno.test("a parent chain of 8,000 objects under a huge depth: no stack overflow", () => {
  let node: Node = {
    id: 0,
    name: "n0",
    kind: "ITEM",
    parent: null,
    childNodes: [],
  };
  for (let id = 1; id < 8000; id++) {
    node = { id, name: `n${id}`, kind: "ITEM", parent: node, childNodes: [] };
  }
  const f = fetcher(TreeNode).parent(fetcher(TreeNode), {
    recursive: true,
    depth: Number.MAX_SAFE_INTEGER,
  });
  assert.equal(chainLength(applyFetcher(f, node)), 7999);
});

Deno.test("a DAG listing each next level twice is projected in linear time", () => {
  // 40 levels: 2^40 paths, 41 objects. Exponential work would never finish.
  let node: Node = {
    id: 40,
    name: "n40",
    kind: "ITEM",
    parent: null,
    childNodes: [],
  };
  for (let id = 39; id >= 0; id--) {
    node = {
      id,
      name: `n${id}`,
      kind: "FOLDER",
      parent: null,
      childNodes: [node, node],
    };
  }
  const f = fetcher(TreeNode).name().childNodes(fetcher(TreeNode).name(), {
    recursive: true,
  });
  const projected = applyFetcher(f, node) as unknown as Node;
  let level: Node = projected;
  let levels = 0;
  while (level.childNodes.length > 0) {
    assert.equal(level.childNodes.length, 2);
    level = level.childNodes[0]!;
    levels++;
  }
  assert.equal(levels, 40);
  assert.equal(level.name, "n40");
});

Deno.test('absent: "null" writes null where a selected value is absent', () => {
  const data = {
    id: 1,
    name: "n",
    edition: null,
    secret: "s",
    store: { id: 2, name: "s", website: undefined },
    authors: [null, { id: 3, firstName: "f" }],
  };
  const f = fetcher(Book).name().edition().price().store(
    fetcher(BookStore).name().website(),
  ).authors(fetcher(Author).firstName());
  assert.deepEqual(applyFetcher(f, data, { absent: "null" }), {
    id: 1,
    name: "n",
    edition: null,
    price: null,
    store: { id: 2, name: "s", website: null },
    // array elements that are not objects are still skipped
    authors: [{ id: 3, firstName: "f" }],
  });
  assert.deepEqual(
    applyFetcher(fetcher(Book).store(), { id: 1, store: "nope" }, {
      absent: "null",
    }),
    { id: 1, store: null },
  );
  // A recursive selection ends in null at its depth.
  const levels = applyFetcher(
    compileFetcher(TreeNode, "{ name childNodes(depth: 1) { name } }"),
    tree(),
    { absent: "null" },
  );
  assert.deepEqual(levels, {
    id: 1,
    name: "root",
    childNodes: [
      { id: 2, name: "a", childNodes: null },
      { id: 3, name: "e", childNodes: null },
    ],
  });
  // The default leaves them out, as before.
  assert.deepEqual(
    applyFetcher(f, data, { absent: "omit" }),
    applyFetcher(f, data),
  );
});
