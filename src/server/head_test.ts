import assert from "node:assert/strict";
import { Hono } from "hono";
import { headLength } from "./head.ts";

/** Serves `app` on a free port for one HEAD and one GET of `path`. */
async function headAndGet(app: Hono, path: string) {
  const server = Deno.serve({ port: 0, onListen() {} }, app.fetch);
  try {
    const url = `http://127.0.0.1:${server.addr.port}${path}`;
    const head = await fetch(url, { method: "HEAD" });
    const get = await fetch(url);
    return { head, get, body: new Uint8Array(await get.arrayBuffer()) };
  } finally {
    await server.shutdown();
  }
}

Deno.test("HEAD answers the GET headers with the real Content-Length and no body", async () => {
  const app = new Hono();
  app.use(headLength);
  app.get("/zip", (c) =>
    c.body(new Uint8Array(1234).buffer, 200, {
      "content-type": "application/zip",
      "etag": '"x"',
    }));
  const { head, get, body } = await headAndGet(app, "/zip");
  assert.equal(head.status, 200);
  assert.equal(head.headers.get("content-length"), "1234");
  assert.equal(head.headers.get("content-type"), "application/zip");
  assert.equal(head.headers.get("etag"), '"x"');
  assert.equal((await head.arrayBuffer()).byteLength, 0);
  assert.equal(get.headers.get("content-length"), String(body.byteLength));
});

Deno.test("HEAD of an empty answer says 0", async () => {
  const app = new Hono();
  app.use(headLength);
  app.get("/none", (c) => c.body(null, 200));
  const { head } = await headAndGet(app, "/none");
  assert.equal(head.headers.get("content-length"), "0");
});
