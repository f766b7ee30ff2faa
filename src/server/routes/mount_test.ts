import assert from "node:assert/strict";
import { parse } from "yaml";
import { fileURLToPath } from "node:url";
import { analyzeProject } from "../../analyze/analyze.ts";
import { emitOpenApi } from "../../emit/openapi/emit_openapi.ts";
import { responseValidator } from "../../testing/validate_openapi.ts";
import type { ApiModel } from "../../model/api_model.ts";
import { RouteTableError } from "./fetchers.ts";
import { controllerRoutes } from "./mount.ts";
import { StoreBusyError } from "../../store/store_errors.ts";
import { Store } from "../../store/store.ts";
import { Book } from "../../../fixtures/bookstore/entities.ts";
import { BOOKSTORE_COLUMN_TYPES } from "../../../fixtures/bookstore/data.ts";
import { ShirtController } from "./testdata/shop/shop_controller.ts";

const SHOP = fileURLToPath(new URL("./testdata/shop/", import.meta.url));

const analysis = await analyzeProject(SHOP, { scope: "server" });
if (!analysis.ok) throw new Error(JSON.stringify(analysis.diagnostics));
const model: ApiModel = analysis.model;
const checkResponse = responseValidator(
  emitOpenApi(model, { info: { title: "shop", version: "1" } }),
);

function shop(controller = new ShirtController()) {
  return controllerRoutes({
    model,
    controllers: [controller],
    inject: { Caller: (c) => ({ name: c.req.header("x-user") ?? "anon" }) },
  });
}

/** Requests a route, checks the answer against the document, returns it. */
async function call(
  operation: string,
  url: string,
  init?: RequestInit,
  app = shop(),
): Promise<{ status: number; body: unknown; type: string | null }> {
  const response = await app.request(url, init);
  const text = await response.text();
  const type = response.headers.get("content-type");
  const body = text === ""
    ? undefined
    : type?.startsWith("application/json")
    ? JSON.parse(text)
    : text;
  if (response.status === 200) {
    assert.deepEqual(checkResponse(operation, 200, body), [], url);
  }
  return { status: response.status, body, type };
}

Deno.test("the server scope keeps hidden routes and injected parameters", () => {
  const operations = model.services.flatMap((s) => s.operations);
  const count = operations.find((o) => o.name === "count");
  assert.equal(count?.path, "/shirts/internal/count");
  const add = operations.find((o) => o.name === "add");
  assert.deepEqual(add?.injected, [{
    name: "caller",
    index: 2,
    type: "Caller",
  }]);
});

Deno.test("results are trimmed to the fetcher their type names", async () => {
  const page = await call("GET /shirts", "/shirts");
  assert.deepEqual(page.body, {
    rows: [{ id: 1, name: "Plain" }, { id: 2, name: "Stripe" }],
    totalRowCount: 3,
    totalPageCount: 2,
  });
  const one = await call("GET /shirts/{id}", "/shirts/1");
  assert.deepEqual(one.body, {
    id: 1,
    name: "Plain",
    size: "S",
    maker: { id: 1, name: "Acme" },
  });
  const pair = await call(
    "GET /shirts/pair/cheaper",
    "/shirts/pair/cheaper?maxPrice=9.5",
  );
  assert.deepEqual(pair.body, {
    _1: { id: 3, name: "Dots" },
    _2: { id: 1, name: "Plain", size: "S", maker: { id: 1, name: "Acme" } },
  });
  const bySize = await call("GET /shirts/by-size", "/shirts/by-size");
  assert.deepEqual(bySize.body, {
    S: [{ id: 1, name: "Plain" }],
    M: [{ id: 2, name: "Stripe" }],
    L: [{ id: 3, name: "Dots" }],
  });
});

Deno.test("query values are converted to their declared types", async () => {
  const filtered = await call(
    "GET /shirts",
    "/shirts?sizes=S&sizes=L&pageSize=5&cheap=true",
  );
  assert.deepEqual(filtered.body, {
    rows: [{ id: 1, name: "Plain" }, { id: 3, name: "Dots" }],
    totalRowCount: 2,
    totalPageCount: 1,
  });
  const second = await call("GET /shirts", "/shirts?pageIndex=1");
  assert.deepEqual(second.body, {
    rows: [{ id: 3, name: "Dots" }],
    totalRowCount: 3,
    totalPageCount: 2,
  });
});

Deno.test("a value that does not fit its type is a 400 naming the parameter", async () => {
  const app = shop();
  const cases: [string, string, string][] = [
    ["/shirts/abc", "id", "is not an integer"],
    ["/shirts/1.5", "id", "is not an integer"],
    ["/shirts?pageSize=1.5", "pageSize", "is not an integer"],
    ["/shirts?pageSize=0x10", "pageSize", "is not an integer"],
    ["/shirts?pageSize=%201", "pageSize", "is not an integer"],
    ["/shirts?pageIndex=x", "pageIndex", "is not an integer"],
    ["/shirts/9007199254740992", "id", "is out of range"],
    ["/shirts/-9007199254740992", "id", "is out of range"],
    ["/shirts?sizes=XL", "sizes", 'is not one of "S", "M", "L"'],
    ["/shirts?cheap=yes", "cheap", "is not true or false"],
    ["/shirts?pageSize=1&pageSize=2", "pageSize", "takes one value"],
    ["/shirts/pair/cheaper", "maxPrice", "is required"],
    ["/shirts/pair/cheaper?maxPrice=ten", "maxPrice", "is not a number"],
  ];
  for (const [url, parameter, message] of cases) {
    const { status, body } = await call("", url, undefined, app);
    assert.equal(status, 400, url);
    const reason = body as Record<string, string>;
    assert.equal(reason.error, "bad-request", url);
    assert.equal(reason.parameter, parameter, url);
    assert.match(reason.message!, new RegExp(message), url);
    // Still answering.
    assert.equal(
      (await call("GET /shirts", "/shirts", undefined, app)).status,
      200,
    );
  }
});

Deno.test("absent results, strings and hidden routes", async () => {
  const missing = await call("GET /shirts/{id}", "/shirts/99");
  assert.equal(missing.status, 200);
  assert.equal(missing.body, undefined);
  const hello = await call("GET /shirts/hello", "/shirts/hello");
  assert.equal(hello.body, "shirts");
  assert.match(hello.type ?? "", /^text\/plain/);
  const count = await shop().request("/shirts/internal/count");
  assert.equal(await count.json(), 3);
});

Deno.test("bodies are validated, headers bound, ApiIgnore parameters injected", async () => {
  const controller = new ShirtController();
  const app = shop(controller);
  const post = (body: string, headers: Record<string, string> = {}) =>
    call("POST /shirts", "/shirts", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...headers },
    }, app);
  const good = JSON.stringify({ name: "New", size: "M", price: 3 });
  const added = await post(good, { "x-request-id": "r1", "x-user": "ann" });
  assert.equal(added.status, 200);
  assert.deepEqual(added.body, { id: 4, name: "New", size: "M" });
  assert.deepEqual(controller.callers, ["ann:r1"]);

  const bad: [string, Record<string, string>, string, RegExp][] = [
    [good, {}, "x-request-id", /header x-request-id is required/],
    ["{", { "x-request-id": "r" }, "input", /not JSON/],
    ["", { "x-request-id": "r" }, "input", /body is required/],
    [
      JSON.stringify({ name: "X", size: "XL", price: 1 }),
      { "x-request-id": "r" },
      "input",
      /size/,
    ],
    [
      JSON.stringify({ name: "X", size: "S", price: 1, extra: 1 }),
      { "x-request-id": "r" },
      "input",
      /extra/,
    ],
    [JSON.stringify([1]), { "x-request-id": "r" }, "input", /object/],
    // JSON sent as text is not taken as JSON.
    [
      good,
      { "x-request-id": "r", "content-type": "text/plain;charset=UTF-8" },
      "input",
      /^the body must be JSON \(content-type: application\/json\), not "text\/plain;charset=UTF-8"$/,
    ],
  ];
  for (const [body, headers, parameter, message] of bad) {
    const answer = await post(body, headers);
    assert.equal(answer.status, 400, body);
    const reason = answer.body as Record<string, string>;
    assert.equal(reason.parameter, parameter, body);
    assert.match(reason.message!, message, body);
  }
  assert.equal(controller.callers.length, 1);
  // A +json type or none at all is JSON.
  for (const type of ["application/merge-patch+json", undefined]) {
    const answer = await call("POST /shirts", "/shirts", {
      method: "POST",
      body: new TextEncoder().encode(good),
      headers: {
        "x-request-id": "r2",
        ...(type === undefined ? {} : { "content-type": type }),
      },
    }, app);
    assert.equal(answer.status, 200, type);
  }
});

Deno.test("HttpError answers its status; other failures a 500 without details", async () => {
  const notFound = await call(
    "",
    "/shirts/pair/cheaper?maxPrice=1",
  );
  assert.equal(notFound.status, 404);
  assert.deepEqual(notFound.body, { error: "not-found" });

  const logged: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    const failed = await call("", "/shirts/1", { method: "DELETE" });
    assert.equal(failed.status, 500);
    assert.deepEqual(failed.body, { error: "internal" });
  } finally {
    console.error = original;
  }
  assert.match(String(logged.flat().join(" ")), /secret detail 1/);
});

Deno.test("a busy store answers 503 with Retry-After and a JSON reason", async () => {
  const controller = new ShirtController();
  Object.assign(controller, {
    pair: () => {
      throw new StoreBusyError("/tmp/shop.db", 5000);
    },
  });
  const response = await shop(controller).request(
    "/shirts/pair/cheaper?maxPrice=1",
  );
  assert.equal(response.status, 503);
  assert.equal(response.headers.get("retry-after"), "1");
  assert.equal(response.headers.get("content-type"), "application/json");
  assert.deepEqual(await response.json(), {
    error: "store-busy",
    message: "the database is busy; try again shortly",
    retryAfter: 1,
  });
});

Deno.test("a write the store refuses is the documented 409 naming the property", async () => {
  const store = new Store({
    entities: [Book],
    columnTypes: BOOKSTORE_COLUMN_TYPES,
  });
  const controller = new ShirtController();
  Object.assign(controller, {
    add: () =>
      store.insert(Book, {
        name: "B",
        edition: 1,
        price: 1,
        tenant: "a",
        store: 99,
      }),
  });
  try {
    const response = await shop(controller).request("/shirts", {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "r" },
      body: JSON.stringify({ name: "n", size: "S", price: 1 }),
    });
    assert.equal(response.status, 409);
    const body = await response.json();
    assert.deepEqual(body, {
      error: "constraint-violation",
      constraint: "foreign-key",
      property: "Book.store",
      message: "Book.store: refers to a row that does not exist",
    });
    assert.deepEqual(checkResponse("POST /shirts", 409, body), []);
    // Documented as itself, not only by the `default` response.
    const document = parse(
      emitOpenApi(model, { info: { title: "shop", version: "1" } }),
    ) as { paths: Record<string, Record<string, { responses: object }>> };
    assert.ok("409" in document.paths["/shirts"]!.post!.responses);
  } finally {
    await store.close();
  }
});

Deno.test("start-up names a missing controller, injector or stray instance", () => {
  assert.throws(
    () => controllerRoutes({ model, controllers: [] }),
    (e) => e instanceof RouteTableError && /ShirtController/.test(e.message),
  );
  assert.throws(
    () => controllerRoutes({ model, controllers: [new ShirtController()] }),
    (e) => e instanceof RouteTableError && /ApiIgnore<Caller>/.test(e.message),
  );
  class Stray {}
  assert.throws(
    () =>
      controllerRoutes({
        model,
        controllers: [new ShirtController(), new Stray()],
        inject: { Caller: () => ({ name: "x" }) },
      }),
    (e) => e instanceof RouteTableError && /Stray/.test(e.message),
  );
});

Deno.test("the routes answer over HTTP", async () => {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    shop().fetch,
  );
  try {
    const response = await fetch(
      `http://127.0.0.1:${server.addr.port}/shirts/2`,
    );
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), {
      id: 2,
      name: "Stripe",
      size: "M",
      maker: { id: 2, name: "Bolt", country: "NL" },
    });
  } finally {
    await server.shutdown();
  }
});

Deno.test("a known path called with another method is a 405 with Allow", async () => {
  const cases: [string, string, string][] = [
    ["/shirts", "PUT", "GET, HEAD, POST"],
    ["/shirts/1", "POST", "GET, HEAD, DELETE"],
    ["/shirts/hello", "DELETE", "GET, HEAD"],
    ["/shirts/pair/cheaper", "PATCH", "GET, HEAD"],
  ];
  for (const [url, method, allow] of cases) {
    const response = await shop().request(url, { method });
    assert.equal(response.status, 405, `${method} ${url}`);
    assert.equal(response.headers.get("allow"), allow, `${method} ${url}`);
    assert.deepEqual(await response.json(), {
      error: "method-not-allowed",
      method,
      allowed: allow.split(", "),
    });
  }
  const unknown = await shop().request("/nowhere", { method: "PUT" });
  assert.equal(unknown.status, 404);
  await unknown.body?.cancel();
  const head = await shop().request("/shirts/hello", { method: "HEAD" });
  assert.equal(head.status, 200);
});
