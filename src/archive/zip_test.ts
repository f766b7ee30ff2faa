import assert from "node:assert/strict";
import { ArchiveError } from "./entry_name.ts";
import { createZip } from "./zip.ts";

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

Deno.test("unsafe names are not archived", () => {
  assert.throws(() => createZip(new Map([["../x", "y"]])), ArchiveError);
});
