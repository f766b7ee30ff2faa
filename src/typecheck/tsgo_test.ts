import assert from "node:assert/strict";
import { join } from "node:path";
import { plainProject } from "./plain_project.ts";
import { writePlainProject } from "./testdata/plain_project.ts";
import { denoGlobalsFile, startTsgo, tsgoExecutable } from "./tsgo.ts";

async function tsgoPasses(root: string): Promise<boolean> {
  const exe = await tsgoExecutable();
  assert.ok(exe, "the pinned @typescript/native-preview has this platform");
  const plain = await plainProject(root, ["main.ts"]);
  assert.ok(plain);
  const cache = await Deno.makeTempDir();
  const run = await startTsgo(exe, {
    ...plain,
    globalsFile: await denoGlobalsFile(cache),
    workDir: join(cache, "project"),
  });
  return await run.passes;
}

Deno.test("tsgo: Deno's globals are declared as deno check declares them", async () => {
  assert.equal(await tsgoPasses(await writePlainProject()), true);
});

Deno.test("tsgo: what Deno does not declare is an error", async () => {
  const root = await writePlainProject(
    "export const title = document.title;\n",
  );
  assert.equal(await tsgoPasses(root), false);
});

Deno.test("tsgo: a type error fails", async () => {
  const root = await writePlainProject(`export const n: number = "one";\n`);
  assert.equal(await tsgoPasses(root), false);
});
