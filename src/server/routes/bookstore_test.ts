/**
 * The bookstore example served on its seeded SQLite store: the spec's
 * endpoints over HTTP, every 200 checked against the schema of its operation
 * in the golden OpenAPI document, every bad value a 400 with a JSON reason.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import { analyzeProject } from "../../analyze/analyze.ts";
import { responseValidator } from "../../testing/validate_openapi.ts";
import { bookstoreServing } from "../../../fixtures/bookstore/serving.ts";
import { controllerRoutes } from "./mount.ts";
import { worstBookText } from "../../store/testdata/worst_fetcher.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const analysis = await analyzeProject(`${ROOT}fixtures/bookstore`, {
  scope: "server",
});
if (!analysis.ok) throw new Error(JSON.stringify(analysis.diagnostics));
const model = analysis.model;
const check = responseValidator(
  await Deno.readTextFile(`${ROOT}golden/bookstore/openapi.yml`),
);

let statements = 0;
const serving = bookstoreServing({ onStatement: () => statements++ });
await serving.store.ready();
const app = new Hono();
app.use(serving.middleware);
app.route(
  "/",
  controllerRoutes({
    model,
    controllers: serving.controllers,
    fetcherOwners: serving.fetcherOwners,
  }),
);

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly statements: number;
}

/** Requests `path`; a 200 must fit `operation`'s schema. */
async function get(
  operation: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  statements = 0;
  const response = await app.request(path, { headers });
  const text = await response.text();
  const json = response.headers.get("content-type")?.includes("json");
  const body = text === "" ? undefined : json ? JSON.parse(text) : text;
  if (response.status === 200) {
    assert.deepEqual(check(operation, 200, body), [], path);
  }
  return { status: response.status, body, statements };
}

type Row = { id: number; name: string; price: number };
const rowsOf = (a: Answer) => (a.body as { rows: Row[] }).rows;

Deno.test("bookstore: the spec's endpoints answer the promised shapes", async () => {
  assert.equal(
    (await get("GET /helloworld", "/helloworld")).body,
    "Hello World!",
  );

  const first = await get("GET /books", "/books");
  assert.equal(rowsOf(first).length, 5);
  assert.deepEqual(Object.keys(rowsOf(first)[0]!), [
    "id",
    "name",
    "edition",
    "price",
  ]);
  assert.equal((first.body as { totalRowCount: number }).totalRowCount, 12);

  const byPrice = await get(
    "GET /books",
    "/books?pageSize=3&sortCode=price%20desc",
  );
  const prices = rowsOf(byPrice).map((r) => r.price);
  assert.deepEqual(prices, [...prices].sort((a, b) => b - a));
  const next = await get(
    "GET /books",
    "/books?pageIndex=1&pageSize=3&sortCode=price%20desc",
  );
  assert.ok(rowsOf(next)[0]!.price <= prices[2]!);

  const book = await get("GET /book/{id}", "/book/1");
  const detail = book.body as Record<string, unknown>;
  assert.deepEqual(Object.keys(detail), [
    "id",
    "name",
    "edition",
    "price",
    "store",
    "authors",
  ]);
  assert.equal("website" in (detail.store as object), false); // null: left out
  assert.equal((await get("GET /book/{id}", "/book/999")).body, undefined);

  const active = await get(
    "GET /authors/mostActive",
    "/authors/mostActive?limit=2",
  );
  assert.equal((active.body as unknown[]).length, 2);

  const dynamic = await get(
    "GET /dynamic/book/{id}",
    `/dynamic/book/2?fetcherCode=${
      encodeURIComponent("{ name store { name } }")
    }`,
  );
  assert.deepEqual(dynamic.body, {
    id: 2,
    name: "Learning GraphQL",
    store: { id: 1, name: "O'REILLY" },
  });
});

Deno.test("bookstore: limited associations, per store in one statement per level", async () => {
  const top = await get("GET /stores/topBooks", "/stores/topBooks");
  assert.equal(top.statements, 2);
  assert.deepEqual(
    (top.body as { books: { id: number }[] }[]).map((store) =>
      store.books.map((book) => book.id)
    ),
    [[4, 5], [8, 7], [11, 10]],
  );
  const some = await get("GET /stores/topBooks", "/stores/topBooks?storeIds=3");
  assert.deepEqual(
    (some.body as { books: { id: number }[] }[]).map((store) =>
      store.books.map((book) => book.id)
    ),
    [[11, 10]],
  );
  // The offset is applied once, by the store (the shaping keeps the lists).
  const runnerUp = await get("GET /stores/{id}/runnerUp", "/stores/2/runnerUp");
  assert.deepEqual(runnerUp.body, {
    id: 2,
    name: "MANNING",
    books: [{ id: 8, name: "GraphQL in Action", price: 81, store: { id: 2 } }],
  });
  const code =
    "{ authors(orderBy: firstName, offset: 1, limit: 5) { firstName } }";
  const dynamic = await get(
    "GET /dynamic/book/{id}",
    `/dynamic/book/1?fetcherCode=${encodeURIComponent(code)}`,
  );
  assert.deepEqual(dynamic.body, {
    id: 1,
    authors: [{ id: 1, firstName: "Eve" }],
  });
});

Deno.test("bookstore: the tenant header filters books", async () => {
  const all = await get("GET /books", "/books?pageSize=20");
  const a = await get("GET /books", "/books?pageSize=20", { tenant: "a" });
  const empty = await get("GET /books", "/books?pageSize=20", { tenant: "" });
  assert.equal(rowsOf(all).length, 12);
  assert.ok(rowsOf(a).length > 0 && rowsOf(a).length < 12);
  assert.equal(rowsOf(empty).length, 12);
  const b = await get("GET /books", "/books?pageSize=20", { tenant: "b" });
  assert.equal(rowsOf(a).length + rowsOf(b).length, 12);
});

Deno.test("bookstore: statements do not grow with the page size", async () => {
  const small = await get("GET /books", "/books?pageSize=2");
  const large = await get("GET /books", "/books?pageSize=20");
  assert.equal(small.statements, large.statements);
  // A book, its store, its authors: one statement each.
  assert.equal((await get("GET /book/{id}", "/book/1")).statements, 3);
});

Deno.test("bookstore: bad values are 400s with a reason, and the server goes on", async () => {
  const cases: [string, string, RegExp][] = [
    ["/book/abc", "id", /not an integer/],
    ["/book/1.5", "id", /not an integer/],
    ["/books?pageSize=1.5", "pageSize", /not an integer/],
    ["/books?pageSize=0", "pageSize", /./],
    ["/books?sortCode=nme%20asc", "sortCode", /must match the pattern/],
    ["/books?sortCode=name%09asc", "sortCode", /must match the pattern/],
    ["/books?sortCode=name%20up", "sortCode", /./],
    ["/authors/mostActive?limit=x", "limit", /not an integer/],
    ["/authors/mostActive?limit=-1", "limit", /at least 1, got -1/],
    ["/authors/mostActive?limit=0", "limit", /at least 1, got 0/],
    ["/books?pageIndex=-1", "pageIndex", /at least 0/],
    ["/books?pageSize=1001", "pageSize", /at most 1000, got 1001/],
    ["/books?pageSize=1000000000", "pageSize", /at most 1000/],
    [
      "/books?pageIndex=3037000500&pageSize=3037000500",
      "pageSize",
      /at most 1000/,
    ],
    [
      "/books?pageIndex=9007199254740991&pageSize=2",
      "pageIndex",
      /at most 9007199254740, got 9007199254740991/,
    ],
    ["/books?pageIndex=9007199254740992", "pageIndex", /out of range/],
    ["/dynamic/book/1?fetcherCode=", "fetcherCode", /at least 1 characters/],
    [
      `/dynamic/book/1?fetcherCode=${
        encodeURIComponent("{ name store { nme } }")
      }`,
      "fetcherCode",
      /unknown field "nme"/,
    ],
    [
      `/dynamic/book/1?fetcherCode=${
        encodeURIComponent("{ authors(limit: -1) }")
      }`,
      "fetcherCode",
      /expected a non-negative integer but found character "-" at 1:18/,
    ],
    [
      `/dynamic/book/1?fetcherCode=${
        encodeURIComponent("{ authors(orderBy: books) }")
      }`,
      "fetcherCode",
      /orderBy needs a scalar property of Author, found "books" at 1:20/,
    ],
    [
      `/dynamic/book/1?fetcherCode=${
        encodeURIComponent("{ store(limit: 1) }")
      }`,
      "fetcherCode",
      /association "store" of Book is not a list/,
    ],
    [`/dynamic/book/1?fetcherCode=${"{".repeat(20_000)}`, "fetcherCode", /./],
  ];
  for (const [path, parameter, message] of cases) {
    const answer = await get("", path);
    assert.equal(answer.status, 400, path);
    const reason = answer.body as Record<string, unknown>;
    assert.equal(reason.error, "bad-request", path);
    assert.equal(reason.parameter, parameter, path);
    assert.match(String(reason.message), message, path);
    assert.equal((await get("GET /helloworld", "/helloworld")).status, 200);
  }
  const malformed = await get(
    "",
    "/dynamic/book/1?fetcherCode=%7B%20name%20%7B",
  );
  assert.equal(typeof (malformed.body as { line: unknown }).line, "number");
  assert.equal(typeof (malformed.body as { column: unknown }).column, "number");
});

Deno.test("bookstore: a client fetcher over its budget is a 422 naming the limit", async () => {
  const worst = encodeURIComponent(worstBookText());
  const answer = await get("", `/dynamic/book/1?fetcherCode=${worst}`);
  assert.equal(answer.status, 422);
  const reason = answer.body as Record<string, unknown>;
  assert.equal(reason.error, "fetcher-budget");
  assert.equal(reason.limit, "maxObjects");
  assert.equal(reason.max, 10_000);
  assert.match(String(reason.message), /more than 10000 objects/);
  assert.ok(answer.statements < 40, `${answer.statements} statements`);
  assert.equal((await get("GET /helloworld", "/helloworld")).status, 200);
});

Deno.test("bookstore: declared errors answer their status with exactly the declared body", async () => {
  const order = async (path: string) => {
    const response = await app.request(path, { method: "POST" });
    const body = await response.json();
    assert.deepEqual(check("orderBook", response.status, body), [], path);
    return { status: response.status, body };
  };
  const ordered = await order("/book/1/order?quantity=2");
  assert.equal(ordered.status, 200);
  assert.deepEqual(Object.keys(ordered.body), [
    "id",
    "name",
    "edition",
    "price",
  ]);

  assert.deepEqual(await order("/book/999/order"), {
    status: 404,
    body: { family: "BOOK", code: "NOT_FOUND", bookId: 999 },
  });
  for (const quantity of ["0", "-5"]) {
    const refused = await app.request(`/book/1/order?quantity=${quantity}`, {
      method: "POST",
    });
    assert.equal(refused.status, 400);
    assert.deepEqual(await refused.json(), {
      error: "bad-request",
      parameter: "quantity",
      message:
        `the query parameter quantity must be at least 1, got ${quantity}`,
    });
  }
  const outOfStock = await order("/book/1/order?quantity=11");
  assert.equal(outOfStock.status, 409);
  assert.equal(
    JSON.stringify(outOfStock.body),
    '{"family":"BOOK","code":"OUT_OF_STOCK","bookId":1,"requested":11,"available":10}',
  );

  // The schema bites: another code, a missing or an extra field fail it.
  const wrong = [
    { family: "BOOK", code: "OUT_OF_STOCK", bookId: 1 },
    { family: "BOOK", code: "NOT_FOUND" },
    { family: "BOOK", code: "NOT_FOUND", bookId: 1, stack: "at ..." },
  ];
  for (const body of wrong) {
    assert.notDeepEqual(
      check("orderBook", 404, body),
      [],
      JSON.stringify(body),
    );
  }
});
