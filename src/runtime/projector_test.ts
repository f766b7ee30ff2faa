import { mulberry32 } from "../testing/random.ts";
import assert from "node:assert/strict";
import { applyFetcher, type ApplyFetcherOptions } from "./apply_fetcher.ts";
import type { AnyFetcher } from "./fetcher.ts";
import { compileFetcher } from "./fetcher_compiler.ts";
import { compileProjector } from "./projector.ts";
import { Author, Book, BookStore } from "../../fixtures/bookstore/entities.ts";
import { sampleData } from "../../fixtures/bookstore/data.ts";
import { BookController } from "../../fixtures/bookstore/book_controller.ts";
import { AuthorWithStores } from "../../fixtures/bookstore/author_controller.ts";
import { TreeNode } from "../../fixtures/treeshop/entities.ts";
import { TreeController } from "../../fixtures/treeshop/tree_controller.ts";

const MODES: readonly ApplyFetcherOptions[] = [{}, { absent: "null" }];

/** The projector's JSON equals applyFetcher's, byte for byte. */
function assertSameJson(
  fetcher: AnyFetcher,
  data: object,
  options: ApplyFetcherOptions,
): void {
  assert.equal(
    JSON.stringify(compileProjector(fetcher, options)(data)),
    JSON.stringify(applyFetcher(fetcher, data, options)),
    `${String(fetcher)} ${JSON.stringify(options)}`,
  );
}

Deno.test("the fixtures' fetchers project the sample data as applyFetcher does", () => {
  const { books, stores, authors } = sampleData();
  const cases: [AnyFetcher, object[]][] = [
    [BookController.SIMPLE_FETCHER, books],
    [BookController.COMPLEX_FETCHER, books],
    [AuthorWithStores.AUTHOR_FETCHER, authors],
    [compileFetcher(BookStore, "{ name books { name authors { id } } }"), [
      ...stores,
    ]],
  ];
  for (const [fetcher, data] of cases) {
    for (const item of data) {
      for (const options of MODES) assertSameJson(fetcher, item, options);
    }
  }
});

Deno.test("a recursive fetcher keeps applyFetcher (cycles, depth)", () => {
  const root: Record<string, unknown> = { id: 1, name: "root" };
  const child: Record<string, unknown> = { id: 2, name: "a", parent: root };
  root["childNodes"] = [child, root];
  child["childNodes"] = [root];
  for (const options of MODES) {
    assertSameJson(TreeController.TREE_FETCHER, root, options);
    assertSameJson(
      compileFetcher(TreeNode, "{ name childNodes(depth: 1) { name } }"),
      root,
      options,
    );
  }
});

Deno.test("non-objects in associations and junk fields", () => {
  const f = compileFetcher(
    Book,
    "{ name price store { name website } authors { firstName } }",
  );
  const data = {
    id: 1,
    name: { nested: "kept as a scalar value" },
    price: 0,
    secret: "dropped",
    store: "not an object",
    authors: [null, 3, "x", { id: 2, firstName: "", lastName: "dropped" }],
  };
  for (const options of MODES) assertSameJson(f, data, options);
  assert.deepEqual(compileProjector(f)(data), {
    id: 1,
    name: { nested: "kept as a scalar value" },
    price: 0,
    authors: [{ id: 2, firstName: "" }],
  });
  assert.throws(
    () => compileProjector({} as AnyFetcher),
    /needs a fetcher/,
  );
});

const SCALARS: Record<string, readonly string[]> = {
  Book: ["name", "edition", "price", "tenant"],
  BookStore: ["name", "website", "avgPrice"],
  Author: ["firstName", "lastName", "gender"],
};
const ASSOCIATIONS: Record<string, readonly [string, string][]> = {
  Book: [["store", "BookStore"], ["authors", "Author"]],
  BookStore: [["books", "Book"]],
  Author: [["books", "Book"]],
};

function randomText(random: () => number, entity: string, depth: number) {
  const fields = SCALARS[entity]!.filter(() => random() < 0.5);
  for (const [name, target] of ASSOCIATIONS[entity]!) {
    if (depth < 3 && random() < 0.5) {
      fields.push(`${name} ${randomText(random, target, depth + 1)}`);
    }
  }
  return `{ ${fields.join(" ")} }`;
}

function randomGraph(random: () => number): object {
  const pool: Record<string, unknown>[] = [];
  const names = [...new Set(Object.values(SCALARS).flat()), "id"];
  const links = [
    ...new Set(Object.values(ASSOCIATIONS).flat().map(([n]) => n)),
  ];
  // Scalars hold no pool object (that would be cyclic JSON either way).
  const scalar = (): unknown => {
    const pick = random();
    if (pick < 0.2) return undefined;
    if (pick < 0.4) return null;
    if (pick < 0.6) return Math.floor(random() * 100);
    if (pick < 0.8) return `s${Math.floor(random() * 10)}`;
    if (pick < 0.9) return random() < 0.5;
    return { plain: [1, "two"] };
  };
  const link = (): unknown =>
    random() < 0.3 ? scalar() : pool[Math.floor(random() * pool.length)];
  for (let i = 0; i < 12; i++) pool.push({});
  for (const node of pool) {
    for (const name of names) if (random() < 0.8) node[name] = scalar();
    for (const name of links) {
      node[name] = random() < 0.5
        ? link()
        : Array.from({ length: Math.floor(random() * 4) }, link);
    }
  }
  return pool[0]!;
}

Deno.test("random fetchers over random graphs (cycles, shared objects, junk)", () => {
  const random = mulberry32(20261123);
  const entities = { Book, BookStore, Author };
  for (let i = 0; i < 500; i++) {
    const entity = (["Book", "BookStore", "Author"] as const)[i % 3]!;
    const fetcher = compileFetcher(
      entities[entity],
      randomText(random, entity, 0),
    );
    const data = randomGraph(random);
    for (const options of MODES) assertSameJson(fetcher, data, options);
  }
});
