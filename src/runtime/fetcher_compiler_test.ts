import assert from "node:assert/strict";
import {
  compileFetcher,
  type CompileFetcherOptions,
  FetcherSyntaxError,
} from "./fetcher_compiler.ts";
import { type AnyFetcher, fetcher, isFetcher } from "./fetcher.ts";
import type { AnyClass } from "./metadata.ts";
import { Author, Book, BookStore } from "../../fixtures/bookstore/entities.ts";
import { BookController } from "../../fixtures/bookstore/book_controller.ts";
import { AuthorWithStores } from "../../fixtures/bookstore/author_controller.ts";
import { Product, TreeNode } from "../../fixtures/treeshop/entities.ts";
import { ShopFetchers } from "../../fixtures/treeshop/fetchers.ts";
import { TreeController } from "../../fixtures/treeshop/tree_controller.ts";

/** Every static fetcher constant of the fixture classes, by `Owner.NAME`. */
function fixtureFetchers(): [string, AnyFetcher][] {
  const owners: AnyClass[] = [
    BookController,
    AuthorWithStores,
    TreeController,
    ShopFetchers,
  ];
  const found: [string, AnyFetcher][] = [];
  for (const owner of owners) {
    for (const key of Object.getOwnPropertyNames(owner)) {
      const value = (owner as unknown as Record<string, unknown>)[key];
      if (isFetcher(value)) found.push([`${owner.name}.${key}`, value]);
    }
  }
  return found;
}

/** Runs `compileFetcher` and returns the error it must throw. */
function compileError(
  entity: AnyClass,
  text: string,
  options?: CompileFetcherOptions,
): FetcherSyntaxError {
  try {
    compileFetcher(entity, text, options);
  } catch (error) {
    assert(
      error instanceof FetcherSyntaxError,
      `${JSON.stringify(text)}: threw ${error}`,
    );
    return error;
  }
  throw new Error(`${JSON.stringify(text)} compiled, expected an error`);
}

Deno.test("every fixture fetcher round-trips through its text form", () => {
  const fetchers = fixtureFetchers();
  assert.deepEqual(fetchers.map(([name]) => name), [
    "BookController.SIMPLE_FETCHER",
    "BookController.COMPLEX_FETCHER",
    "AuthorWithStores.AUTHOR_FETCHER",
    "AuthorWithStores.STORE_FETCHER",
    "TreeController.TREE_FETCHER",
    "TreeController.NODE_FETCHER",
    "TreeController.WAREHOUSE_FETCHER",
    "TreeController.WAREHOUSE_CITY_FETCHER",
    "ShopFetchers.PRODUCT",
    "ShopFetchers.PRODUCT_NAME",
  ]);
  for (const [name, original] of fetchers) {
    const text = String(original);
    const compiled = compileFetcher(original.entity, text);
    assert(compiled.equals(original), `${name}: ${text} -> ${compiled}`);
    assert(original.equals(compiled), name);
    assert.equal(compiled.entity, original.entity, name);
    assert.equal(String(compiled), text, name);
    // The selections are the same structure, not only the same text.
    assert.deepEqual(
      [...compiled.selections.keys()],
      [...original.selections.keys()],
      name,
    );
  }
});

Deno.test("the fixture texts are the expected ones", () => {
  assert.equal(
    String(BookController.COMPLEX_FETCHER),
    "{ id name edition price store { id name website avgPrice } authors { id firstName lastName gender } }",
  );
  assert.equal(
    String(TreeController.TREE_FETCHER),
    "{ id name kind childNodes(recursive) { id name kind } }",
  );
  assert.equal(
    String(TreeController.NODE_FETCHER),
    "{ id name parent { id } }",
  );
});

Deno.test("hand-written texts compile to the DSL's fetchers", () => {
  const cases: [AnyClass, string, AnyFetcher][] = [
    [
      Book,
      "{ name store { name } authors { firstName, lastName } }",
      fetcher(Book).name().store(fetcher(BookStore).name()).authors(
        fetcher(Author).firstName().lastName(),
      ),
    ],
    [Book, "{}", fetcher(Book)],
    [Book, "{ id }", fetcher(Book)],
    [Book, "{ id, }", fetcher(Book)],
    [Book, "{name}", fetcher(Book).name()],
    [Book, "{name,edition,price}", BookController.SIMPLE_FETCHER],
    [Book, "{ price, edition name }", BookController.SIMPLE_FETCHER],
    [Book, "{ name , edition , price , }", BookController.SIMPLE_FETCHER],
    [Book, "{ store }", fetcher(Book).store()],
    [Book, "{ store {} }", fetcher(Book).store()],
    [Book, "{ store, authors }", fetcher(Book).store().authors()],
    [
      Book,
      "\t{\n  name\r\n  store {\r    name website\n  }\n}\n",
      fetcher(Book).name().store(fetcher(BookStore).name().website()),
    ],
    [BookStore, "{ avgPrice }", fetcher(BookStore).avgPrice()],
    [
      BookStore,
      "{ books { authors { books { store } } } }",
      fetcher(BookStore).books(
        fetcher(Book).authors(fetcher(Author).books(fetcher(Book).store())),
      ),
    ],
    [
      TreeNode,
      "{ name childNodes(recursive) { name } }",
      fetcher(TreeNode).name().childNodes(fetcher(TreeNode).name(), {
        recursive: true,
      }),
    ],
    [
      TreeNode,
      "{ childNodes(recursive) }",
      fetcher(TreeNode).childNodes(fetcher(TreeNode), { recursive: true }),
    ],
    [
      TreeNode,
      "{ parent(depth: 3) { name } }",
      fetcher(TreeNode).parent(fetcher(TreeNode).name(), {
        recursive: true,
        depth: 3,
      }),
    ],
    [
      TreeNode,
      "{ parent( recursive , depth:3 ) { name } }",
      fetcher(TreeNode).parent(fetcher(TreeNode).name(), {
        recursive: true,
        depth: 3,
      }),
    ],
    [
      TreeNode,
      "{ parent(depth: 3, recursive) { name } }",
      fetcher(TreeNode).parent(fetcher(TreeNode).name(), {
        recursive: true,
        depth: 3,
      }),
    ],
    [
      Product,
      "{ category { childNodes(depth: 2) { name parent } } }",
      fetcher(Product).category(
        fetcher(TreeNode).childNodes(fetcher(TreeNode).name().parent(), {
          recursive: true,
          depth: 2,
        }),
      ),
    ],
  ];
  for (const [entity, text, wanted] of cases) {
    const compiled = compileFetcher(entity, text);
    assert(
      compiled.equals(wanted),
      `${JSON.stringify(text)}: got ${compiled}, want ${wanted}`,
    );
  }
});

Deno.test("compiled fetchers keep the recursion options", () => {
  const compiled = compileFetcher(TreeNode, "{ parent(depth: 3) { name } }");
  const parent = compiled.selections.get("parent");
  assert(parent?.kind === "association");
  assert.deepEqual(parent.recursive, { depth: 3 });
  assert.equal(parent.child.entity, TreeNode);
  const unbounded = compileFetcher(TreeNode, "{ parent(recursive) }")
    .selections.get("parent");
  assert(unbounded?.kind === "association");
  assert.deepEqual(unbounded.recursive, {});
  const plain = compileFetcher(TreeNode, "{ parent }").selections.get("parent");
  assert(plain?.kind === "association");
  assert.equal(plain.recursive, undefined);
});

/** [entity, text, "line:column", message substring] */
const ERRORS: [AnyClass, string, string, string][] = [
  // empty input
  [Book, "", "1:1", `expected "{" but found end of input`],
  [Book, "   ", "1:4", `expected "{" but found end of input`],
  [Book, "\n\n  ", "3:3", `expected "{" but found end of input`],
  // not starting with a brace
  [Book, "name", "1:1", `expected "{" but found "name"`],
  [Book, "}", "1:1", `expected "{" but found "}"`],
  // unknown field
  [Book, "{ nope }", "1:3", `unknown field "nope" of Book`],
  [
    Book,
    "{ name store { nope } }",
    "1:16",
    `unknown field "nope" of BookStore`,
  ],
  [Book, "{ Name }", "1:3", `unknown field "Name" of Book`],
  [Book, "{ allScalarFields }", "1:3", `unknown field "allScalarFields"`],
  [Book, "{ toString }", "1:3", `unknown field "toString" of Book`],
  [Book, "{ __proto__ }", "1:3", `unknown field "__proto__" of Book`],
  [
    Book,
    "{\n  name\n  store {\n    name\n    nope\n  }\n}",
    "5:5",
    `unknown field "nope" of BookStore`,
  ],
  // duplicate field
  [Book, "{ name name }", "1:8", `duplicate field "name" of Book`],
  [Book, "{ id id }", "1:6", `duplicate field "id" of Book`],
  // scalar given a body or options
  [
    Book,
    "{ name { id } }",
    "1:8",
    `scalar field "name" of Book cannot have a body`,
  ],
  [Book, "{ id {} }", "1:6", `scalar field "id" of Book cannot have a body`],
  [
    BookStore,
    "{ avgPrice { id } }",
    "1:12",
    `scalar field "avgPrice" of BookStore cannot have a body`,
  ],
  [
    TreeNode,
    "{ name(recursive) }",
    "1:7",
    `scalar field "name" of TreeNode takes no options`,
  ],
  // recursive option on a non-self association
  [
    Book,
    "{ store(recursive) { name } }",
    "1:8",
    `association "store" of Book is not a self-association and cannot be recursive`,
  ],
  [
    Product,
    "{\n  category(depth: 2)\n}",
    "2:11",
    `association "category" of Product is not a self-association`,
  ],
  // bad recursion options
  [
    TreeNode,
    "{ parent() }",
    "1:10",
    `expected "recursive", "depth", "orderBy", "limit" or "offset" but found ")"`,
  ],
  [
    TreeNode,
    "{ parent(deep) }",
    "1:10",
    `expected "recursive", "depth", "orderBy", "limit" or "offset" but found "deep"`,
  ],
  [TreeNode, "{ parent(depth) }", "1:15", `expected ":" but found ")"`],
  [
    TreeNode,
    "{ parent(depth:) }",
    "1:16",
    `expected a positive integer but found ")"`,
  ],
  [
    TreeNode,
    "{ parent(depth: x) }",
    "1:17",
    `expected a positive integer but found "x"`,
  ],
  [
    TreeNode,
    "{ parent(depth: 0) }",
    "1:17",
    `depth must be a positive integer`,
  ],
  [
    TreeNode,
    "{ parent(depth: 123456789012345678901234567890) }",
    "1:17",
    `depth must be a positive integer`,
  ],
  [
    TreeNode,
    "{ parent(depth: 2.5) }",
    "1:18",
    `expected "," or ")" but found character "."`,
  ],
  [
    TreeNode,
    "{ parent(recursive recursive) }",
    "1:20",
    `expected "," or ")" but found "recursive"`,
  ],
  [
    TreeNode,
    "{ parent(recursive, recursive) }",
    "1:21",
    `duplicate option "recursive"`,
  ],
  [
    TreeNode,
    "{ parent(depth: 1, depth: 2) }",
    "1:20",
    `duplicate option "depth"`,
  ],
  [
    TreeNode,
    "{ parent(recursive,) }",
    "1:20",
    `expected "recursive", "depth", "orderBy", "limit" or "offset" but found ")"`,
  ],
  [
    TreeNode,
    "{ parent(recursive",
    "1:19",
    `expected "," or ")" but found end of input`,
  ],
  [
    TreeNode,
    "{ parent { name } (recursive) }",
    "1:19",
    `expected field name, "," or "}" but found "("`,
  ],
  // commas
  [Book, "{ , name }", "1:3", `expected field name or "}" but found ","`],
  [Book, "{ , }", "1:3", `expected field name or "}" but found ","`],
  [
    Book,
    "{ name,, edition }",
    "1:8",
    `expected field name or "}" but found ","`,
  ],
  [Book, "{ name , , }", "1:10", `expected field name or "}" but found ","`],
  [Book, "{ name, }, ", "1:10", `expected end of input but found ","`],
  // unbalanced braces
  [Book, "{", "1:2", `expected "}" but found end of input`],
  [Book, "{ name", "1:7", `expected "}" but found end of input`],
  [Book, "{ name,", "1:8", `expected "}" but found end of input`],
  [
    Book,
    "{ name store { name }",
    "1:22",
    `expected "}" but found end of input`,
  ],
  [
    Book,
    "{\n  name\n  store {\n    name\n",
    "5:1",
    `expected "}" but found end of input`,
  ],
  [
    Book,
    "{ name store { name } } }",
    "1:25",
    `expected end of input but found "}"`,
  ],
  [Book, "{ { name } }", "1:3", `expected field name or "}" but found "{"`],
  [Book, "{ name } {", "1:10", `expected end of input but found "{"`],
  // garbage characters
  [
    Book,
    "{ name # }",
    "1:8",
    `expected field name, "," or "}" but found character "#"`,
  ],
  [Book, "{ name; edition }", "1:7", `found character ";"`],
  [
    Book,
    '{ "name" }',
    "1:3",
    `expected field name or "}" but found character "\\""`,
  ],
  [Book, "{ name\0 }", "1:7", `found character "\\u0000"`],
  [Book, "{ 😀 name }", "1:3", `found character "😀"`],
  [Book, "{ 𝒳 }", "1:3", `unknown field "𝒳" of Book`],
  [
    Book,
    "{ name 42 }",
    "1:8",
    `expected field name, "," or "}" but found "42"`,
  ],
  [Book, "{ name: 1 }", "1:7", `found ":"`],
  [Book, "\u00a0{ name }", "1:1", `expected "{" but found character "\u00a0"`],
  [Book, "{ name ) }", "1:8", `found ")"`],
  // text after the closing brace
  [Book, "{ name } x", "1:10", `expected end of input but found "x"`],
  [
    Book,
    "{ name }\n\n  extra",
    "3:3",
    `expected end of input but found "extra"`,
  ],
  [
    Book,
    "{ name }\r\n\r\n  extra",
    "3:3",
    `expected end of input but found "extra"`,
  ],
  [
    Book,
    "{ name }\r\r  extra",
    "3:3",
    `expected end of input but found "extra"`,
  ],
  [Book, "{ name }}", "1:9", `expected end of input but found "}"`],
  // long names are shortened in messages
  [
    Book,
    `{ ${"x".repeat(100)} }`,
    "1:3",
    `unknown field "${"x".repeat(40)}…" of Book`,
  ],
];

Deno.test("errors name the position and what was expected", () => {
  for (const [entity, text, position, message] of ERRORS) {
    const error = compileError(entity, text);
    const label = JSON.stringify(text);
    assert.equal(`${error.line}:${error.column}`, position, label);
    assert(
      error.message.includes(message),
      `${label}: "${error.message}" lacks "${message}"`,
    );
    assert(
      error.message.endsWith(` at ${position}`),
      `${label}: "${error.message}" does not end with its position`,
    );
    assert.equal(error.name, "FetcherSyntaxError");
  }
});

/** `{ store { books { store { books ... } } } }` with `levels` braces. */
function nested(levels: number): string {
  let text = "{ id }";
  for (let level = levels - 1; level >= 1; level--) {
    text = `{ ${level % 2 === 1 ? "store" : "books"} ${text} }`;
  }
  return text;
}

Deno.test("depth limit: 16 nested braces by default", () => {
  const deepest = compileFetcher(Book, nested(16));
  assert(isFetcher(deepest));
  assert.equal(compileFetcher(Book, String(deepest)).equals(deepest), true);
  const error = compileError(Book, nested(17));
  assert(
    error.message.includes("nesting deeper than 16 braces"),
    error.message,
  );
  // The 17th "{" is the innermost one.
  assert.equal(error.column, nested(17).lastIndexOf("{") + 1);
  assert.equal(error.line, 1);
});

Deno.test("depth limit: maxDepth option", () => {
  assert(isFetcher(compileFetcher(Book, nested(3), { maxDepth: 3 })));
  const error = compileError(Book, nested(4), { maxDepth: 3 });
  assert(error.message.includes("nesting deeper than 3 braces"));
  assert(isFetcher(compileFetcher(Book, "{}", { maxDepth: 1 })));
  compileError(Book, "{ store {} }", { maxDepth: 1 });
  assert(isFetcher(compileFetcher(Book, nested(256), { maxDepth: 256 })));
});

Deno.test("depth limit: a hostile run of braces fails fast, without stack overflow", () => {
  const text = "{ store { books ".repeat(4000) + "}".repeat(8000);
  const error = compileError(Book, text, { maxLength: 1_000_000 });
  assert(error.message.includes("nesting deeper than 16 braces"));
  assert.equal(error.column, 8 * 16 + 1);
  const unmatched = compileError(Book, "{".repeat(100_000), {
    maxLength: 1_000_000,
  });
  assert.equal(unmatched.column, 2);
});

Deno.test("length limit: checked before anything else", () => {
  const padded = "{ name }" + " ".repeat(8192 - 8);
  assert.equal(padded.length, 8192);
  assert(isFetcher(compileFetcher(Book, padded)));
  const error = compileError(Book, padded + " ");
  assert(
    error.message.includes("fetcher text longer than 8192 characters"),
    error.message,
  );
  assert.equal(`${error.line}:${error.column}`, "1:8193");
  // Even garbage is reported as too long first.
  const garbage = compileError(Book, "#".repeat(9000));
  assert(garbage.message.includes("longer than 8192"));
  // The position is where the first character over the limit stands.
  const lines = compileError(Book, "{\n  name\n}\n", { maxLength: 6 });
  assert.equal(`${lines.line}:${lines.column}`, "2:5");
  // Columns count code points: each emoji is one column.
  const emoji = compileError(Book, "{ 😀😀 }", { maxLength: 6 });
  assert.equal(`${emoji.line}:${emoji.column}`, "1:5");
  assert(lines.message.includes("longer than 6 characters"));
  assert(isFetcher(compileFetcher(Book, "{ name }", { maxLength: 8 })));
  compileError(Book, "{ name }", { maxLength: 7 });
});

Deno.test("invalid options and arguments are programming errors", () => {
  for (
    const options of [
      { maxDepth: 0 },
      { maxDepth: 1.5 },
      { maxDepth: 257 },
      { maxDepth: Number.NaN },
      { maxLength: 0 },
      { maxLength: Infinity },
      { maxRecursionDepth: 0 },
      { maxRecursionDepth: Number.MAX_SAFE_INTEGER + 2 },
    ]
  ) {
    let thrown: unknown;
    try {
      compileFetcher(Book, "{}", options);
    } catch (error) {
      thrown = error;
    }
    assert(thrown instanceof RangeError, JSON.stringify(options));
  }
  let thrown: unknown;
  try {
    compileFetcher(class NotAnEntity {}, "{}");
  } catch (error) {
    thrown = error;
  }
  assert(thrown instanceof TypeError);
});

Deno.test("null, undefined and other non-classes or non-strings: a TypeError that says so", () => {
  for (const entity of [null, undefined, 5, "Book", {}]) {
    assert.throws(() => compileFetcher(entity as never, "{}"), {
      name: "TypeError",
      message: `${String(entity)} is not an @Entity() class`,
    });
  }
  for (const text of [null, undefined, 5, {}, ["{}"]]) {
    assert.throws(() => compileFetcher(Book, text as never), {
      name: "TypeError",
      message: "compileFetcher needs the fetcher text as a string",
    });
  }
});

Deno.test("recursion depth: at most 64 unless the server raises maxRecursionDepth", () => {
  const parent = (depth: number) =>
    compileFetcher(TreeNode, `{ parent(depth: ${depth}) }`)
      .selections.get("parent");
  assert.deepEqual(parent(64), {
    kind: "association",
    child: fetcher(TreeNode),
    recursive: { depth: 64 },
  });
  const error = compileError(TreeNode, "{ parent(depth: 9007199254740991) }");
  assert.equal(
    error.message,
    `depth must be a positive integer up to 64, found "9007199254740991" at 1:17`,
  );
  compileError(TreeNode, "{ parent(depth: 65) }");
  const raised = compileFetcher(TreeNode, "{ parent(depth: 8000) }", {
    maxRecursionDepth: 10_000,
  });
  assert.deepEqual(raised.selections.get("parent"), {
    kind: "association",
    child: fetcher(TreeNode),
    recursive: { depth: 8000 },
  });
  compileError(TreeNode, "{ parent(depth: 3) }", { maxRecursionDepth: 2 });
});

Deno.test("FetcherSyntaxError carries a 1-based position", () => {
  const error = new FetcherSyntaxError("boom", 2, 7);
  assert.equal(error.message, "boom at 2:7");
  assert.equal(error.line, 2);
  assert.equal(error.column, 7);
  assert(error instanceof Error);
});

Deno.test("the id cannot be left out, so every fetcher has a text form", () => {
  // fetcherOf (and so the compiler) always selects the id; the DSL refuses
  // to drop it, otherwise `{ name }` would not compile back to its fetcher.
  // The type refuses it too; the run time guards untyped callers.
  // @ts-expect-error the id cannot be left out
  assert.throws(() => fetcher(Book).name().id(false), {
    name: "TypeError",
    message: "id is always selected",
  });
  assert.ok(fetcher(Book).id().equals(fetcher(Book)));
  assert.ok(compileFetcher(Book, "{ name }").equals(fetcher(Book).id().name()));
});
