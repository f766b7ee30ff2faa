/**
 * End to end, as a front-end team works: the example server runs
 * (`server.ts` on an ephemeral port), `deno task api` downloads its client
 * into a fresh project, the example client type-checks and runs against it,
 * and calls made through `createFetchExecutor` return what the OpenAPI
 * document promises, operation by operation. The bookstore also runs once in
 * `orm.client.ts.null-render-mode: null`, its answers checked against that
 * mode's document.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { createServer } from "./mod.ts";
import { responseValidator } from "./src/testing/validate_openapi.ts";
import { treeshopAuthenticators } from "./fixtures/treeshop/injectors.ts";
import { treeshopApp } from "./src/testing/treeshop_app.ts";
import { bookstoreServing } from "./fixtures/bookstore/serving.ts";
import { loadConfig } from "./src/config/config.ts";
import { startExampleServer } from "./src/testing/example_server.ts";

const ROOT = fileURLToPath(new URL("./", import.meta.url));
const decoder = new TextDecoder();

/** Runs deno with `args` from the repository root; fails with its stderr. */
async function deno(...args: string[]): Promise<string> {
  const output = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    env: { NO_COLOR: "1" },
  }).output();
  const stderr = decoder.decode(output.stderr);
  assert.equal(output.code, 0, `deno ${args.join(" ")}:\n${stderr}`);
  return decoder.decode(output.stdout);
}

/** Serves `app` on a free local port. */
function serveApp(
  app: { fetch: (request: Request) => Response | Promise<Response> },
): { server: Deno.HttpServer; base: string } {
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    onListen: () => {},
  }, app.fetch);
  return { server, base: `http://127.0.0.1:${server.addr.port}` };
}

// deno-lint-ignore no-explicit-any
type Client = any;

/** Downloads a client with the api script and imports it. */
async function downloadClient(url: string, dir: string): Promise<Client> {
  const summary = await deno("run", "-A", "src/api/main.ts", url, dir);
  assert.match(summary, /\d+ added/);
  return await import(`file://${dir}/index.ts`);
}

/** What a treeshop test gets: its generated client and a response checker. */
interface TreeshopClient {
  readonly api: Client;
  readonly check: ReturnType<typeof responseValidator>;
}

/**
 * Serves the treeshop (with Ann's bearer token on every call), downloads its
 * client of `groups` (all when undefined) and runs `body` with them.
 */
async function withTreeshopClient(
  groups: string | undefined,
  body: (client: TreeshopClient) => Promise<void>,
): Promise<void> {
  const project = await Deno.makeTempDir({ prefix: "tailor_e2e_" });
  const app = await treeshopApp({ authenticate: treeshopAuthenticators });
  const { server, base } = serveApp(app);
  try {
    const client = await downloadClient(
      `${base}/ts.zip${groups === undefined ? "" : `?groups=${groups}`}`,
      `${project}/src/__generated`,
    );
    const check = responseValidator(
      await (await fetch(`${base}/openapi.yml`)).text(),
    );
    const api = new client.Api(client.createFetchExecutor({
      baseUrl: base,
      headers: { authorization: "Bearer ann" },
    }));
    await body({ api, check });
  } finally {
    await server.shutdown();
    await Deno.remove(project, { recursive: true });
  }
}

Deno.test("e2e: the bookstore client downloaded from server.ts type-checks, runs and gets what the document promises", async () => {
  const project = await Deno.makeTempDir({ prefix: "tailor_e2e_" });
  const server = await startExampleServer();
  try {
    const generated = `${project}/src/__generated`;
    const client = await downloadClient(`${server.base}/ts.zip`, generated);
    await Deno.copyFile(`${ROOT}examples/client/main.ts`, `${project}/main.ts`);
    await deno("check", `${project}/main.ts`);
    const printed = await deno(
      "run",
      "--allow-net",
      `${project}/main.ts`,
      server.base,
    );
    assert.match(printed, /^Hello World!\n12 books; the first 3:/);
    assert.match(printed, /book 999: absent/);
    assert.match(
      printed,
      /refused: \{"error":"bad-request","parameter":"sortCode"/,
    );
    assert.match(
      printed,
      /order of book 1: 11 asked, 10 in stock\norder of book 999: no such book\n/,
    );

    const check = responseValidator(
      await (await fetch(`${server.base}/openapi.yml`)).text(),
    );
    const promised = (operation: string, body: unknown) =>
      assert.deepEqual(
        check(
          operation,
          200,
          body === undefined ? undefined : JSON.parse(JSON.stringify(body)),
        ),
        [],
        operation,
      );
    const api = new client.Api(
      client.createFetchExecutor({ baseUrl: server.base }),
    );
    const first = await api.bookService.findBooks({
      pageIndex: 0,
      pageSize: 5,
    });
    const second = await api.bookService.findBooks({
      pageIndex: 1,
      pageSize: 5,
    });
    promised("GET /books", first);
    promised("GET /books", second);
    assert.equal(first.rows.length, 5);
    assert.notDeepEqual(first.rows[0], second.rows[0]);

    const missing = await api.bookService.findBook({ id: 999 });
    assert.equal(missing, undefined);
    const book = await api.bookService.findBook({ id: 1 });
    promised("GET /book/{id}", book);
    assert.ok(Array.isArray(book.authors) && book.authors.length > 0);

    const active = await api.authorService.findMostActiveAuthors({ limit: 3 });
    promised("GET /authors/mostActive", active);
    assert.equal(active.length, 3);

    const tenant = new client.Api(
      client.createFetchExecutor({ baseUrl: server.base, tenant: "a" }),
    );
    const own = await tenant.bookService.findBooks({ pageSize: 20 });
    promised("GET /books", own);
    assert.ok(own.totalRowCount > 0 && own.totalRowCount < first.totalRowCount);

    const dynamic = await api.dynamicBookService.findBook({
      id: 2,
      fetcher: "{ name store { name } }",
    });
    promised("GET /dynamic/book/{id}", dynamic);
    assert.deepEqual(Object.keys(dynamic), ["id", "name", "store"]);

    // Limited associations: each store's two dearest books, and the
    // second cheapest one; each book's store by its id alone.
    type Listed = {
      books: { id: number; price: number; store?: { id: number } }[];
    }[];
    const top: Listed = await api.bookStoreService.findTopBooks();
    promised("GET /stores/topBooks", top);
    assert.deepEqual(top.map((s) => s.books.map((b) => b.price)), [
      [73, 69],
      [81, 80],
      [65, 60],
    ]);
    assert.deepEqual(top[0]!.books[0]!.store, { id: 1 });
    const runnerUp = await api.bookStoreService.findRunnerUp({ id: 1 });
    promised("GET /stores/{id}/runnerUp", runnerUp);
    assert.deepEqual(runnerUp.books, [
      { id: 1, name: "Learning GraphQL", price: 50, store: { id: 1 } },
    ]);
    const firstAuthor = await api.dynamicBookService.findBook({
      id: 1,
      fetcher: "{ authors(orderBy: lastName desc, limit: 1) { lastName } }",
    });
    promised("GET /dynamic/book/{id}", firstAuthor);
    assert.deepEqual(firstAuthor, {
      id: 1,
      authors: [{ id: 1, lastName: "Procello" }],
    });

    await assert.rejects(
      api.bookService.findBooks({ pageSize: 0 }),
      (reason: { error?: string; parameter?: string }) =>
        reason.error === "bad-request" && reason.parameter === "pageSize",
    );

    const ordered = await api.bookService.orderBook({ id: 1, quantity: 2 });
    promised("orderBook", ordered);
    const declared = async (id: number, status: number) => {
      const reason = await api.bookService.orderBook({ id, quantity: 11 })
        .then(() => assert.fail("the order went through"), (e: unknown) => e);
      assert.ok(client.isApiError(reason, "bookService", "orderBook"));
      assert.deepEqual(check("orderBook", status, reason), [], `${status}`);
      return reason;
    };
    assert.deepEqual(await declared(999, 404), {
      family: "BOOK",
      code: "NOT_FOUND",
      bookId: 999,
    });
    assert.deepEqual(await declared(1, 409), {
      family: "BOOK",
      code: "OUT_OF_STOCK",
      bookId: 1,
      requested: 11,
      available: 10,
    });
    assert.equal(
      client.isApiError(
        { family: "BOOK", code: "GONE" },
        "bookService",
        "orderBook",
      ),
      false,
    );
  } finally {
    await server.stop();
    await Deno.remove(project, { recursive: true });
  }
});

Deno.test("e2e: treeshop calls with a header, a body, an injected principal and an upload", async () => {
  await withTreeshopClient("admin", async ({ api, check }) => {
    const node = await api.treeService.createNode({
      body: { name: "Socks", parentId: 1 },
      requestId: "r-1",
    });
    assert.deepEqual(check("POST /tree/nodes", 200, node), []);
    assert.deepEqual(node, { id: 7, name: "Socks", parent: { id: 1 } });
    assert.equal(api.treeService.findTree, undefined); // group shop left out
    // Embeddables: a whole Address (with its GeoPoint), then some fields.
    const warehouse = await api.treeService.findWarehouse({ id: 2 });
    assert.deepEqual(
      check("GET /tree/warehouses/{id}/address", 200, warehouse),
      [],
    );
    assert.deepEqual(warehouse, {
      id: 2,
      name: "South",
      address: {
        street: "5 Via Roma",
        city: "Palermo",
        location: { latitude: 38.12, longitude: 13.36 },
      },
    });
    const cities = await api.treeService.warehouseCities();
    assert.deepEqual(check("GET /tree/warehouses/cities", 200, cities), []);
    assert.deepEqual(cities.map((w: { address: unknown }) => w.address), [
      { city: "Hamburg", location: { latitude: 53.54 } },
      { city: "Palermo", location: { latitude: 38.12 } },
    ]);
    // An upload: the generated FormData, sent as multipart/form-data.
    const bytes = new TextEncoder().encode("GIF89a, a tiny image");
    const receipt = await api.treeService.uploadImage({
      productId: 3,
      image: new File([bytes], "cap.gif", { type: "image/gif" }),
      meta: { caption: "A cap", tags: ["hat"] },
    });
    assert.deepEqual(
      check("POST /tree/products/{productId}/image", 200, receipt),
      [],
    );
    assert.deepEqual(receipt, {
      productId: 3,
      fileName: "cap.gif",
      size: bytes.length,
      contentType: "image/gif",
      caption: "A cap",
    });
    await assert.rejects(
      api.treeService.uploadImage({
        productId: 3,
        image: new File([bytes], "cap.gif"),
        meta: { caption: 1 },
      }),
      (reason: { error?: string; parameter?: string }) =>
        reason.error === "bad-request" && reason.parameter === "meta",
    );
  });
});

Deno.test("e2e: treeshop's search form through the client, one query parameter per property", async () => {
  await withTreeshopClient("shop", async ({ api, check }) => {
    const found = await api.treeService.searchProducts({
      filter: {
        name: "TEE",
        minPrice: 10,
        availability: ["IN_STOCK", "SOLD_OUT"],
        order: "PRICE",
      },
    });
    assert.deepEqual(check("GET /tree/products/search", 200, found), []);
    assert.deepEqual(
      found.map((p: { name: string }) => p.name),
      ["White tee", "Black tee"],
    );
    const cheap = await api.treeService.searchProducts({
      filter: { maxPrice: 10, order: "NAME" },
    });
    assert.deepEqual(
      cheap.map((p: { name: string }) => p.name),
      ["Apple", "Cap"],
    );
    await assert.rejects(
      api.treeService.searchProducts({
        filter: { minPrice: -1, order: "NAME" },
      }),
      (reason: { error?: string; parameter?: string }) =>
        reason.error === "bad-request" && reason.parameter === "minPrice",
    );
  });
});

Deno.test("e2e: treeshop promotions and deliveries, discriminated unions as a result, a body and a field", async () => {
  await withTreeshopClient(undefined, async ({ api, check }) => {
    const path = "/tree/products/{id}/promotion";
    const percent = await api.treeService.findPromotion({ id: 1 });
    assert.deepEqual(check(`GET ${path}`, 200, percent), []);
    assert.deepEqual(percent, { kind: "percent", percent: 10 });
    const shipping = await api.treeService.findPromotion({ id: 3 });
    assert.deepEqual(shipping, { kind: "shipping" });
    // An abstract class's subclasses: the server's instances, as the union.
    const deliveries = [
      await api.treeService.findDelivery({ id: 1 }),
      await api.treeService.findDelivery({ id: 2 }),
    ];
    for (const delivery of deliveries) {
      assert.deepEqual(
        check("GET /tree/products/{id}/delivery", 200, delivery),
        [],
      );
    }
    assert.deepEqual(deliveries, [
      { method: "pickup", days: 1, shop: "Main street" },
      { method: "courier", days: 3, fee: 4.5 },
    ]);
    const fixed = { kind: "fixed", amount: 2.5, currency: "EUR" };
    const receipt = await api.treeService.setPromotion({
      id: 2,
      body: fixed,
    });
    assert.deepEqual(check(`POST ${path}`, 200, receipt), []);
    assert.deepEqual(receipt, { productId: 2, promotion: fixed });
    assert.deepEqual(
      await api.treeService.findPromotion({ id: 2 }),
      fixed,
    );
    // A body of no member, and one of a member with a field missing.
    for (
      const [body, problem] of [
        [{ kind: "gift" }, /\/kind must be equal to one of the allowed values/],
        [
          { kind: "fixed", amount: 1 },
          /must have required property 'currency'/,
        ],
      ] as const
    ) {
      await assert.rejects(
        api.treeService.setPromotion({ id: 2, body }),
        (reason: { error?: string; message?: string }) =>
          reason.error === "bad-request" && problem.test(reason.message ?? ""),
      );
    }
  });
});

Deno.test("e2e: the bookstore in null render mode: the client's nulls are what the server sends and its document promises", async () => {
  const project = await Deno.makeTempDir({ prefix: "tailor_e2e_" });
  const serving = bookstoreServing();
  const app = await createServer({
    project: `${ROOT}fixtures/bookstore`,
    typeCheck: false,
    config: {
      ...await loadConfig(`${ROOT}fixtures/bookstore`),
      tsNullRenderMode: "null",
    },
    controllers: serving.controllers,
    fetcherOwners: serving.fetcherOwners,
    middleware: [serving.middleware],
  });
  const { server, base } = serveApp(app);
  try {
    const generated = `${project}/src/__generated`;
    const client = await downloadClient(`${base}/ts.zip`, generated);
    assert.match(
      await Deno.readTextFile(`${generated}/model/dto/BookDto.ts`),
      /readonly website: string \| null;/,
    );
    const check = responseValidator(
      await (await fetch(`${base}/openapi.yml`)).text(),
    );
    const api = new client.Api(client.createFetchExecutor({ baseUrl: base }));
    const promised = (operation: string, body: unknown) =>
      assert.deepEqual(check(operation, 200, body), [], operation);

    const orphan = await api.bookService.findBook({ id: 9 });
    promised("GET /book/{id}", orphan);
    assert.equal(orphan.store, null);
    const { store: _, ...missing } = orphan;
    assert.notDeepEqual(check("GET /book/{id}", 200, missing), []);

    const book = await api.bookService.findBook({ id: 1 });
    promised("GET /book/{id}", book);
    assert.ok("website" in book.store);

    const dynamic = await api.dynamicBookService.findBook({
      id: 2,
      fetcher: "{ name store { name } }",
    });
    promised("GET /dynamic/book/{id}", dynamic);
    // Exactly the fetcher's keys: unselected ones are absent, not null.
    assert.deepEqual(Object.keys(dynamic).sort(), ["id", "name", "store"]);
    assert.deepEqual(Object.keys(dynamic.store).sort(), ["id", "name"]);

    promised(
      "GET /books",
      await api.bookService.findBooks({ pageSize: 3 }),
    );
    promised(
      "GET /authors/mostActive",
      await api.authorService.findMostActiveAuthors({ limit: 2 }),
    );
  } finally {
    await server.shutdown();
    await Deno.remove(project, { recursive: true });
  }
});

Deno.test("e2e: the bookstore with absentResult null: absent results are JSON null, the document exact, the client reads undefined", async () => {
  const project = await Deno.makeTempDir({ prefix: "tailor_e2e_" });
  const serving = bookstoreServing();
  const app = await createServer({
    project: `${ROOT}fixtures/bookstore`,
    typeCheck: false,
    absentResult: "null",
    controllers: serving.controllers,
    fetcherOwners: serving.fetcherOwners,
    middleware: [serving.middleware],
  });
  const { server, base } = serveApp(app);
  try {
    const wire = await fetch(`${base}/book/999999`);
    assert.equal(wire.status, 200);
    assert.equal(wire.headers.get("content-type"), "application/json");
    assert.equal(await wire.text(), "null");
    const document = await (await fetch(`${base}/openapi.yml`)).text();
    assert.doesNotMatch(document, /x-tailor-nullable/);
    const client = await downloadClient(
      `${base}/ts.zip`,
      `${project}/src/__generated`,
    );
    const api = new client.Api(client.createFetchExecutor({ baseUrl: base }));
    assert.equal(await api.bookService.findBook({ id: 999999 }), undefined);
    assert.equal(
      await api.dynamicBookService.findBook({ id: 999999 }),
      undefined,
    );
    assert.equal(
      await api.bookStoreService.findRunnerUp({ id: 999999 }),
      undefined,
    );
    assert.ok(await api.bookService.findBook({ id: 1 }));
  } finally {
    await server.shutdown();
    await Deno.remove(project, { recursive: true });
  }
});
