import assert from "node:assert/strict";
import { stream } from "./testdata/body_stream.ts";
import { readBody } from "./body_reader.ts";

function post(
  body: BodyInit,
  headers: Record<string, string> = {},
): Request {
  return new Request("http://localhost/x", { method: "POST", body, headers });
}

Deno.test("readBody: a body within the limit is read whole, from its chunks", async () => {
  const { body } = stream(['{"a":', "1}"]);
  const read = await readBody(post(body), 7);
  assert.ok(read.ok);
  assert.equal(new TextDecoder().decode(read.bytes), '{"a":1}');
  const empty = await readBody(new Request("http://localhost/x"), 1);
  assert.deepEqual(empty, { ok: true, bytes: new Uint8Array() });
});

Deno.test("readBody: a declared content-length over the limit is refused unread", async () => {
  const { body, pulled } = stream(["x".repeat(10)]);
  const read = await readBody(post(body, { "content-length": "11" }), 10);
  assert.deepEqual(read, {
    ok: false,
    tooLarge: {
      error: "payload-too-large",
      message: "the request body is larger than 10 bytes",
      maxBytes: 10,
    },
  });
  assert.equal(pulled.count, 0);
});

Deno.test("readBody: a chunked body is counted while read and refused past the limit", async () => {
  const { body, pulled } = stream(["12345", "67890", "1", "never read"]);
  const read = await readBody(post(body), 10);
  assert.equal(read.ok, false);
  assert.ok("tooLarge" in read);
  assert.equal(pulled.count, 3);
});

Deno.test("readBody: a body cut off by the client is unreadable, not an error", async () => {
  const { body } = stream(['{"a":'], true);
  const read = await readBody(post(body), 100);
  assert.equal(read.ok, false);
  assert.ok("unreadable" in read);
  assert.match(read.unreadable, /ended early/);
});
