import assert from "node:assert/strict";
import { zipSync } from "fflate";
import { ArchiveError, createZip, readZip } from "./zip.ts";

const files = new Map<string, string | Uint8Array>([
  ["index.ts", "export {};\n"],
  ["model/dto/BookDto.ts", "export type BookDto = {};\n"],
  ["bin.dat", new Uint8Array([0, 1, 2, 255])],
]);

Deno.test("the same files give byte-identical archives, whatever the order", () => {
  const reversed = new Map([...files].reverse());
  assert.deepEqual(createZip(files), createZip(reversed));
});

Deno.test("every entry carries the fixed 1980-01-01 00:00 DOS time", () => {
  const bytes = createZip(new Map([["a.txt", "a"]]));
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  assert.equal(view.getUint32(0, true), 0x04034b50); // local file header
  assert.equal(view.getUint16(10, true), 0); // time 00:00:00
  assert.equal(view.getUint16(12, true), (1 << 5) | 1); // date 1980-01-01
});

Deno.test("an archive reads back to the same files", () => {
  const read = readZip(createZip(files));
  assert.deepEqual([...read.keys()].sort(), [...files.keys()].sort());
  assert.equal(
    new TextDecoder().decode(read.get("model/dto/BookDto.ts")),
    "export type BookDto = {};\n",
  );
  assert.deepEqual(read.get("bin.dat"), new Uint8Array([0, 1, 2, 255]));
});

Deno.test("unsafe entries are refused", () => {
  for (
    const name of [
      "../evil.ts",
      "/etc/passwd",
      "a/../../b",
      "C:/x",
      "a\\b",
      "a//b",
    ]
  ) {
    const bytes = zipSync({ [name]: new Uint8Array([1]) });
    assert.throws(() => readZip(bytes), ArchiveError, name);
  }
  assert.throws(() => createZip(new Map([["../x", "y"]])), ArchiveError);
});

Deno.test("bytes that are not a ZIP are refused", () => {
  assert.throws(
    () => readZip(new TextEncoder().encode("<html>oops</html>")),
    ArchiveError,
  );
});
