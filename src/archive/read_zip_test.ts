import assert from "node:assert/strict";
import { zipSync } from "fflate";
import { ArchiveError, type ArchiveProblem } from "./entry_name.ts";
import { createZip } from "./zip.ts";
import { readZip, type ZipLimits } from "./read_zip.ts";
import {
  CENTRAL_HEADER,
  declareSize,
  headers,
  LOCAL_HEADER,
} from "./test_archives.ts";

const encoder = new TextEncoder();

/** Asserts that reading `bytes` fails for `problem` with a one-line message. */
async function assertRefused(
  bytes: Uint8Array,
  problem: ArchiveProblem,
  limits?: ZipLimits,
): Promise<ArchiveError> {
  const error = await readZip(bytes, limits).then(
    () => assert.fail(`accepted an archive that should fail with ${problem}`),
    (error: unknown) => error,
  );
  assert.ok(error instanceof ArchiveError, String(error));
  assert.equal(error.problem, problem, error.message);
  assert.ok(!error.message.includes("\n"), error.message);
  return error;
}

const files = new Map<string, string | Uint8Array>([
  ["index.ts", "export {};\n".repeat(50)],
  ["model/dto/BookDto.ts", "export type BookDto = {};\n"],
  ["bin.dat", new Uint8Array([0, 1, 2, 255])],
]);

Deno.test("an archive reads back to the same files", async () => {
  const read = await readZip(createZip(files));
  assert.deepEqual([...read.keys()].sort(), [...files.keys()].sort());
  assert.equal(
    new TextDecoder().decode(read.get("model/dto/BookDto.ts")),
    "export type BookDto = {};\n",
  );
  assert.deepEqual(read.get("bin.dat"), new Uint8Array([0, 1, 2, 255]));
});

Deno.test("directory entries are accepted and not returned", async () => {
  const bytes = zipSync({
    "d/": new Uint8Array(),
    "d/a.ts": encoder.encode("a"),
  });
  assert.deepEqual([...(await readZip(bytes)).keys()], ["d/a.ts"]);
});

Deno.test("a flipped byte in an entry's data fails its CRC32", async () => {
  const bytes = createZip(files);
  const data = 30 + "bin.dat".length; // first entry's data (sorted: bin.dat)
  const damaged = bytes.slice();
  damaged[data + 1]! ^= 0x01;
  const error = await assertRefused(damaged, "damaged");
  assert.match(error.message, /CRC/i);
});

Deno.test("a scrambled local header is refused", async () => {
  const bytes = createZip(files);
  const second = headers(bytes, LOCAL_HEADER)[1]!;
  const signature = bytes.slice();
  signature[second]! ^= 0xff;
  await assertRefused(signature, "damaged");
  const nameLength = bytes.slice();
  nameLength[second + 26]! += 3; // the data now starts 3 bytes late
  await assertRefused(nameLength, "damaged");
});

Deno.test("bytes that are not a ZIP are refused", async () => {
  await assertRefused(encoder.encode("<html>oops</html>"), "not-zip");
  await assertRefused(new Uint8Array(), "not-zip");
});

Deno.test("unsafe entry names are refused", async () => {
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
    const error = await assertRefused(bytes, "unsafe-name");
    assert.ok(error.message.includes(JSON.stringify(name)), error.message);
  }
});

Deno.test("duplicate entry names are refused", async () => {
  // fflate keys are unique, so the second name is patched in: b.ts -> a.ts.
  const bytes = zipSync({
    "a.ts": encoder.encode("1"),
    "b.ts": encoder.encode("2"),
  });
  const patched = bytes.slice();
  for (const at of headers(patched, LOCAL_HEADER).slice(1)) {
    patched[at + 30] = "a".charCodeAt(0);
  }
  for (const at of headers(patched, CENTRAL_HEADER).slice(1)) {
    patched[at + 46] = "a".charCodeAt(0);
  }
  await assertRefused(patched, "duplicate");
});

Deno.test("a name used as a file and a directory is refused", async () => {
  const one = encoder.encode("1");
  await assertRefused(zipSync({ a: one, "a/b": one }), "clash");
  await assertRefused(zipSync({ "a/b": one, a: one }), "clash");
  await assertRefused(zipSync({ "a/": new Uint8Array(), a: one }), "clash");
  await assertRefused(zipSync({ "x/a": one, "x/a/b/c": one }), "clash");
});

Deno.test("a name segment over 255 bytes is refused; 255 is fine", async () => {
  const one = encoder.encode("1");
  await readZip(zipSync({ [`d/${"x".repeat(255)}`]: one }));
  await assertRefused(zipSync({ [`d/${"x".repeat(256)}`]: one }), "long-name");
  // 128 two-byte characters: 256 bytes.
  await assertRefused(zipSync({ ["é".repeat(128)]: one }), "long-name");
});

Deno.test("more entries than the cap are refused", async () => {
  const many = Object.fromEntries(
    Array.from({ length: 11 }, (_, i) => [`f${i}`, new Uint8Array()]),
  );
  const limits = { maxEntries: 10, maxTotalBytes: 1024 };
  await assertRefused(zipSync(many), "too-many-entries", limits);
  delete many.f10;
  assert.equal((await readZip(zipSync(many), limits)).size, 10);
});

const MiB = 1024 * 1024;
const BOMB = zipSync({
  "bomb.bin": [new Uint8Array(32 * MiB), { level: 9 }],
});
const SMALL_CAP = { maxEntries: 10, maxTotalBytes: MiB };

Deno.test("a ZIP bomb declaring its size is refused before inflating", async () => {
  assert.ok(BOMB.length < 64 * 1024, `${BOMB.length} bytes`);
  const error = await assertRefused(BOMB, "too-large", SMALL_CAP);
  assert.match(error.message, /more than 1048576 bytes/);
});

Deno.test("a ZIP bomb lying about its size stops at the declared size", async () => {
  // Declares 1000 bytes, inflates to 32 MiB: inflating must stop at the
  // declared size, not after the whole entry was expanded.
  const error = await assertRefused(
    declareSize(BOMB, 1000),
    "size-mismatch",
    SMALL_CAP,
  );
  const stopped = Number(/stopped after (\d+)\)/.exec(error.message)?.[1]);
  assert.ok(stopped <= 1000, error.message);
});

Deno.test("entries whose sizes add up past the cap are refused", async () => {
  const half = new Uint8Array(MiB / 2 + 1);
  await assertRefused(
    zipSync({ a: half, b: half }),
    "too-large",
    SMALL_CAP,
  );
});

Deno.test("an entry shorter than declared is refused", async () => {
  const bytes = zipSync({ a: encoder.encode("abc") });
  await assertRefused(declareSize(bytes, 4), "damaged");
});

Deno.test("stored entries and an archive comment are read", async () => {
  const bytes = zipSync({ "a.ts": [encoder.encode("abc"), { level: 0 }] }, {
    comment: "made elsewhere",
  });
  assert.deepEqual(
    (await readZip(bytes)).get("a.ts"),
    encoder.encode("abc"),
  );
});

Deno.test("encrypted entries and unknown methods are refused as damaged", async () => {
  const bytes = zipSync({ a: encoder.encode("abc") });
  const central = headers(bytes, CENTRAL_HEADER)[0]!;
  const encrypted = bytes.slice();
  encrypted[central + 8]! |= 1;
  assert.match(
    (await assertRefused(encrypted, "damaged")).message,
    /encrypted/,
  );
  const method = bytes.slice();
  method[central + 10] = 12; // bzip2
  assert.match((await assertRefused(method, "damaged")).message, /method 12/);
});
