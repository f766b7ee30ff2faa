import assert from "node:assert/strict";
import { MARKER_FILE, OutputError } from "./output_guard.ts";
import { patchTree } from "./patch_tree.ts";
import { readTree, replaceTree } from "./tree.ts";

const encoder = new TextEncoder();

/** A client directory Tailor wrote, with `files`. */
async function client(files: Record<string, string>): Promise<string> {
  const dir = `${await Deno.makeTempDir({ prefix: "tailor-patch-" })}/client`;
  await replaceTree(dir, new Map(Object.entries(files)));
  return dir;
}

function bytes(files: Record<string, string>): Map<string, Uint8Array> {
  return new Map(
    Object.entries(files).map(([path, text]) => [path, encoder.encode(text)]),
  );
}

const OLD = {
  "index.ts": "export * from './a.ts';\n",
  "a.ts": "export const a = 1;\n",
  "model/b.ts": "export const b = 2;\n",
  "gone/c.ts": "export const c = 3;\n",
};

Deno.test("patch: one file written is renamed in; the directory stays the same one", async () => {
  const dir = await client(OLD);
  const before = await Deno.stat(dir);
  const untouched = await Deno.stat(`${dir}/model/b.ts`);
  const changes = await patchTree(
    dir,
    bytes({ "a.ts": "export const a = 9;\n" }),
    [],
  );
  assert.deepEqual(changes, { added: [], changed: ["a.ts"], removed: [] });
  assert.equal((await Deno.stat(dir)).ino, before.ino);
  assert.equal((await Deno.stat(`${dir}/model/b.ts`)).ino, untouched.ino);
  const tree = await readTree(dir);
  assert.equal(tree.get("a.ts"), "export const a = 9;\n");
  // Nothing left beside it.
  assert.deepEqual(
    [...tree.keys()].sort(),
    [MARKER_FILE, ...Object.keys(OLD)].sort(),
  );
});

Deno.test("patch: several files make a new tree, swapped in whole, unchanged files linked", async () => {
  const dir = await client(OLD);
  const before = await Deno.stat(dir);
  const kept = await Deno.stat(`${dir}/model/b.ts`);
  // A killed run's staged file is not carried over.
  await Deno.writeTextFile(`${dir}/.a.ts.tailor-new-0123abcd`, "x");
  const changes = await patchTree(
    dir,
    bytes({ "a.ts": "export const a = 9;\n", "new/d.ts": "export {};\n" }),
    ["gone/c.ts", "never/was.ts"],
  );
  assert.deepEqual(changes, {
    added: ["new/d.ts"],
    changed: ["a.ts"],
    removed: ["gone/c.ts"],
  });
  assert.notEqual((await Deno.stat(dir)).ino, before.ino);
  // A hard link: the same file, not a copy.
  assert.equal((await Deno.stat(`${dir}/model/b.ts`)).ino, kept.ino);
  const tree = await readTree(dir);
  assert.deepEqual(Object.fromEntries(tree), {
    [MARKER_FILE]: tree.get(MARKER_FILE),
    "index.ts": OLD["index.ts"],
    "a.ts": "export const a = 9;\n",
    "model/b.ts": OLD["model/b.ts"],
    "new/d.ts": "export {};\n",
  });
  // The folder that held only removed files is gone too.
  await assert.rejects(Deno.stat(`${dir}/gone`), Deno.errors.NotFound);
  // Nothing left beside the directory.
  const parent = dir.slice(0, dir.lastIndexOf("/"));
  assert.deepEqual([...Deno.readDirSync(parent)].map((e) => e.name), [
    "client",
  ]);
});

Deno.test("patch: a directory Tailor did not write is refused and left as it was", async () => {
  const dir = await Deno.makeTempDir({ prefix: "tailor-patch-" });
  await Deno.writeTextFile(`${dir}/mine.ts`, "keep");
  const error = await patchTree(dir, bytes({ "a.ts": "x" }), []).catch((e) =>
    e
  );
  assert.ok(error instanceof OutputError, String(error));
  assert.equal(error.exitCode, 2);
  assert.deepEqual([...(await readTree(dir)).keys()], ["mine.ts"]);
});

Deno.test("patch: several files one by one, when the caller says any mix is whole; the directory stays", async () => {
  const dir = await client(OLD);
  const before = await Deno.stat(dir);
  const changes = await patchTree(
    dir,
    bytes({ "a.ts": "export const a = 1; // one\n", "model/b.ts": "x" }),
    [],
    { oneByOne: true },
  );
  assert.deepEqual(changes.changed, ["a.ts", "model/b.ts"]);
  assert.equal((await Deno.stat(dir)).ino, before.ino);
  assert.equal(await Deno.readTextFile(`${dir}/model/b.ts`), "x");
});
