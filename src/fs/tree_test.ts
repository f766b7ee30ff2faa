import assert from "node:assert/strict";
import { readTree, replaceTree, writeTree } from "./tree.ts";

Deno.test("writeTree then readTree round-trips, sorted, stale files removed", async () => {
  const dir = await Deno.makeTempDir();
  await writeTree(
    dir,
    new Map([["b/x.ts", "x"], ["a.ts", "a"], ["old/gone.ts", "g"]]),
  );
  await writeTree(dir, new Map([["b/x.ts", "x2"], ["a.ts", "a"]]), [
    "old/gone.ts",
  ]);
  assert.deepEqual([...await readTree(dir)], [["a.ts", "a"], ["b/x.ts", "x2"]]);
  assert.deepEqual(
    await Array.fromAsync(Deno.readDir(dir)).then((e) => e.length),
    2,
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("readTree of a missing directory is empty", async () => {
  assert.equal((await readTree("/nonexistent/tailor/dir")).size, 0);
});

Deno.test("replaceTree swaps the whole directory and leaves no staging behind", async () => {
  const parent = await Deno.makeTempDir();
  const target = `${parent}/__generated`;
  await replaceTree(target, new Map([["old.ts", "old"]]));
  await replaceTree(target, new Map([["new/index.ts", "new"]]));
  assert.deepEqual([...await readTree(target)], [["new/index.ts", "new"]]);
  const names = (await Array.fromAsync(Deno.readDir(parent))).map((e) =>
    e.name
  );
  assert.deepEqual(names, ["__generated"]);
  await Deno.remove(parent, { recursive: true });
});

Deno.test("replaceTree failing to write keeps the old directory", async () => {
  const parent = await Deno.makeTempDir();
  const target = `${parent}/__generated`;
  await replaceTree(target, new Map([["keep.ts", "keep"]]));
  await assert.rejects(() =>
    replaceTree(target, new Map([["a.ts", "a"], ["a.ts/b.ts", "clash"]]))
  );
  assert.deepEqual([...await readTree(target)], [["keep.ts", "keep"]]);
  const names = (await Array.fromAsync(Deno.readDir(parent))).map((e) =>
    e.name
  );
  assert.deepEqual(names, ["__generated"]);
  await Deno.remove(parent, { recursive: true });
});
