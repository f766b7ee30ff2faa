import assert from "node:assert/strict";
import { join } from "node:path";
import { FormatCache } from "./format_cache.ts";

async function withCache(
  test: (cache: FormatCache, dir: string) => void,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "tailor_format_cache_" });
  try {
    test(new FormatCache(dir), dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const TEXT = "export const a = [\n1, 2];\n";
const FORMATTED = "export const a = [1, 2];\n";

Deno.test("format cache: a text formatted once is read back", async () => {
  await withCache((cache, dir) => {
    assert.equal(cache.get(TEXT), undefined);
    cache.set(TEXT, FORMATTED);
    assert.equal(cache.get(TEXT), FORMATTED);
    // By the next run: another process, the same directory.
    assert.equal(new FormatCache(dir).get(TEXT), FORMATTED);
    assert.equal(cache.get(FORMATTED), undefined);
  });
});

Deno.test("format cache: an entry of another text under the same name is not used", async () => {
  await withCache((cache, dir) => {
    cache.set(TEXT, FORMATTED);
    // A hash collision, or an entry damaged on disk: same name and length.
    const [entry] = [...Deno.readDirSync(dir)];
    const other = TEXT.replace("1", "9");
    Deno.writeTextFileSync(
      join(dir, entry!.name),
      `${other.length}\n${other}export const a = [9, 2];\n`,
    );
    assert.equal(cache.get(TEXT), undefined);
    Deno.writeTextFileSync(join(dir, entry!.name), "12");
    assert.equal(cache.get(TEXT), undefined);
  });
});

Deno.test("format cache: a directory that cannot be written only keeps nothing", async () => {
  await withCache((_, dir) => {
    const file = join(dir, "file");
    Deno.writeTextFileSync(file, "");
    const cache = new FormatCache(join(file, "below"));
    cache.set(TEXT, FORMATTED);
    assert.equal(cache.get(TEXT), undefined);
  });
});
