import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import type { Hono } from "hono";
import { readZip } from "../archive/read_zip.ts";
import { readTree } from "../fs/tree.ts";
import { createServer, ServerStartError } from "./create_server.ts";
import { ServerConfigError } from "./artifacts.ts";
import { ShirtController } from "./routes/testdata/shop/shop_controller.ts";
import { bookstoreServing } from "../../fixtures/bookstore/serving.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BOOKSTORE = `${ROOT}fixtures/bookstore`;
const TREESHOP = `${ROOT}fixtures/treeshop`;

const decoder = new TextDecoder();

/** The files of a ZIP answer, as text. */
async function unzipped(response: Response): Promise<Map<string, string>> {
  assert.equal(response.status, 200);
  const entries = await readZip(new Uint8Array(await response.arrayBuffer()));
  return new Map(
    [...entries].map(([path, bytes]) => [path, decoder.decode(bytes)]),
  );
}

const renders: string[] = [];
const bookstore: Hono = await createServer({
  project: BOOKSTORE,
  typeCheck: false,
  onRender: (key) => renders.push(key),
});
const treeshop: Hono = await createServer({
  project: TREESHOP,
  typeCheck: false,
});

Deno.test("the archives and the document equal what generate writes (golden)", async () => {
  const ts = await unzipped(await bookstore.request("/ts.zip"));
  assert.deepEqual(ts, await readTree(`${ROOT}golden/bookstore/ts`));
  const java = await unzipped(await bookstore.request("/java-http-client.zip"));
  assert.deepEqual(java, await readTree(`${ROOT}golden/bookstore/java`));
  const yaml = await bookstore.request("/openapi.yml");
  assert.equal(
    await yaml.text(),
    await Deno.readTextFile(`${ROOT}golden/bookstore/openapi.yml`),
  );
  assert.match(yaml.headers.get("content-type")!, /yaml/);
  const zip = await bookstore.request("/ts.zip");
  assert.equal(zip.headers.get("content-type"), "application/zip");
  assert.equal(
    zip.headers.get("content-disposition"),
    'attachment; filename="ts.zip"',
  );
});

Deno.test("an artifact's path with another method than GET is a 405 with Allow", async () => {
  const answer = await bookstore.request("/openapi.yml", { method: "POST" });
  assert.equal(answer.status, 405);
  assert.equal(answer.headers.get("allow"), "GET, HEAD");
  assert.equal((await answer.json()).error, "method-not-allowed");
});

Deno.test("50 concurrent first requests render the artifact once", async () => {
  const server = await createServer({
    project: BOOKSTORE,
    typeCheck: false,
    onRender: (key) => renders.push(key),
  });
  renders.length = 0;
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => server.request("/java-http-client.zip")),
  );
  assert.deepEqual(renders, ["java||"]);
  const tags = new Set(answers.map((a) => a.headers.get("etag")));
  assert.equal(tags.size, 1);
  const bodies = await Promise.all(answers.map((a) => a.arrayBuffer()));
  assert.ok(bodies.every((b) => b.byteLength === bodies[0]!.byteLength));
});

Deno.test("ETag and If-None-Match give 304 without a body", async () => {
  const first = await bookstore.request("/openapi.yml");
  const etag = first.headers.get("etag")!;
  assert.match(etag, /^"[\w-]+"$/);
  const again = await bookstore.request("/openapi.yml", {
    headers: { "if-none-match": etag },
  });
  assert.equal(again.status, 304);
  assert.equal(await again.text(), "");
  const other = await bookstore.request("/openapi.yml", {
    headers: { "if-none-match": '"other"' },
  });
  assert.equal(other.status, 200);
});

Deno.test("groups select the APIs of every artifact; repeated and listed forms agree", async () => {
  const all = await (await treeshop.request("/openapi.yml")).text();
  const shop = await (await treeshop.request("/openapi.yml?groups=shop"))
    .text();
  assert.notEqual(all, shop);
  assert.doesNotMatch(shop, /\/tree\/nodes/);
  const listed = await treeshop.request("/ts.zip?groups=admin,shop");
  const repeated = await treeshop.request("/ts.zip?groups=shop&groups=admin");
  assert.equal(listed.headers.get("etag"), repeated.headers.get("etag"));
  const page = await (await treeshop.request("/openapi.html?groups=shop"))
    .text();
  assert.match(page, /\/openapi\.yml\?groups=shop/);
});

Deno.test("bad artifact queries are 400s with a JSON reason", async () => {
  const unknown = await treeshop.request("/ts.zip?groups=shop,nope");
  assert.equal(unknown.status, 400);
  assert.deepEqual(await unknown.json(), {
    error: "unknown-groups",
    message: "unknown group(s): nope",
    unknownGroups: ["nope"],
    knownGroups: ["admin", "shop"],
  });
  for (
    const [path, parameter] of [
      ["/ts.zip?importExtension=mjs", "importExtension"],
      ["/ts.zip?importExtension=js&importExtension=ts", "importExtension"],
      ["/openapi.yml?importExtension=js", "importExtension"],
      ["/java-http-client.zip?x=1", "x"],
    ]
  ) {
    const answer = await treeshop.request(path!);
    assert.equal(answer.status, 400, path);
    const body = await answer.json();
    assert.equal(body.error, "bad-request", path);
    assert.equal(body.parameter, parameter, path);
  }
  const missing = await treeshop.request("/no/such/path");
  assert.equal(missing.status, 404);
  assert.deepEqual(await missing.json(), {
    error: "not-found",
    path: "/no/such/path",
  });
});

Deno.test("importExtension changes the TypeScript archive's imports", async () => {
  const js = await unzipped(
    await bookstore.request("/ts.zip?importExtension=js"),
  );
  const none = await unzipped(
    await bookstore.request("/ts.zip?importExtension=none"),
  );
  assert.match(js.get("Api.ts")!, /from "\.\/Executor\.js"/);
  assert.match(none.get("Api.ts")!, /from "\.\/Executor"/);
});

Deno.test("the page and its assets are served", async () => {
  const page = await bookstore.request("/openapi.html");
  assert.match(page.headers.get("content-type")!, /text\/html/);
  const html = await page.text();
  for (const [, src] of html.matchAll(/src="([^"]+)"/g)) {
    const asset = await bookstore.request(src!);
    assert.equal(asset.status, 200, src);
    await asset.arrayBuffer();
  }
  assert.equal(
    (await bookstore.request("/openapi-assets/nope.js")).status,
    404,
  );
});

Deno.test("start-up refuses diagnostics, clashing paths and missing pieces", async () => {
  await assert.rejects(
    createServer({
      project: `${ROOT}fixtures/errors/two_bodies`,
      typeCheck: false,
    }),
    (e) =>
      e instanceof ServerStartError && /controller\.ts:\d+:\d+/.test(e.message),
  );
  await assert.rejects(
    createServer({
      project: BOOKSTORE,
      typeCheck: false,
      config: {
        tsPath: "/x",
        javaPath: "/x",
        info: { title: "t", version: "1" },
      },
    }),
    (e) => e instanceof ServerConfigError && /both \/x/.test(e.message),
  );
  await assert.rejects(
    createServer({
      project: `${ROOT}src/server/routes/testdata/shop`,
      typeCheck: false,
      config: { tsPath: "/shirts/hello", info: { title: "t", version: "1" } },
      controllers: [new ShirtController()],
      inject: { Caller: () => ({ name: "x" }) },
    }),
    (e) =>
      e instanceof ServerStartError && /GET \/shirts\/hello/.test(e.message),
  );
});

Deno.test("controllers are served beside the artifacts", async () => {
  const server = await createServer({
    project: `${ROOT}src/server/routes/testdata/shop`,
    typeCheck: false,
    config: { tsPath: "/client.zip", info: { title: "Shop", version: "1" } },
    controllers: [new ShirtController()],
    inject: { Caller: () => ({ name: "x" }) },
    middleware: [async (c, next) => {
      await next();
      c.res.headers.set("x-served-by", "tailor");
    }],
  });
  const hello = await server.request("/shirts/hello");
  assert.equal(await hello.text(), "shirts");
  assert.equal(hello.headers.get("x-served-by"), "tailor");
  const zip = await server.request("/client.zip");
  assert.equal(
    zip.headers.get("content-disposition"),
    'attachment; filename="client.zip"',
  );
  await zip.arrayBuffer();
  assert.equal((await server.request("/openapi.yml")).status, 404);
});

Deno.test("fetcherBudget bounds the fetchers clients send, with the store's", async () => {
  const serving = bookstoreServing();
  const server = await createServer({
    project: BOOKSTORE,
    typeCheck: false,
    controllers: serving.controllers,
    fetcherOwners: serving.fetcherOwners,
    fetcherBudget: { maxObjects: 3 },
  });
  const dynamic = (code: string) =>
    server.request(`/dynamic/book/1?fetcherCode=${encodeURIComponent(code)}`);
  // Book 1 and its two authors: 3 objects.
  assert.equal((await dynamic("{ authors { lastName } }")).status, 200);
  const over = await dynamic("{ store { books } }");
  assert.equal(over.status, 422);
  assert.deepEqual(await over.json(), {
    error: "fetcher-budget",
    limit: "maxObjects",
    max: 3,
    message:
      "the fetcher asks for more than 3 objects (at least 4): select fewer associations or nest them less",
  });
  // The server's own fetchers have no budget.
  assert.equal((await server.request("/book/1")).status, 200);
  serving.store.close();
});

Deno.test("a page skipping more rows than maxOffset is a 422, a long sortCode a 400", async () => {
  const serving = bookstoreServing();
  const server = await createServer({
    project: BOOKSTORE,
    typeCheck: false,
    controllers: serving.controllers,
    fetcherOwners: serving.fetcherOwners,
  });
  // Offset 1,000 (the default maxOffset) is allowed, 1,005 is not.
  assert.equal((await server.request("/books?pageIndex=200")).status, 200);
  const deep = await server.request("/books?pageIndex=201");
  assert.equal(deep.status, 422);
  assert.deepEqual(await deep.json(), {
    error: "fetcher-budget",
    limit: "maxOffset",
    max: 1000,
    message:
      "the request asks for more than 1000 skipped rows (offset) (at least 1005): narrow the query with a condition or a sort instead of skipping rows",
  });
  const terms = Array(2001).fill("name").join(",");
  const long = await server.request(`/books?sortCode=${terms}`);
  assert.equal(long.status, 400);
  assert.deepEqual(await long.json(), {
    error: "bad-request",
    parameter: "sortCode",
    message: "sortCode has 2001 terms; at most 16",
  });
  serving.store.close();
});

Deno.test("orm.client.uri-prefix: routes, client URIs and the document move under it", async () => {
  const server = await createServer({
    project: `${ROOT}src/server/routes/testdata/shop`,
    typeCheck: false,
    config: {
      uriPrefix: "/api",
      tsPath: "/ts.zip",
      openapiPath: "/openapi.yml",
      info: { title: "Shop", version: "1" },
    },
    controllers: [new ShirtController()],
    inject: { Caller: () => ({ name: "x" }) },
  });
  assert.equal(
    await (await server.request("/api/shirts/hello")).text(),
    "shirts",
  );
  assert.equal((await server.request("/shirts/hello")).status, 404);
  const ts = await unzipped(await server.request("/ts.zip"));
  assert.match(ts.get("services/ShirtService.ts")!, /"\/api\/shirts\/hello"/);
  const yaml = await (await server.request("/openapi.yml")).text();
  assert.match(yaml, /\n {2}\/api\/shirts\/hello:/);
});
