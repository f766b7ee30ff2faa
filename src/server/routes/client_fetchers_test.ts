/**
 * `ClientFetcher<E>` parameters on the served bookstore: open by default
 * (any text that compiles; `fetcherId` needs a manifest), and allow-list
 * mode, where only the manifest's fetchers are answered, by id or by text,
 * on their budget, and any other gets a 403 before any SQL runs.
 */

import assert from "node:assert/strict";
import { bookstoreServing } from "../../../fixtures/bookstore/serving.ts";
import {
  Author,
  Book,
  BookStore,
} from "../../../fixtures/bookstore/entities.ts";
import {
  type AnyFetcher,
  fetcher,
  fetcherText,
} from "../../runtime/fetcher.ts";
import { sha256Hex } from "../../runtime/sha256.ts";
import { mulberry32 } from "../../testing/random.ts";
import { createServer, ServerStartError } from "../create_server.ts";
import { RouteTableError } from "./fetchers.ts";

const BOOKSTORE = new URL("../../../fixtures/bookstore", import.meta.url)
  .pathname;

/** The fetchers the test's front end ships. */
const LISTED: readonly AnyFetcher[] = [
  fetcher(Book).name(),
  fetcher(Book).name().store(fetcher(BookStore).name()),
  fetcher(Book).authors(fetcher(Author).lastName(), {
    orderBy: { prop: "lastName", desc: true },
    limit: 1,
  }),
];

/** A manifest of `fetchers` of Book, as `tailor fetchers` writes it. */
function manifestText(fetchers: readonly AnyFetcher[]): string {
  const entries = fetchers.map((f) => {
    const text = fetcherText(f);
    return { id: sha256Hex(text), entity: "Book", text, sources: [] };
  }).sort((a, b) => a.id < b.id ? -1 : 1);
  return JSON.stringify({ version: 1, fetchers: entries }, null, 2);
}

/** A served bookstore counting its SQL statements. */
async function bookstore(
  options: { manifest?: string; maxObjects?: number } = {},
) {
  let statements = 0;
  const serving = bookstoreServing({ onStatement: () => statements++ });
  let file: string | undefined;
  if (options.manifest !== undefined) {
    file = await Deno.makeTempFile({ suffix: ".json" });
    await Deno.writeTextFile(file, options.manifest);
  }
  try {
    const app = await createServer({
      project: BOOKSTORE,
      typeCheck: false,
      controllers: serving.controllers,
      fetcherOwners: serving.fetcherOwners,
      ...(file === undefined ? {} : { fetchers: file }),
      ...(options.maxObjects === undefined
        ? {}
        : { fetcherBudget: { maxObjects: options.maxObjects } }),
    });
    return {
      file,
      get statements() {
        return statements;
      },
      async get(query: string) {
        const response = await app.request(`/dynamic/book/1?${query}`);
        return { status: response.status, body: await response.json() };
      },
    };
  } finally {
    if (file !== undefined) await Deno.remove(file);
  }
}

const code = (text: string) => `fetcherCode=${encodeURIComponent(text)}`;

Deno.test("client fetchers: open by default; fetcherId needs a manifest", async () => {
  const server = await bookstore();
  assert.deepEqual((await server.get(code("{ name }"))).body, {
    id: 1,
    name: "Learning GraphQL",
  });
  assert.deepEqual((await server.get("")).body, { id: 1 });
  // A well-formed id names nothing without a manifest, like a missing row.
  const byId = await server.get(`fetcherId=${"a".repeat(64)}`);
  assert.equal(byId.status, 404);
  assert.match(byId.body.message, /no fetcher manifest/);
  const both = await server.get(`${code("{ name }")}&fetcherId=x`);
  assert.equal(both.status, 400);
  const bad = await server.get(code("{ name store {"));
  assert.equal(bad.status, 400);
  assert.equal(bad.body.line, 1);
});

Deno.test("client fetchers: allow-list mode answers listed fetchers by id or by text", async () => {
  const server = await bookstore({ manifest: manifestText(LISTED) });
  for (const listed of LISTED) {
    const text = fetcherText(listed);
    const byId = await server.get(`fetcherId=${sha256Hex(text)}`);
    const byText = await server.get(code(text));
    // The same fetcher written otherwise is the same listed fetcher.
    const spaced = await server.get(code(text.replaceAll(" ", "\n  ")));
    assert.equal(byId.status, 200, text);
    assert.deepEqual(byText.body, byId.body);
    assert.deepEqual(spaced.body, byId.body);
  }
  assert.deepEqual(
    (await server.get(`fetcherId=${sha256Hex(fetcherText(LISTED[1]!))}`))
      .body,
    { id: 1, name: "Learning GraphQL", store: { id: 1, name: "O'REILLY" } },
  );
});

Deno.test("client fetchers: 1,000 fuzzed unlisted fetchers get a 403 and run no SQL", async () => {
  const server = await bookstore({ manifest: manifestText(LISTED) });
  const listed = new Set(LISTED.map((f) => fetcherText(f)));
  const random = mulberry32(34);
  const pick = <T>(items: readonly T[]): T =>
    items[Math.floor(random() * items.length)]!;
  const scalars = ["name", "edition", "price", "tenant"];
  const queries: string[] = [];
  while (queries.length < 1000) {
    const kind = queries.length % 3;
    if (kind === 0) {
      let f: AnyFetcher = fetcher(Book);
      const selectors = f as unknown as Record<string, () => AnyFetcher>;
      for (const name of scalars) {
        if (random() < 0.5) f = selectors[name]!.call(f);
      }
      if (random() < 0.5) {
        f = (f as unknown as Record<string, (c: AnyFetcher) => AnyFetcher>)
          .store!.call(f, fetcher(BookStore).name());
      }
      if (listed.has(fetcherText(f))) continue;
      queries.push(code(fetcherText(f)));
    } else if (kind === 1) {
      const tokens = [
        "{",
        "}",
        " ",
        "name",
        "store",
        "(",
        ")",
        "limit: 2",
        "é",
      ];
      // At least one token: an empty text is no fetcher (a 400, below).
      let text = pick(tokens);
      for (let i = Math.floor(random() * 20); i > 0; i--) text += pick(tokens);
      queries.push(code(text));
    } else {
      let id = "";
      for (let i = 0; i < 64; i++) id += pick([..."0123456789abcdef"]);
      queries.push(`fetcherId=${id}`);
    }
  }
  // A listed fetcher first, so the store has opened and seeded itself.
  await server.get(code(fetcherText(LISTED[0]!)));
  const before = server.statements;
  for (const query of queries) {
    const answer = await server.get(query);
    assert.equal(answer.status, 403, query);
    assert.equal(answer.body.error, "unlisted-fetcher");
    assert.match(answer.body.message, /allow-list mode/);
  }
  const empty = await server.get(code(""));
  assert.equal(empty.status, 400);
  assert.equal(empty.body.parameter, "fetcherCode");
  assert.equal(server.statements - before, 0);
});

Deno.test("client fetchers: the budget still applies to listed fetchers", async () => {
  const server = await bookstore({
    manifest: manifestText(LISTED),
    maxObjects: 1,
  });
  const answer = await server.get(
    `fetcherId=${sha256Hex(fetcherText(LISTED[2]!))}`,
  );
  assert.equal(answer.status, 422);
  assert.equal(answer.body.error, "fetcher-budget");
});

Deno.test("client fetchers: a bad manifest stops start-up, naming the file and the entry", async () => {
  const good = JSON.parse(manifestText(LISTED));
  const cases: [unknown, new (message: string) => Error, RegExp][] = [
    [{ ...good, version: 2 }, ServerStartError, /version 2 is not 1/],
    [
      { version: 1, fetchers: [{ ...good.fetchers[0], id: "0".repeat(64) }] },
      ServerStartError,
      /fetchers\[0\]: id 0+ is not the SHA-256 of its text/,
    ],
    [
      {
        version: 1,
        fetchers: [{
          id: sha256Hex("{ colour }"),
          entity: "Book",
          text: "{ colour }",
        }],
      },
      RouteTableError,
      /fetchers\[0\] \(Book "\{ colour \}"\): .*colour/,
    ],
    [
      {
        version: 1,
        fetchers: [{ id: sha256Hex("{ id }"), entity: "Nope", text: "{ id }" }],
      },
      RouteTableError,
      /fetchers\[0\] .*no @Entity\(\) class is named Nope/,
    ],
  ];
  for (const [manifest, type, message] of cases) {
    await assert.rejects(
      bookstore({ manifest: JSON.stringify(manifest) }),
      (error: Error) => {
        assert.ok(error instanceof type, String(error));
        assert.match(error.message, /\.json/);
        assert.match(error.message, message);
        return true;
      },
    );
  }
});
