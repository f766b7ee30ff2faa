/**
 * JSON bodies and uploads on the treeshop's routes: a body over its limit
 * is a 413 before it is parsed (declared or chunked), a body the client cut
 * off a 400, both with a JSON reason; the injector that authenticates runs
 * before the body is read.
 */
import assert from "node:assert/strict";
import { stream } from "./testdata/body_stream.ts";
import {
  treeshopRoutes,
  treeshopServerModel,
} from "./testdata/treeshop_routes.ts";
import { TreeController } from "../../../fixtures/treeshop/tree_controller.ts";
import { listen } from "../listen.ts";

const model = await treeshopServerModel();
const encoder = new TextEncoder();

const NODE_HEADERS = {
  "content-type": "application/json",
  "x-request-id": "r-1",
  authorization: "Bearer ann",
};

async function postNode(
  body: BodyInit,
  headers: Record<string, string> = NODE_HEADERS,
  maxBodyBytes?: number,
): Promise<{ status: number; body: unknown }> {
  const app = treeshopRoutes(
    model,
    new TreeController(),
    maxBodyBytes === undefined ? {} : { maxBodyBytes },
  );
  const response = await app.request("/tree/nodes", {
    method: "POST",
    body,
    headers,
  });
  return { status: response.status, body: await response.json() };
}

Deno.test("JSON body: over maxBodyBytes is a 413 with a JSON reason, by content-length or while read", async () => {
  const name = "x".repeat(2 * 1024 * 1024);
  const declared = await postNode(JSON.stringify({ name }));
  assert.deepEqual(declared, {
    status: 413,
    body: {
      error: "payload-too-large",
      message: "the request body is larger than 1048576 bytes",
      maxBytes: 1048576,
    },
  });
  const { body, pulled } = stream([
    '{"name":"',
    "y".repeat(600),
    "z".repeat(600),
    '"}',
  ]);
  const chunked = await postNode(body, NODE_HEADERS, 1024);
  assert.equal(chunked.status, 413);
  assert.equal(pulled.count, 3);
  const small = await postNode(
    JSON.stringify({ name: "Socks" }),
    NODE_HEADERS,
    1024,
  );
  assert.equal(small.status, 200);
});

Deno.test("JSON body: the injector refuses a request without a token before its body is read", async () => {
  const { body, pulled } = stream(['{"name":"Socks"}']);
  const { authorization: _, ...anonymous } = NODE_HEADERS;
  const answer = await postNode(body, anonymous);
  assert.equal(answer.status, 401);
  assert.equal(pulled.count, 0);
});

Deno.test("a body the client cut off is a 400 with a JSON reason, JSON or multipart", async () => {
  const json = await postNode(stream(['{"name":'], true).body);
  assert.equal(json.status, 400);
  assert.deepEqual(Object.keys(json.body as object), [
    "error",
    "parameter",
    "message",
  ]);
  assert.equal((json.body as { parameter: string }).parameter, "input");
  assert.match((json.body as { message: string }).message, /ended early/);

  const app = treeshopRoutes(model);
  const upload = await app.request("/tree/products/3/image", {
    method: "POST",
    body: stream(['--b\r\ncontent-disposition: form-data; name="image"'], true)
      .body,
    headers: { "content-type": "multipart/form-data; boundary=b" },
  });
  assert.equal(upload.status, 400);
  assert.deepEqual(await upload.json(), {
    error: "bad-request",
    parameter: "image",
    message:
      "the request body ended early: the client closed the connection or sent less than its content-length",
  });
});

Deno.test("a client that half-closes after its body gets a JSON answer, never a 500", async () => {
  const server = listen(treeshopRoutes(model).fetch, {
    port: 0,
    hostname: "127.0.0.1",
  });
  try {
    const name = "n".repeat(100 * 1024);
    const body = JSON.stringify({ name });
    for (const declared of [body.length, body.length + 10]) {
      const conn = await Deno.connect({
        hostname: "127.0.0.1",
        port: server.port,
      });
      await conn.write(encoder.encode(
        "POST /tree/nodes HTTP/1.1\r\nhost: x\r\nconnection: close\r\n" +
          "authorization: Bearer ann\r\nx-request-id: r-1\r\n" +
          `content-type: application/json\r\ncontent-length: ${declared}\r\n\r\n${body}`,
      ));
      await conn.closeWrite();
      const answer = await new Response(conn.readable).text();
      const status = Number(answer.slice(9, 12));
      assert.ok(status === 200 || status === 400, answer.slice(0, 200));
      // The whole body came: the name's own limit (100 characters) may
      // answer, or the engine may take the half-close as the body's end.
      assert.match(answer, /\r\n\r\n\{"(id|error)":/);
      if (declared > body.length) {
        assert.match(
          answer,
          /\{"error":"bad-request","parameter":"input","message":"the request body ended early/,
        );
      }
    }
  } finally {
    await server.shutdown();
  }
});
