import assert from "node:assert/strict";
import { ArchiveError } from "./entry_name.ts";
import { type Zippable, zipSync } from "fflate";
import { ARCHIVE_TIME, createZip, ZipEntryCache } from "./zip.ts";

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

/** What fflate's `zipSync` makes of `files`, as `createZip` did before. */
function fflateZip(files: ReadonlyMap<string, string | Uint8Array>) {
  const entries: Zippable = {};
  for (const path of [...files.keys()].sort()) {
    const content = files.get(path)!;
    entries[path] = [
      typeof content === "string" ? new TextEncoder().encode(content) : content,
      { level: 6, mtime: ARCHIVE_TIME, os: 3, attrs: 0o100644 << 16 },
    ];
  }
  return zipSync(entries);
}

Deno.test("archives are fflate's zipSync byte for byte: names in UTF-8, integer-like names, empty and large files", () => {
  const large = Array.from(
    { length: 4000 },
    (_, i) => `line ${i * 7919 % 1000}`,
  )
    .join("\n");
  const cases = [
    files,
    new Map([["empty.ts", ""]]),
    new Map<string, string>([
      ["b/été.ts", "export const é = 1;\n"],
      ["10", "ten"],
      ["2", "two"],
      ["a", large],
      ["z/y/x.ts", large.slice(100)],
    ]),
  ];
  for (const input of cases) {
    assert.deepEqual(createZip(input), fflateZip(input));
  }
});

Deno.test("a cache reuses the entries of the last archive and gives the same bytes", () => {
  const cache = new ZipEntryCache();
  const first = new Map([["a.ts", "a".repeat(1000)], ["b.ts", "b"]]);
  assert.deepEqual(createZip(first, cache), fflateZip(first));
  const next = new Map([["a.ts", "a".repeat(1000)], ["b.ts", "B"]]);
  assert.deepEqual(createZip(next, cache), fflateZip(next));
  // Same content under a new path: the stored data is shared.
  const moved = new Map([["c.ts", "B"]]);
  assert.deepEqual(createZip(moved, cache), fflateZip(moved));
});
