import assert from "node:assert/strict";
import { tar, tgz } from "./tar.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const field = (block: Uint8Array, offset: number, width: number) =>
  new TextDecoder().decode(block.subarray(offset, offset + width))
    .replace(/\0.*$/s, "");

Deno.test("tar: ustar headers, padded content, two empty blocks at the end", () => {
  const archive = tar([
    { path: "package/a.txt", content: bytes("hello") },
    { path: "package/bin/x.js", content: new Uint8Array(513), mode: 0o755 },
  ]);
  assert.equal(archive.length, 512 * (2 + 1 + 2) + 512 * 2);
  assert.equal(field(archive, 0, 100), "package/a.txt");
  assert.equal(field(archive, 100, 8), "0000644");
  assert.equal(parseInt(field(archive, 124, 12), 8), 5);
  assert.equal(field(archive, 257, 6), "ustar");
  assert.equal(field(archive, 512, 5), "hello");
  const second = archive.subarray(1024);
  assert.equal(field(second, 0, 100), "package/bin/x.js");
  assert.equal(field(second, 100, 8), "0000755");
  const header = archive.slice(0, 512);
  const stored = parseInt(field(header, 148, 8), 8);
  header.fill(0x20, 148, 156);
  assert.equal(stored, header.reduce((sum, byte) => sum + byte, 0));
  assert.ok(archive.subarray(-1024).every((byte) => byte === 0));
});

Deno.test("tar: the same files give the same gzipped bytes", async () => {
  const files = [{ path: "package/a", content: bytes("a") }];
  const gzipped = await tgz(files);
  assert.deepEqual([...gzipped.subarray(0, 2)], [0x1f, 0x8b]);
  assert.deepEqual(await tgz(files), gzipped);
  assert.throws(
    () => tar([{ path: "x".repeat(101), content: bytes("") }]),
    /longer than 100 bytes/,
  );
});
