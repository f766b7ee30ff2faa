/**
 * The property-based contract fuzz of the served documents (after
 * Schemathesis, see src/testing/contract_fuzz.ts): the bookstore as
 * `server.ts --absent-result null` runs it and the treeshop with its
 * authenticators, each operation sent seeded valid and refused requests,
 * every answer checked against the served document (a third-party
 * validator for the bodies); and a store-backed write
 * (src/testing/testdata/library) on both engines, whose refused writes
 * must be the documented 409. Bounded: a fixed seed and count, a few
 * seconds.
 */
import assert from "node:assert/strict";
import { parse } from "yaml";
import { startExampleServer } from "./src/testing/example_server.ts";
import { treeshopApp } from "./src/testing/treeshop_app.ts";
import { treeshopAuthenticators } from "./fixtures/treeshop/injectors.ts";
import { bookstoreStore } from "./fixtures/bookstore/data.ts";
import { bookstoreServing } from "./fixtures/bookstore/serving.ts";
import { createServer } from "./src/server/create_server.ts";
import { engineTest } from "./src/testing/store_engines.ts";
import { LibraryController } from "./src/testing/testdata/library/library_controller.ts";
import { fuzzDocument } from "./src/testing/contract_fuzz.ts";
import {
  type FuzzRequest,
  operationsOf,
  requestsOf,
} from "./src/testing/fuzz_requests.ts";

const SEED = 37;
const PER_OPERATION = 40;
const BEARER = { authorization: "Bearer ann" };

/**
 * What the document cannot say: a fetcher's grammar (`fetcherCode`), that a
 * client fetcher comes as `fetcherCode` or `fetcherId` but not both, a row
 * that must exist (`parentId` of a new node), and the store's offset budget
 * (`pageIndex × pageSize` at most `maxOffset` rows skipped: OpenAPI 3.0
 * bounds each parameter, never their product; the 422's description says
 * it).
 */
function inexpressible(request: FuzzRequest, body: unknown): boolean {
  const reason = body as
    | { parameter?: unknown; message?: unknown; limit?: unknown }
    | null;
  const fetcherCode = new URL(request.url, "http://x").searchParams.get(
    "fetcherCode",
  );
  // An empty one is no grammar: the document's minLength refuses it.
  return (reason?.parameter === "fetcherCode" && fetcherCode !== "") ||
    String(reason?.message).startsWith("send one fetcher:") ||
    reason?.limit === "maxOffset" ||
    (reason?.parameter === "input" &&
      /^no node .* to attach to$/.test(String(reason.message)));
}

async function documentAt(base: string) {
  return parse(await (await fetch(`${base}/openapi.yml`)).text());
}

/** Serves `app` on a free local port for `body`. */
async function serving(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  body: (base: string) => Promise<void>,
): Promise<void> {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    app.fetch,
  );
  try {
    await body(`http://127.0.0.1:${server.addr.port}`);
  } finally {
    await server.shutdown();
  }
}

Deno.test("contract fuzz: the bookstore with --absent-result null answers as its document says", async () => {
  const server = await startExampleServer(["--absent-result", "null"]);
  try {
    const failures = await fuzzDocument({
      base: server.base,
      document: await documentAt(server.base),
      seed: SEED,
      perOperation: PER_OPERATION,
      exempt: inexpressible,
    });
    assert.deepEqual(Object.fromEntries(failures), {});
  } finally {
    await server.stop();
  }
});

Deno.test("contract fuzz: the treeshop with its authenticators answers as its document says", async () => {
  const app = await treeshopApp({ authenticate: treeshopAuthenticators });
  await serving(app, async (base) => {
    const failures = await fuzzDocument({
      base,
      document: await documentAt(base),
      seed: SEED,
      perOperation: PER_OPERATION,
      headers: BEARER,
      exempt: inexpressible,
    });
    assert.deepEqual(Object.fromEntries(failures), {});
  });
});

/** One valid request of every operation, `headers` added; the statuses. */
async function statuses(
  base: string,
  headers: Record<string, string>,
): Promise<Map<string, number>> {
  const document = await documentAt(base);
  const out = new Map<string, number>();
  for (const op of operationsOf(document)) {
    const [request] = requestsOf(document, op, 1, SEED, headers);
    const response = await fetch(base + request!.url, {
      method: request!.method,
      headers: request!.headers,
      ...(request!.body === undefined ? {} : { body: request!.body }),
    });
    await response.body?.cancel();
    out.set(request!.operation, response.status);
  }
  return out;
}

Deno.test("contract fuzz: the treeshop's declared security is checked, and fails closed without authenticators", async () => {
  const errors = console.error;
  console.error = () => {}; // the start-up warning of the unchecked scheme
  let unchecked;
  try {
    unchecked = await treeshopApp();
  } finally {
    console.error = errors;
  }
  await serving(unchecked, async (base) => {
    const answers = await statuses(base, BEARER);
    assert.ok(answers.size > 5);
    for (const [operation, status] of answers) {
      assert.equal(status, 401, `${operation} without authenticators`);
    }
  });
  const checked = await treeshopApp({ authenticate: treeshopAuthenticators });
  await serving(checked, async (base) => {
    for (const [operation, status] of await statuses(base, {})) {
      assert.equal(status, 401, `${operation} without a token`);
    }
  });
});

engineTest(
  "contract fuzz: writes the store refuses are the documented 409, never a 500",
  async (database) => {
    const store = bookstoreStore({ driver: database.driver() });
    try {
      await store.ready();
      const app = await createServer({
        project: "src/testing/testdata/library",
        typeCheck: false,
        controllers: [new LibraryController(store)],
      });
      await serving(app, async (base) => {
        const failures = await fuzzDocument({
          base,
          document: await documentAt(base),
          seed: SEED,
          perOperation: PER_OPERATION,
        });
        assert.deepEqual(Object.fromEntries(failures), {});
      });
    } finally {
      await store.close();
    }
  },
);

engineTest(
  "contract fuzz: the bookstore with absentResult null on each engine",
  async (database) => {
    const bookstore = bookstoreServing({ driver: database.driver() });
    try {
      await bookstore.store.ready();
      const app = await createServer({
        project: "fixtures/bookstore",
        typeCheck: false,
        absentResult: "null",
        controllers: bookstore.controllers,
        fetcherOwners: bookstore.fetcherOwners,
        middleware: [bookstore.middleware],
      });
      await serving(app, async (base) => {
        const failures = await fuzzDocument({
          base,
          document: await documentAt(base),
          seed: SEED + 1,
          perOperation: PER_OPERATION,
          exempt: inexpressible,
        });
        assert.deepEqual(Object.fromEntries(failures), {});
      });
    } finally {
      await bookstore.store.close();
    }
  },
);
