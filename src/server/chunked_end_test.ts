import assert from "node:assert/strict";
import { ChunkedEnd } from "./chunked_end.ts";

const bytes = (text: string) =>
  Uint8Array.from(text, (char) => char.charCodeAt(0));

/** Where the body in `text` ends when fed in pieces of `size` bytes. */
function endIn(text: string, size: number): number {
  const scanner = new ChunkedEnd();
  for (let at = 0; at < text.length; at += size) {
    const taken = scanner.feed(bytes(text.slice(at, at + size)));
    if (taken >= 0) return at + taken;
  }
  return -1;
}

Deno.test("ChunkedEnd: the end of a chunked body, fed whole or byte by byte", () => {
  const bodies = [
    "5\r\nhello\r\n0\r\n\r\n",
    "5;name=value\r\nhello\r\nA\r\n0123456789\r\n0\r\n\r\n",
    // Trailers, and a chunk whose data holds CR LF and a "0" line.
    "7\r\n\r\n0\r\n\r\n\r\n0\r\nexpires: never\r\nx: y\r\n\r\n",
    "0\r\n\r\n",
  ];
  for (const body of bodies) {
    for (const size of [1, 2, 3, 7, 1000]) {
      assert.equal(endIn(body + "HTTP/1.1 200 OK", size), body.length, body);
    }
  }
});

Deno.test("ChunkedEnd: a body not yet ended, and bytes that are no chunked body", () => {
  assert.equal(new ChunkedEnd().feed(bytes("5\r\nhel")), -1);
  assert.equal(new ChunkedEnd().feed(bytes("5\r\nhello\r\n0\r\n")), -1);
  for (const bad of ["\r\n", "x\r\n", "5\r\nhelloX", "5\rX", "0\r\n\rX"]) {
    assert.throws(() => new ChunkedEnd().feed(bytes(bad)), SyntaxError, bad);
  }
  assert.throws(
    () => new ChunkedEnd().feed(bytes("1000000000000000\r\n")),
    SyntaxError,
  );
});
