import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { collectFetchers } from "./collect.ts";
import type { BuilderModule } from "./evaluate.ts";
import { frontEndProgram } from "./program.ts";
import {
  builder,
  BUILDER_TEXT,
  TREESHOP_BUILDER_TEXT,
  treeshopBuilder,
} from "./testdata/builder.ts";

const ROOT = "/front";
const BUILDER_PATH = `${ROOT}/src/__generated/fetchers.ts`;
const IMPORT =
  'import { Author, Book, BookStore, fetcher } from "./__generated/fetchers.ts";\n';

/** A builder's text and module, and the line that imports it. */
interface Generated {
  readonly text: string;
  readonly module: BuilderModule;
  readonly import: string;
}

/** The bookstore's builder, or the treeshop's (which has embeddables). */
const BOOKSTORE: Generated = {
  text: BUILDER_TEXT,
  module: builder,
  import: IMPORT,
};
const TREESHOP: Generated = {
  text: TREESHOP_BUILDER_TEXT,
  module: treeshopBuilder,
  import: 'import { Warehouse, fetcher } from "./__generated/fetchers.ts";\n',
};

/**
 * The fetchers of a front end of one file, `src/app.ts` (after the line
 * importing the builder), built with the bookstore's builder by default.
 */
function collect(
  source: string,
  others: Record<string, string> = {},
  generated = BOOKSTORE,
) {
  const files = new Map([
    [BUILDER_PATH, generated.text],
    [`${ROOT}/src/app.ts`, generated.import + source],
    ...Object.entries(others).map(([path, text]) =>
      [`${ROOT}/${path}`, text] as [string, string]
    ),
  ]);
  const program = frontEndProgram(ROOT, files);
  return collectFetchers(
    program,
    ROOT,
    new Map([[BUILDER_PATH, generated.module]]),
  );
}

/** `entity text @ sources` of each entry, and each diagnostic as the CLI prints it. */
function summary(
  source: string,
  others: Record<string, string> = {},
  generated = BOOKSTORE,
) {
  const { entries, diagnostics } = collect(source, others, generated);
  return {
    fetchers: entries.map((entry) =>
      `${entry.entity} ${entry.text} @ ${entry.sources.join(" ")}`
    ).sort(),
    errors: diagnostics.map((diagnostic) =>
      `${diagnostic.path}:${diagnostic.line}:${diagnostic.column} ${diagnostic.message}${
        diagnostic.fetcher === undefined
          ? ""
          : ` (in ${diagnostic.fetcher.path}:${diagnostic.fetcher.line}:${diagnostic.fetcher.column})`
      }`
    ),
  };
}

const { fetcher, Author, Book, BookStore } = builder;
const text = (f: { readonly entityName: string }) => builder.fetcherText(f);

Deno.test("collect: the text and id are the builder's own, the id the SHA-256 of the text", () => {
  const { entries } = collect(
    "export const f = fetcher(Book).name().store(fetcher(BookStore).name());\n",
  );
  const expected = fetcher(Book).name().store(fetcher(BookStore).name());
  assert.deepEqual(entries, [{
    id: builder.fetcherId(expected),
    entity: "Book",
    text: text(expected),
    sources: ["src/app.ts:2:18"],
  }]);
  assert.equal(
    entries[0]!.id,
    createHash("sha256").update(entries[0]!.text).digest("hex"),
  );
});

Deno.test("collect: a const only continued or only passed as a child is a building block; one used on its own is listed where it is built", () => {
  const result = summary(
    [
      "const base = fetcher(Book).name();",
      "const child = fetcher(BookStore).name();",
      "export const a = base.edition().store(child);",
      "export const b = (base as typeof base).price();",
      "const used = fetcher(Author).firstName();",
      "console.log([used]);",
      "const unused = fetcher(Author).lastName();",
      "",
    ].join("\n"),
  );
  assert.deepEqual(result, {
    fetchers: [
      `Author ${text(fetcher(Author).firstName())} @ src/app.ts:6:14`,
      `Author ${text(fetcher(Author).lastName())} @ src/app.ts:8:16`,
      `Book ${
        text(fetcher(Book).name().edition().store(fetcher(BookStore).name()))
      } @ src/app.ts:4:18`,
      `Book ${text(fetcher(Book).name().price())} @ src/app.ts:5:18`,
    ].sort(),
    errors: [],
  });
});

Deno.test("collect: each branch of a conditional between fetchers, a fetcher turned into text, and a const of another file", () => {
  const result = summary(
    [
      'import { LIMIT, ORDER } from "./options.ts";',
      "export const pick = (cheap: boolean) =>",
      "  cheap ? fetcher(Book).price() : fetcher(Book).name();",
      "export const text = fetcher(Book).edition().toString();",
      "export const page = fetcher(BookStore).books(fetcher(Book), { limit: LIMIT, orderBy: ORDER });",
      "",
    ].join("\n"),
    {
      "src/options.ts":
        'export const LIMIT = 2;\nexport const ORDER = [{ prop: "name", desc: true }] as const;\n',
    },
  );
  assert.deepEqual(result, {
    fetchers: [
      `Book ${text(fetcher(Book).price())} @ src/app.ts:4:11`,
      `Book ${text(fetcher(Book).name())} @ src/app.ts:4:35`,
      `Book ${text(fetcher(Book).edition())} @ src/app.ts:5:21`,
      `BookStore ${
        text(
          fetcher(BookStore).books(fetcher(Book), {
            limit: 2,
            orderBy: [{ prop: "name", desc: true }],
          }),
        )
      } @ src/app.ts:6:21`,
    ].sort(),
    errors: [],
  });
});

Deno.test("collect: a local name that shadows the builder's fetcher is not the builder", () => {
  assert.deepEqual(
    summary(
      "export const f = (fetcher: (x: unknown) => unknown) => fetcher(Book);\n",
    ),
    { fetchers: [], errors: [] },
  );
});

Deno.test("collect: what cannot be evaluated is an error at its place, and the fetcher is not listed", () => {
  const result = summary(
    [
      'import { SIZE } from "./sizes.ts";',
      "export const a = (n: number) => fetcher(BookStore).books(fetcher(Book), { limit: n });",
      "export const b = (o: object) => fetcher(BookStore).books(fetcher(Book), { ...o });",
      "export const c = fetcher(BookStore).books(fetcher(Book), { limit: SIZE });",
      "export const d = fetcher(Book).store(fetcher(BookStore).name(1 > 0));",
      "const e: unknown = fetcher(Book).store(e as never);",
      "export const f = [fetcher(Book).name(), e];",
      "",
    ].join("\n"),
    { "src/sizes.ts": "const size = () => 3;\nexport const SIZE = size();\n" },
  );
  assert.deepEqual(result, {
    fetchers: [`Book ${text(fetcher(Book).name())} @ src/app.ts:8:19`],
    errors: [
      "src/app.ts:3:82 `n` is a parameter of a function",
      "src/app.ts:4:78 `o` is a parameter of a function",
      "src/app.ts:6:62 the operator expression `1 > 0` cannot be evaluated statically",
      "src/app.ts:7:40 `e` is used in its own initializer",
      "src/sizes.ts:2:21 `size(...)` is not a call of the builder (in src/app.ts:5:18)",
    ],
  });
});

Deno.test("collect: embeddables whole and in part, and the builder reached through a barrel and a generated index", () => {
  const result = summary(
    [
      'import { f, Store } from "./api.ts";',
      'import * as G from "./__generated/index.ts";',
      "export const whole = fetcher(Warehouse).address();",
      "export const part = f(Store).address(G.embeddable(G.Address).city());",
      "",
    ].join("\n"),
    {
      "src/api.ts":
        'export { Warehouse as Store, fetcher as f } from "./__generated/fetchers.ts";\n',
      "src/__generated/index.ts":
        '// Generated by Tailor from treeshop. Do not edit.\nexport * from "./fetchers.ts";\n',
    },
    TREESHOP,
  );
  const { fetcher, embeddable, fetcherText, Address, Warehouse } =
    treeshopBuilder;
  assert.deepEqual(result, {
    fetchers: [
      `Warehouse ${
        fetcherText(fetcher(Warehouse).address())
      } @ src/app.ts:4:22`,
      `Warehouse ${
        fetcherText(fetcher(Warehouse).address(embeddable(Address).city()))
      } @ src/app.ts:5:21`,
    ].sort(),
    errors: [],
  });
  // The whole embeddable is every field, nested ones whole; a part is its own.
  assert.deepEqual(result.fetchers.map((line) => line.split(" @ ")[0]), [
    "Warehouse { id address { city } }",
    "Warehouse { id address { street city zipCode location { latitude longitude } } }",
  ]);
});

Deno.test("collect: only the builder's own functions are called, never Object's", () => {
  assert.deepEqual(
    summary(
      'export const f = fetcher(Book).constructor("x");\n',
    ).errors,
    ["src/app.ts:2:32 the fetcher has no selector `constructor`"],
  );
});

Deno.test("collect: the same text from two entities is two entries with one id", () => {
  const { entries } = collect(
    "export const a = fetcher(Book).name();\nexport const b = fetcher(BookStore).name();\n",
  );
  // The canonical text names no entity: both are `{ id name }`.
  const id = builder.fetcherId(fetcher(Book).name());
  assert.equal(id, createHash("sha256").update("{ id name }").digest("hex"));
  assert.deepEqual(
    entries.map((entry) => [entry.id, entry.entity, entry.text]),
    [[id, "Book", "{ id name }"], [id, "BookStore", "{ id name }"]],
  );
});

Deno.test("collect: a syntax error is an error at its place, since the file may hide a fetcher", () => {
  assert.deepEqual(
    summary("export const f = fetcher(Book).name(;\n").errors,
    ["src/app.ts:2:37 syntax error: ')' expected."],
  );
});

Deno.test("collect: a fetcher continued from a parameter, a let or a call's result is an error there, not a fetcher missed", () => {
  assert.deepEqual(
    summary(
      [
        'type F = import("./__generated/fetchers.ts").BookFetcher;',
        "export const more = (f: F) => f.price();",
        "let g = fetcher(Book);",
        "g = g.name();",
        "const make = () => fetcher(Book);",
        "export const h = make().edition();",
        "export const text = (f: F) => f.toString();",
        "",
      ].join("\n"),
    ),
    {
      fetchers: [
        `Book ${text(fetcher(Book))} @ src/app.ts:4:9 src/app.ts:6:20`,
      ],
      errors: [
        "src/app.ts:3:31 `f` is a parameter of a function",
        "src/app.ts:5:5 `g` is a `let` or `var` variable (only a `const` can be evaluated)",
        "src/app.ts:7:18 `make(...)` is not a call of the builder",
      ],
    },
  );
});
