/**
 * The treeshop example served: every route over HTTP, every answer checked
 * against the OpenAPI schema of its operation (no field more, none missing).
 */
import assert from "node:assert/strict";
import { emitOpenApi } from "../../emit/openapi/emit_openapi.ts";
import { responseValidator } from "../../testing/validate_openapi.ts";
import { TreeController } from "../../../fixtures/treeshop/tree_controller.ts";
import {
  treeshopRoutes,
  treeshopServerModel,
} from "./testdata/treeshop_routes.ts";

const model = await treeshopServerModel();
const check = responseValidator(
  emitOpenApi(model, { info: { title: "treeshop", version: "1" } }),
);

async function serve<T>(
  run: (base: string, tree: TreeController) => Promise<T>,
): Promise<T> {
  const tree = new TreeController();
  const app = treeshopRoutes(model, tree);
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    app.fetch,
  );
  try {
    return await run(`http://127.0.0.1:${server.addr.port}`, tree);
  } finally {
    await server.shutdown();
  }
}

/** GETs or POSTs, validates a 200 against `operation`, returns status and body. */
async function call(
  base: string,
  operation: string,
  path: string,
  init?: RequestInit,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(base + path, init);
  const text = await response.text();
  const json = response.headers.get("content-type")?.includes("json");
  const body = text === "" ? undefined : json ? JSON.parse(text) : text;
  if (response.status === 200) {
    assert.deepEqual(check(operation, 200, body), [], path);
  }
  return { status: response.status, body };
}

Deno.test("treeshop: the recursive tree, the pair, the nested index", async () => {
  await serve(async (base) => {
    const tree = await call(base, "GET /tree/{rootId}", "/tree/1");
    assert.deepEqual(tree.body, {
      id: 1,
      name: "Clothes",
      kind: "FOLDER",
      childNodes: [
        {
          id: 2,
          name: "Shirts",
          kind: "FOLDER",
          childNodes: [
            { id: 3, name: "Plain tee", kind: "ITEM", childNodes: [] },
          ],
        },
        { id: 4, name: "Hats", kind: "ITEM", childNodes: [] },
      ],
    });
    assert.equal(
      (await call(base, "GET /tree/{rootId}", "/tree/99")).body,
      undefined,
    );
    const pair = await call(base, "GET /tree/{id}/pair", "/tree/4/pair");
    assert.deepEqual(pair.body, {
      _1: { id: 4, name: "Hats", parent: { id: 1 } },
      _2: { id: 3, name: "Cap", price: 8, category: { id: 4, name: "Hats" } },
    });
    assert.equal((await call(base, "", "/tree/1/pair")).status, 404);
    const index = await call(
      base,
      "GET /tree/products/index",
      "/tree/products/index",
    );
    assert.deepEqual(index.body, {
      "Plain tee": {
        "White tee": { id: 1, name: "White tee" },
        "Black tee": { id: 2, name: "Black tee" },
      },
      Hats: { Cap: { id: 3, name: "Cap" } },
      Fruit: { Apple: { id: 4, name: "Apple" } },
    });
  });
});

Deno.test("treeshop: a node added with a header, a body and the injected principal", async () => {
  await serve(async (base, tree) => {
    const post = (body: unknown, headers: Record<string, string>) =>
      call(base, "POST /tree/nodes", "/tree/nodes", {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json", ...headers },
      });
    const added = await post({ name: "Socks", parentId: 1 }, {
      "x-request-id": "r-1",
      authorization: "Bearer ann",
    });
    assert.deepEqual(added.body, {
      id: 7,
      name: "Socks",
      parent: { id: 1 },
    });
    assert.deepEqual(tree.log, ["ann added 7 (r-1)"]);
    const anonymous = await post({ name: "Socks" }, { "x-request-id": "r-2" });
    assert.equal(anonymous.status, 401);
    const wrong = await post({ name: 5 }, {
      "x-request-id": "r-3",
      authorization: "Bearer ann",
    });
    assert.equal(wrong.status, 400);
    assert.equal((wrong.body as { parameter: string }).parameter, "input");
    const huge = await post({ name: "X", parentId: 1e300 }, {
      "x-request-id": "r-5",
      authorization: "Bearer ann",
    });
    assert.equal(huge.status, 400);
    assert.match(
      (huge.body as { message: string }).message,
      /parentId is out of range/,
    );
    const unnamed = await post({ name: "", parentId: 1 }, {
      "x-request-id": "r-6",
      authorization: "Bearer ann",
    });
    assert.deepEqual([unnamed.status, unnamed.body], [400, {
      error: "bad-request",
      parameter: "input",
      message: "/name must NOT have fewer than 1 characters",
    }]);
    const orphan = await post({ name: "X", parentId: 99 }, {
      "x-request-id": "r-4",
      authorization: "Bearer ann",
    });
    assert.equal(orphan.status, 400);
    assert.deepEqual(tree.log, ["ann added 7 (r-1)"]);
  });
});

Deno.test("treeshop: routes hidden from clients are still served", async () => {
  await serve(async (base) => {
    const stats = await call(
      base,
      "GET /tree/internal/stats",
      "/tree/internal/stats",
    );
    assert.equal(stats.body, 6);
    const ping = await call(base, "GET /hidden/ping", "/hidden/ping");
    assert.equal(ping.body, "pong");
    const reindex = await fetch(`${base}/tree/reindex`, { method: "POST" });
    assert.equal(reindex.status, 200);
    assert.equal(await reindex.text(), "");
  });
});

Deno.test("treeshop: promotions, a discriminated union as a result, a body and a field; bad bodies get 400 naming the problem", async () => {
  await serve(async (base) => {
    const path = "/tree/products/{id}/promotion";
    const url = (id: number) => `/tree/products/${id}/promotion`;
    const found = await call(base, `GET ${path}`, url(1));
    assert.deepEqual(found.body, { kind: "percent", percent: 10 });
    const post = (body: unknown) =>
      call(base, `POST ${path}`, url(4), {
        method: "POST",
        body: JSON.stringify(body),
        headers: {
          "content-type": "application/json",
          authorization: "Bearer ann",
        },
      });
    for (
      const promotion of [
        { kind: "fixed", amount: 1.5, currency: "EUR" },
        { kind: "shipping", minimumTotal: 30 },
        { kind: "shipping" },
        { kind: "percent", percent: 100 },
      ]
    ) {
      const set = await post(promotion);
      assert.deepEqual([set.status, set.body], [200, {
        productId: 4,
        promotion,
      }]);
      const got = await call(base, `GET ${path}`, url(4));
      assert.deepEqual(got.body, promotion);
    }
    const problems: [unknown, string][] = [
      [
        { kind: "gift", amount: 1 },
        '/kind must be equal to one of the allowed values: "percent", "fixed", "shipping"',
      ],
      [{ percent: 5 }, "the body must have required property 'kind'"],
      [
        { kind: "fixed", amount: 1 },
        "the body must have required property 'currency'",
      ],
      [{ kind: "percent", percent: 0 }, "/percent must be >= 1"],
      [
        { kind: "shipping", amount: 1 },
        'the body must NOT have additional properties ("amount")',
      ],
      [["percent"], "the body must be object"],
    ];
    for (const [body, message] of problems) {
      const bad = await post(body);
      assert.deepEqual([bad.status, bad.body], [400, {
        error: "bad-request",
        parameter: "promotion",
        message,
      }], JSON.stringify(body));
    }
  });
});
