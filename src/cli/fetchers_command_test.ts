/**
 * `tailor fetchers` as a user runs it (a `deno run cli.ts` process): the
 * manifest of the test front end, its bytes from another directory, the
 * errors with their places, and the refusals.
 */

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { runDeno } from "../testing/run.ts";
import {
  type AnyFetcherOf,
  builder,
  BUILDER_TEXT,
  copyFrontEnd,
} from "../fetchers/testdata/builder.ts";

const REPO = new URL("../../", import.meta.url).pathname;

/** Runs `tailor fetchers args` in `cwd`. */
function tailorFetchers(cwd: string, ...args: string[]) {
  return runDeno(
    [
      "run",
      "-A",
      `--lock=${REPO}dev.lock`,
      `${REPO}cli.ts`,
      "fetchers",
      ...args,
    ],
    { cwd },
  );
}

const { fetcher, Author, Book, BookStore } = builder;

/** The manifest the test front end must give, built with the builder itself. */
function expectedManifest() {
  const built: [string, AnyFetcherOf<string>, string[]][] = [
    ["Book", fetcher(Book).name().store(fetcher(BookStore).name()), [
      "src/app.ts:10:6",
      "src/app.ts:21:6",
      "src/pages/books.tsx:7:5",
    ]],
    [
      "BookStore",
      fetcher(BookStore).name().books(fetcher(Book).name(), {
        orderBy: { prop: "name", desc: true },
        limit: 10,
      }),
      ["src/app.ts:12:3"],
    ],
    ["Book", fetcher(Book).name().price(), ["src/app.ts:17:6"]],
    ["BookStore", fetcher(BookStore).allScalarFields().website(false), [
      "src/shared.ts:10:28",
    ]],
    ["Book", fetcher(Book).edition(), ["src/pages/books.tsx:13:3"]],
    ["Book", fetcher(Book).edition().price(), ["src/pages/books.tsx:14:3"]],
    [
      "Author",
      fetcher(Author).firstName().lastName().books(fetcher(Book), {
        orderBy: [{ prop: "name" }, { prop: "edition", desc: true }],
        limit: 10,
        offset: 5,
      }),
      ["src/shared.ts:15:24"],
    ],
  ];
  const fetchers = built.map(([entity, value, sources]) => ({
    id: builder.fetcherId(value),
    entity,
    text: builder.fetcherText(value),
    sources,
  })).sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return { version: 1, fetchers };
}

Deno.test("tailor fetchers: every fetcher of the front end once, with all its places; written only when changed; --check", async () => {
  const copy = await copyFrontEnd("front_end");
  try {
    const first = await tailorFetchers(copy.dir, ".", "--out", "fetchers.json");
    assert.equal(first.output, "wrote 7 fetchers to fetchers.json\n");
    assert.equal(first.code, 0);
    const path = `${copy.dir}/fetchers.json`;
    const text = await Deno.readTextFile(path);
    assert.deepEqual(JSON.parse(text), expectedManifest());
    assert.ok(text.endsWith("}\n"));
    for (const entry of JSON.parse(text).fetchers) {
      assert.equal(
        entry.id,
        createHash("sha256").update(entry.text, "utf8").digest("hex"),
      );
    }
    const written = (await Deno.stat(path)).mtime;
    const again = await tailorFetchers(copy.dir, ".", "--out", "fetchers.json");
    assert.equal(again.output, "fetchers.json is up to date (7 fetchers)\n");
    assert.deepEqual((await Deno.stat(path)).mtime, written);
    const check = await tailorFetchers(
      copy.dir,
      ".",
      "--out",
      "fetchers.json",
      "--check",
    );
    assert.equal(check.code, 0);
    const stale = '{ "version": 1, "fetchers": [] }\n';
    await Deno.writeTextFile(path, stale);
    const stalled = await tailorFetchers(
      copy.dir,
      ".",
      "--out",
      "fetchers.json",
      "--check",
    );
    assert.equal(
      stalled.output,
      "fetchers.json is stale: run tailor fetchers . --out fetchers.json (7 fetchers)\n",
    );
    assert.equal(stalled.code, 1);
    assert.equal(await Deno.readTextFile(path), stale);
  } finally {
    await copy.remove();
  }
});

Deno.test("tailor fetchers: the manifest is byte-identical from another working directory and another place", async () => {
  const one = await copyFrontEnd("front_end");
  const other = await copyFrontEnd("front_end");
  try {
    const inside = await tailorFetchers(one.dir, ".", "--out", "fetchers.json");
    assert.equal(inside.code, 0, inside.output);
    const outside = await tailorFetchers(
      "/",
      other.dir,
      "--out",
      `${other.dir}/../elsewhere.json`,
    );
    assert.equal(outside.code, 0, outside.output);
    assert.deepEqual(
      await Deno.readFile(`${other.dir}/../elsewhere.json`),
      await Deno.readFile(`${one.dir}/fetchers.json`),
    );
  } finally {
    await one.remove();
    await other.remove();
  }
});

Deno.test("tailor fetchers: each fetcher that cannot be evaluated is an error at its file:line:col, and nothing is written", async () => {
  const copy = await copyFrontEnd("front_end_errors");
  try {
    const result = await tailorFetchers(
      copy.dir,
      ".",
      "--out",
      "fetchers.json",
    );
    assert.equal(
      result.output,
      [
        "src/app.ts:5:51 - error: `limit` is a parameter of a function",
        "src/app.ts:10:50 - error: `edition` is a `let` or `var` variable (only a `const` can be evaluated)",
        "src/app.ts:12:39 - error: the fetcher has no selector `nme`",
        "src/app.ts:14:27 - error: the builder refused `fetcher(Book).store(fetcher(Author))`: Book.store needs a fetcher of BookStore, got one of Author",
        "src/app.ts:19:30 - error: the conditional `cheap ? false : true` cannot be evaluated statically",
        "src/limits.ts:5:22 - error: `compute(...)` is not a call of the builder (in the fetcher at src/app.ts:16:24)",
        "error: fetchers.json was not written: 6 errors above",
        "  hint: build a fetcher from literals, consts and the builder alone; pass what varies (an id, a page) as the operation's arguments",
        "",
      ].join("\n"),
    );
    assert.equal(result.code, 1);
    await assert.rejects(Deno.stat(`${copy.dir}/fetchers.json`));
  } finally {
    await copy.remove();
  }
});

Deno.test("tailor fetchers: refuses to replace a file that is not a manifest, and says when there is nothing to list", async () => {
  const copy = await copyFrontEnd("front_end");
  const empty = await Deno.makeTempDir({ prefix: "tailor-fetchers-" });
  try {
    await Deno.writeTextFile(`${copy.dir}/notes.json`, "mine\n");
    const refused = await tailorFetchers(copy.dir, ".", "--out", "notes.json");
    assert.equal(
      refused.output,
      "error: --out notes.json exists and is not a fetcher manifest: refusing to replace it (remove it or choose another path)\n",
    );
    assert.equal(refused.code, 2);
    assert.equal(await Deno.readTextFile(`${copy.dir}/notes.json`), "mine\n");
    const nowhere = await tailorFetchers(copy.dir, ".", "--out", "no/f.json");
    assert.equal(
      nowhere.output,
      "error: cannot write no/f.json: no is not a directory\n",
    );
    assert.equal(nowhere.code, 1);

    const none = await tailorFetchers(empty, ".", "--out", "fetchers.json");
    assert.equal(
      none.output,
      "error: no TypeScript or JavaScript file under . (node_modules and hidden directories are left out)\n",
    );
    assert.equal(none.code, 1);

    await Deno.writeTextFile(`${empty}/main.ts`, "export const a = 1;\n");
    const unused = await tailorFetchers(empty, ".", "--out", "fetchers.json");
    assert.match(
      unused.output,
      /^error: no generated fetchers\.ts under \. \(1 file read\), so no fetcher is built with one\n {2}hint: /,
    );
    assert.equal(unused.code, 1);

    await Deno.mkdir(`${empty}/src/__generated`, { recursive: true });
    await Deno.writeTextFile(
      `${empty}/src/__generated/fetchers.ts`,
      BUILDER_TEXT,
    );
    const unbuilt = await tailorFetchers(empty, ".", "--out", "fetchers.json");
    assert.equal(
      unbuilt.output,
      "error: no file of . builds a fetcher with the fetcher() of src/__generated/fetchers.ts, so fetchers.json was not written\n",
    );
    assert.equal(unbuilt.code, 1);
    await assert.rejects(Deno.stat(`${empty}/fetchers.json`));
  } finally {
    await copy.remove();
    await Deno.remove(empty, { recursive: true });
  }
});
