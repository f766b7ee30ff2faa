/**
 * `orm.client.ts.null-render-mode: null` on the wire: the bookstore and the
 * treeshop served with `nullRenderMode: "null"` send `null` for every absent
 * optional property the null-mode document and types promise, and each
 * answer fits that document (a `null` validates, a missing key does not),
 * while the default document refuses the nulls.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import type { Hono } from "hono";
import { analyzeProject } from "../../analyze/analyze.ts";
import { emitOpenApi } from "../../emit/openapi/emit_openapi.ts";
import type { ApiModel } from "../../model/api_model.ts";
import { responseValidator } from "../../testing/validate_openapi.ts";
import { bookstoreServing } from "../../../fixtures/bookstore/serving.ts";
import {
  HiddenController,
  TreeController,
} from "../../../fixtures/treeshop/tree_controller.ts";
import { treeshopInjectors } from "../../../fixtures/treeshop/injectors.ts";
import { controllerRoutes } from "./mount.ts";
import { createServer } from "../create_server.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const info = { title: "null mode", version: "1" };

async function serverModel(fixture: string): Promise<ApiModel> {
  const analysis = await analyzeProject(`${ROOT}fixtures/${fixture}`, {
    scope: "server",
  });
  if (!analysis.ok) throw new Error(JSON.stringify(analysis.diagnostics));
  return analysis.model;
}

/** Answers of `app`, each 200 checked against the null-mode document. */
function client(app: Hono, model: ApiModel) {
  const nullMode = responseValidator(
    emitOpenApi(model, { info, nullRenderMode: "null" }),
  );
  const plain = responseValidator(emitOpenApi(model, { info }));
  return {
    plain,
    nullMode,
    async call(operation: string, path: string, init?: RequestInit) {
      const response = await app.request(path, init);
      assert.equal(response.status, 200, path);
      const body = await response.json();
      assert.deepEqual(nullMode(operation, 200, body), [], path);
      return body;
    },
  };
}

Deno.test("null mode: the bookstore sends nulls where the document says T | null", async () => {
  const model = await serverModel("bookstore");
  const serving = bookstoreServing();
  await serving.store.ready();
  // createServer passes the configured mode on to the controllers' routes.
  const app = await createServer({
    models: { client: model, server: model },
    config: { info, tsNullRenderMode: "null" },
    controllers: serving.controllers,
    fetcherOwners: serving.fetcherOwners,
    middleware: [serving.middleware],
  });
  const { call, plain, nullMode } = client(app, model);

  // A book without a store: the key is there, null.
  const orphan = await call("GET /book/{id}", "/book/9");
  assert.equal(orphan.store, null);
  assert.ok(plain("GET /book/{id}", 200, orphan).length > 0);
  const { store: _, ...missing } = orphan;
  assert.ok(nullMode("GET /book/{id}", 200, missing).length > 0);

  // A store: every optional property present, a value or null.
  const book = await call("GET /book/{id}", "/book/1");
  assert.deepEqual(Object.keys(book.store).sort(), [
    "avgPrice",
    "id",
    "name",
    "website",
  ]);

  // A client fetcher's answer: exactly the keys it selects (its type,
  // \`ShapeOf<F>\`), a selected one without a value null, no other key.
  const dynamic = await call(
    "GET /dynamic/book/{id}",
    "/dynamic/book/9?fetcherCode=" +
      encodeURIComponent("{ name store { name } }"),
  );
  assert.deepEqual(dynamic, {
    id: 9,
    name: "Unpublished Notes",
    store: null,
  });
  assert.ok(plain("GET /dynamic/book/{id}", 200, dynamic).length > 0);

  const page = await call("GET /books", "/books?pageSize=3");
  assert.equal(page.rows.length, 3);
  await call("GET /authors/mostActive", "/authors/mostActive?limit=2");
});

Deno.test("null mode: the treeshop's recursion and references end in null; bodies keep ?:", async () => {
  const model = await serverModel("treeshop");
  const app = controllerRoutes({
    model,
    controllers: [new TreeController(), new HiddenController()],
    inject: treeshopInjectors,
    nullRenderMode: "null",
  });
  const { call } = client(app, model);
  const tree = await call("GET /tree/{rootId}", "/tree/2");
  assert.deepEqual(tree, {
    id: 2,
    name: "Shirts",
    kind: "FOLDER",
    childNodes: [{ id: 3, name: "Plain tee", kind: "ITEM", childNodes: [] }],
  });
  // A body without its optional parentId is still accepted; the root node
  // it makes has a null parent.
  const root = await call("POST /tree/nodes", "/tree/nodes", {
    method: "POST",
    body: JSON.stringify({ name: "Socks" }),
    headers: {
      "content-type": "application/json",
      "x-request-id": "r-1",
      authorization: "Bearer ann",
    },
  });
  assert.deepEqual(root, { id: 7, name: "Socks", parent: null });
});
