import assert from "node:assert/strict";
import { writeTree } from "../fs/tree.ts";
import {
  chooseImportStyle,
  parseJsonc,
  readTsconfigOptions,
  styleForOptions,
} from "./import_style.ts";

Deno.test("parseJsonc: comments and trailing commas, never inside strings", () => {
  assert.deepEqual(
    parseJsonc(`{
      // a comment, }
      "a": "http://x/*y*/", /* block, ] */
      "b": [1, 2,],
      "c": "quote \\" // still a string, }",
    }`),
    { a: "http://x/*y*/", b: [1, 2], c: 'quote " // still a string, }' },
  );
  assert.equal(parseJsonc("{ nope"), undefined);
});

Deno.test("styleForOptions: ts extensions, then Node16/NodeNext, then bundler, else js", () => {
  const style = (options: Record<string, unknown>) =>
    styleForOptions(options, "tsconfig.json").extension;
  assert.equal(
    style({ allowImportingTsExtensions: true, moduleResolution: "bundler" }),
    "ts",
  );
  assert.equal(style({ moduleResolution: "NodeNext" }), "js");
  assert.equal(style({ moduleResolution: "node16" }), "js");
  assert.equal(style({ module: "nodenext" }), "js");
  assert.equal(style({ module: "Node20" }), "js");
  assert.equal(style({ moduleResolution: "Bundler" }), "none");
  assert.equal(style({ module: "preserve" }), "none");
  assert.equal(style({ moduleResolution: "node10" }), "js");
  assert.equal(style({}), "js");
  assert.equal(
    styleForOptions({ moduleResolution: "NodeNext" }, "web/tsconfig.json")
      .reason,
    "web/tsconfig.json sets moduleResolution NodeNext",
  );
});

Deno.test("readTsconfigOptions: extends (a path, a package, a list) is followed, and the file's own options win", async () => {
  const root = await Deno.makeTempDir();
  try {
    await writeTree(
      root,
      new Map([
        ["base.json", '{ "compilerOptions": { "module": "NodeNext" } }'],
        [
          "node_modules/@tsconfig/node20/tsconfig.json",
          '{ "compilerOptions": { "moduleResolution": "node16", } }',
        ],
        ["a/tsconfig.json", '{ "extends": "../base" }'],
        ["b/tsconfig.json", '{ "extends": "@tsconfig/node20" }'],
        [
          "c/tsconfig.json",
          `{ "extends": ["@tsconfig/node20/tsconfig.json", "../base.json"],
             // the file's own option wins
             "compilerOptions": { "moduleResolution": "bundler" } }`,
        ],
        ["d/tsconfig.json", '{ "extends": "./tsconfig.json" }'],
      ]),
    );
    assert.deepEqual(await readTsconfigOptions(`${root}/a/tsconfig.json`), {
      module: "NodeNext",
    });
    assert.deepEqual(await readTsconfigOptions(`${root}/b/tsconfig.json`), {
      moduleResolution: "node16",
    });
    assert.deepEqual(await readTsconfigOptions(`${root}/c/tsconfig.json`), {
      moduleResolution: "bundler",
      module: "NodeNext",
    });
    assert.deepEqual(await readTsconfigOptions(`${root}/d/tsconfig.json`), {});
    assert.equal(await readTsconfigOptions(`${root}/none.json`), undefined);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("chooseImportStyle: the nearest tsconfig.json, deno.json or package.json above DIR decides", async () => {
  const root = await Deno.makeTempDir();
  try {
    await writeTree(
      root,
      new Map([
        ["node/package.json", "{}"],
        [
          "node/tsconfig.json",
          '{ "compilerOptions": { "module": "nodenext" } }',
        ],
        ["deno/deno.jsonc", "{}"],
        ["plain/package.json", "{}"],
        ["plain/web/tsconfig.json", "{ /* bundler */ }"],
      ]),
    );
    const choose = async (dir: string) =>
      (await chooseImportStyle(dir, root))?.extension;
    assert.equal(await choose("node/src/__generated"), "js");
    assert.equal(await choose("deno/client/api"), "ts");
    assert.equal(await choose("plain/src/api"), "js");
    assert.equal(await choose("plain/web/src/api"), "js");
    const chosen = await chooseImportStyle(
      "deno/client/api",
      root,
      (path) => path.slice(root.length + 1),
    );
    assert.deepEqual(chosen, {
      extension: "ts",
      reason: "deno/deno.jsonc: a Deno project",
    });
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
