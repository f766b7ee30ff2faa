import assert from "node:assert/strict";
import { isRuntimeFile, RUNTIME_DIR } from "./symbols.ts";

/** Writes `files` under a new temporary directory; returns it. */
async function tree(files: Record<string, string>): Promise<string> {
  const dir = (await Deno.realPath(await Deno.makeTempDir()))
    .replaceAll("\\", "/");
  for (const [name, text] of Object.entries(files)) {
    const path = `${dir}/${name}`;
    await Deno.mkdir(path.replace(/\/[^/]+$/, ""), { recursive: true });
    await Deno.writeTextFile(path, text);
  }
  return dir;
}

Deno.test("isRuntimeFile: the running Tailor's src/runtime/", () => {
  assert.ok(isRuntimeFile(`${RUNTIME_DIR}controller.ts`));
});

Deno.test("isRuntimeFile: src/runtime/*.ts of a package named @tailor/tailor", async () => {
  const dir = await tree({
    "deno/deno.json": '{ "name": "@tailor/tailor" }',
    "node/package.json": '{ "name": "@tailor/tailor" }',
    "copy/deno.json": '{ "name": "@my/app" }',
  });
  try {
    assert.ok(isRuntimeFile(`${dir}/deno/src/runtime/api.ts`));
    assert.ok(isRuntimeFile(`${dir}/node/src/runtime/api.ts`));
    assert.ok(!isRuntimeFile(`${dir}/deno/src/other/api.ts`));
    assert.ok(!isRuntimeFile(`${dir}/deno/runtime.ts`));
    assert.ok(!isRuntimeFile(`${dir}/copy/src/runtime/api.ts`));
    assert.ok(!isRuntimeFile(`${dir}/none/src/runtime/api.ts`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
