/**
 * The live contract: the served OpenAPI document against third-party tools.
 * `server.ts` runs as a real process (the bookstore) and the treeshop is
 * served by `createServer` on a real port; openapi-typescript turns each
 * served `/openapi.yml` into types, openapi-fetch calls every operation with
 * good and bad inputs, and every answer (status, content type, body bytes)
 * is checked against the document by an independent walker
 * (`src/testing/openapi_contract.ts`), not the server's own validator. Any
 * mismatch fails, as does an openapi-fetch call that throws (a body that is
 * not what its media type says).
 */
import assert from "node:assert/strict";
import { parse } from "yaml";
// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import createClient from "npm:openapi-fetch@0.17.0";
// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import openapiTS, { astToString } from "npm:openapi-typescript@7.13.0";
import {
  contractChecker,
  type WireAnswer,
} from "./src/testing/openapi_contract.ts";
import { startExampleServer } from "./src/testing/example_server.ts";
import { treeshopApp } from "./src/testing/treeshop_app.ts";
import { treeshopAuthenticators } from "./fixtures/treeshop/injectors.ts";

type Method = "GET" | "POST";

/** One call: an operation of the document, its inputs, the status expected. */
interface Call {
  readonly method: Method;
  readonly path: string;
  readonly params?: {
    path?: Record<string, unknown>;
    query?: Record<string, unknown>;
    header?: Record<string, string>;
  };
  readonly body?: unknown;
  readonly status: number;
}

/**
 * Calls every case through openapi-fetch on the document served at `base`,
 * and checks every answer; returns the mismatches.
 */
async function runContract(
  base: string,
  calls: readonly Call[],
  headers: Record<string, string> = {},
): Promise<string[]> {
  const text = await (await fetch(`${base}/openapi.yml`)).text();
  const doc = parse(text);
  // The types a TypeScript user of the document would compile against.
  const types = astToString(await openapiTS(text));
  assert.match(types, /export interface paths/);
  const check = contractChecker(doc);
  let last: WireAnswer | undefined;
  const client = createClient({
    baseUrl: base,
    headers,
    fetch: async (request: Request) => {
      const response = await fetch(request);
      last = {
        status: response.status,
        contentType: response.headers.get("content-type"),
        text: await response.clone().text(),
      };
      return response;
    },
  });
  const problems: string[] = [];
  const covered = new Set<string>();
  for (const call of calls) {
    const ok = doc.paths[call.path][call.method.toLowerCase()].responses["200"];
    const parseAs = "text/plain" in (ok.content ?? {}) ? "text" : "json";
    const init = {
      params: call.params ?? {},
      parseAs,
      ...(call.body === undefined ? {} : { body: call.body }),
      ...(call.body instanceof FormData
        ? { bodySerializer: (b: unknown) => b }
        : {}),
    };
    const label = `${call.method} ${call.path} ${JSON.stringify(call.params)}`;
    try {
      // deno-lint-ignore no-explicit-any
      const { response } = await (client as any)[call.method](call.path, init);
      if (response.status !== call.status) {
        problems.push(
          `${label}: status ${response.status}, not ${call.status}`,
        );
      }
    } catch (error) {
      problems.push(`${label}: openapi-fetch threw ${error}`);
    }
    problems.push(...check(call.method, call.path, last!));
    covered.add(`${call.method} ${call.path}`);
  }
  for (
    const [path, item] of Object.entries<Record<string, unknown>>(doc.paths)
  ) {
    for (const method of Object.keys(item)) {
      if (method === "parameters") continue;
      if (!covered.has(`${method.toUpperCase()} ${path}`)) {
        problems.push(`${method.toUpperCase()} ${path} was not called`);
      }
    }
  }
  return problems;
}

const BOOKSTORE_CALLS: readonly Call[] = [
  { method: "GET", path: "/authors/mostActive", status: 200 },
  {
    method: "GET",
    path: "/authors/mostActive",
    params: { query: { limit: 2 } },
    status: 200,
  },
  {
    method: "GET",
    path: "/authors/mostActive",
    params: { query: { limit: 0 } },
    status: 400,
  },
  {
    method: "GET",
    path: "/authors/mostActive",
    params: { query: { limit: "many" } },
    status: 400,
  },
  { method: "GET", path: "/books", status: 200 },
  {
    method: "GET",
    path: "/books",
    params: { query: { pageIndex: 1, pageSize: 3, sortCode: "price desc" } },
    status: 200,
  },
  {
    method: "GET",
    path: "/books",
    params: { header: { tenant: "a" }, query: { pageSize: 20 } },
    status: 200,
  },
  {
    method: "GET",
    path: "/books",
    params: { query: { sortCode: "colour asc" } },
    status: 400,
  },
  {
    method: "GET",
    path: "/books",
    params: { query: { pageSize: 1.5 } },
    status: 400,
  },
  {
    method: "GET",
    path: "/book/{id}",
    params: { path: { id: 1 } },
    status: 200,
  },
  {
    method: "GET",
    path: "/book/{id}",
    params: { path: { id: 999999 } },
    status: 200,
  },
  {
    method: "GET",
    path: "/book/{id}",
    params: { path: { id: "one" } },
    status: 400,
  },
  {
    method: "POST",
    path: "/book/{id}/order",
    params: { path: { id: 1 }, query: { quantity: 2 } },
    status: 200,
  },
  {
    method: "POST",
    path: "/book/{id}/order",
    params: { path: { id: 1 }, query: { quantity: 11 } },
    status: 409,
  },
  {
    method: "POST",
    path: "/book/{id}/order",
    params: { path: { id: 999999 } },
    status: 404,
  },
  {
    method: "POST",
    path: "/book/{id}/order",
    params: { path: { id: 1 }, query: { quantity: 0 } },
    status: 400,
  },
  {
    method: "GET",
    path: "/dynamic/book/{id}",
    params: {
      path: { id: 2 },
      query: { fetcherCode: "{ name store { name } }" },
    },
    status: 200,
  },
  {
    method: "GET",
    path: "/dynamic/book/{id}",
    params: { path: { id: 3 } },
    status: 200,
  },
  {
    method: "GET",
    path: "/dynamic/book/{id}",
    params: { path: { id: 999999 }, query: { fetcherCode: "{ name }" } },
    status: 200,
  },
  {
    method: "GET",
    path: "/dynamic/book/{id}",
    params: { path: { id: 2 }, query: { fetcherCode: "{ name store {" } },
    status: 400,
  },
  {
    method: "GET",
    path: "/dynamic/book/{id}",
    params: { path: { id: 2 }, query: { fetcherCode: "{ colour }" } },
    status: 400,
  },
  {
    method: "GET",
    path: "/dynamic/book/{id}",
    params: {
      path: { id: 1 },
      query: { fetcherCode: "{ authors(orderBy: lastName, limit: 1) }" },
    },
    status: 200,
  },
  {
    method: "GET",
    path: "/dynamic/book/{id}",
    params: { path: { id: 1 }, query: { fetcherCode: "{ store(limit: 1) }" } },
    status: 400,
  },
  {
    method: "GET",
    path: "/dynamic/book/{id}",
    // Well formed, but no manifest lists it: like a missing row.
    params: { path: { id: 1 }, query: { fetcherId: "a".repeat(64) } },
    status: 404,
  },
  {
    method: "GET",
    path: "/dynamic/store/{id}",
    params: {
      path: { id: 1 },
      query: { fetcherCode: "{ name books(limit: 1) { name } }" },
    },
    status: 200,
  },
  {
    method: "GET",
    path: "/dynamic/author/{id}",
    params: { path: { id: 1 }, query: { fetcherCode: "{ firstName }" } },
    status: 200,
  },
  { method: "GET", path: "/stores/topBooks", status: 200 },
  {
    method: "GET",
    path: "/stores/topBooks",
    params: { query: { storeIds: [1, 3] } },
    status: 200,
  },
  {
    method: "GET",
    path: "/stores/topBooks",
    params: { query: { storeIds: ["one"] } },
    status: 400,
  },
  {
    method: "GET",
    path: "/stores/{id}/runnerUp",
    params: { path: { id: 2 } },
    status: 200,
  },
  {
    method: "GET",
    path: "/stores/{id}/runnerUp",
    params: { path: { id: 999999 } },
    status: 200,
  },
  { method: "GET", path: "/helloworld", status: 200 },
];

Deno.test("contract: every bookstore answer of server.ts is what its served document says", async () => {
  const server = await startExampleServer();
  try {
    assert.deepEqual(await runContract(server.base, BOOKSTORE_CALLS), []);
    const get = await fetch(`${server.base}/ts.zip`);
    const length = (await get.arrayBuffer()).byteLength;
    const head = await fetch(`${server.base}/ts.zip`, { method: "HEAD" });
    assert.equal(head.headers.get("content-length"), String(length));
    assert.equal(head.headers.get("etag"), get.headers.get("etag"));
    assert.equal((await head.arrayBuffer()).byteLength, 0);
  } finally {
    await server.stop();
  }
});

const AUTHORIZED = { authorization: "Bearer ada", "x-request-id": "r1" };

function upload(meta: unknown): FormData {
  const form = new FormData();
  form.append("image", new File([new Uint8Array(8)], "cap.png"));
  if (meta !== undefined) {
    form.append(
      "meta",
      new Blob([JSON.stringify(meta)], { type: "application/json" }),
    );
  }
  return form;
}

const TREESHOP_CALLS: readonly Call[] = [
  {
    method: "GET",
    path: "/tree/{rootId}",
    params: { path: { rootId: 1 } },
    status: 200,
  },
  {
    method: "GET",
    path: "/tree/{rootId}",
    params: { path: { rootId: 999999 } },
    status: 200,
  },
  {
    method: "GET",
    path: "/tree/{rootId}",
    params: { path: { rootId: "root" } },
    status: 400,
  },
  {
    method: "GET",
    path: "/tree/{id}/pair",
    params: { path: { id: 3 } },
    status: 200,
  },
  {
    method: "GET",
    path: "/tree/{id}/pair",
    params: { path: { id: 999999 } },
    status: 404,
  },
  {
    method: "GET",
    path: "/tree/{id}/pair",
    params: { path: { id: 1.5 } },
    status: 400,
  },
  { method: "GET", path: "/tree/products/index", status: 200 },
  {
    method: "GET",
    path: "/tree/products/search",
    params: {
      query: {
        name: "tee",
        availability: ["IN_STOCK", "SOLD_OUT"],
        maxPrice: 20,
        order: "PRICE",
      },
    },
    status: 200,
  },
  {
    method: "GET",
    path: "/tree/warehouses/{id}/address",
    params: { path: { id: 1 } },
    status: 200,
  },
  {
    method: "GET",
    path: "/tree/shapes/node/{id}",
    params: {
      path: { id: 1 },
      query: { fetcherCode: "{ name childNodes(recursive) { name } }" },
    },
    status: 200,
  },
  {
    method: "GET",
    path: "/tree/shapes/product/{id}",
    params: { path: { id: 1 }, query: { fetcherCode: "{ name category }" } },
    status: 200,
  },
  {
    method: "GET",
    path: "/tree/shapes/warehouse/{id}",
    params: { path: { id: 2 }, query: { fetcherCode: "{ address }" } },
    status: 200,
  },
  {
    method: "GET",
    path: "/tree/products/search",
    params: { query: { order: "NAME", minPrice: -1 } },
    status: 400,
  },
  {
    method: "GET",
    path: "/tree/products/search",
    params: { query: { name: "tee" } },
    status: 400,
  },
  {
    method: "GET",
    path: "/tree/warehouses/{id}/address",
    params: { path: { id: 999999 } },
    status: 200,
  },
  { method: "GET", path: "/tree/warehouses/cities", status: 200 },
  {
    method: "POST",
    path: "/tree/nodes",
    params: { header: AUTHORIZED },
    body: { name: "Caps", parentId: 1 },
    status: 200,
  },
  {
    method: "POST",
    path: "/tree/nodes",
    params: { header: AUTHORIZED },
    body: { name: "Caps", parentId: 999999 },
    status: 400,
  },
  {
    method: "POST",
    path: "/tree/nodes",
    params: { header: AUTHORIZED },
    body: { label: "Caps" },
    status: 400,
  },
  {
    method: "POST",
    path: "/tree/nodes",
    // Not a bearer token (every call sends one by default).
    params: { header: { "x-request-id": "r2", authorization: "Basic eA==" } },
    body: { name: "Caps" },
    status: 401,
  },
  {
    method: "POST",
    path: "/tree/products/{productId}/image",
    params: { path: { productId: 1 } },
    body: upload({ caption: "A cap" }),
    status: 200,
  },
  {
    method: "POST",
    path: "/tree/products/{productId}/image",
    params: { path: { productId: 999999 } },
    body: upload({ caption: "A cap" }),
    status: 404,
  },
  {
    method: "POST",
    path: "/tree/products/{productId}/image",
    params: { path: { productId: 1 } },
    body: upload(undefined),
    status: 400,
  },
  {
    method: "GET",
    path: "/tree/products/{id}/promotion",
    params: { path: { id: 1 } },
    status: 200,
  },
  {
    method: "GET",
    path: "/tree/products/{id}/promotion",
    params: { path: { id: 2 } },
    status: 404,
  },
  {
    method: "POST",
    path: "/tree/products/{id}/promotion",
    params: { path: { id: 2 } },
    body: { kind: "fixed", amount: 2.5, currency: "EUR" },
    status: 200,
  },
  {
    method: "POST",
    path: "/tree/products/{id}/promotion",
    params: { path: { id: 2 } },
    body: { kind: "gift" },
    status: 400,
  },
  {
    method: "GET",
    path: "/tree/products/{id}/delivery",
    params: { path: { id: 1 } },
    status: 200,
  },
  {
    method: "GET",
    path: "/tree/products/{id}/delivery",
    params: { path: { id: 2 } },
    status: 200,
  },
];

Deno.test("contract: every treeshop answer is what its served document says", async () => {
  const app = await treeshopApp({ authenticate: treeshopAuthenticators });
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    app.fetch,
  );
  try {
    const base = `http://127.0.0.1:${server.addr.port}`;
    // Its document requires a bearer token on every operation.
    assert.deepEqual(
      await runContract(base, TREESHOP_CALLS, { authorization: "Bearer ada" }),
      [],
    );
  } finally {
    await server.shutdown();
  }
});
