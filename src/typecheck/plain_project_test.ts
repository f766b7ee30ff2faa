import assert from "node:assert/strict";
import { join } from "node:path";
import { plainProject } from "./plain_project.ts";

/** Writes `files` (path -> text) into a fresh directory; returns it. */
async function project(files: Record<string, string>): Promise<string> {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  for (const [path, text] of Object.entries(files)) {
    await Deno.mkdir(join(dir, path, ".."), { recursive: true });
    await Deno.writeTextFile(join(dir, path), text);
  }
  return dir;
}

const DENO_JSON = JSON.stringify({
  compilerOptions: { exactOptionalPropertyTypes: true },
});

Deno.test("plain project: relative .ts imports, followed to the files outside", async () => {
  const outside = await project({ "lib.ts": "export const x = 1;\n" });
  const dir = await project({
    "deno.json": DENO_JSON,
    "a.ts": `import { b } from "./sub/b.ts";\nexport const a = b;\n`,
    "sub/b.ts":
      `import type { x } from "${outside}/lib.ts";\nexport const b: typeof x = 1;\n`,
  });
  const plain = await plainProject(dir, ["a.ts"]);
  assert.deepEqual(
    plain?.files,
    [
      join(dir, "a.ts"),
      join(dir, "sub/b.ts"),
      join(outside, "lib.ts"),
    ].sort(),
  );
  assert.equal(plain?.compilerOptions.exactOptionalPropertyTypes, true);
  assert.equal(plain?.compilerOptions.noImplicitOverride, true);
});

Deno.test("plain project: JSON with comments in deno.jsonc", async () => {
  const dir = await project({
    "deno.jsonc":
      `{\n  // strict\n  "compilerOptions": { "noUnusedLocals": true }\n}\n`,
    "a.ts": "export const a = 1;\n",
  });
  const plain = await plainProject(dir, ["a.ts"]);
  assert.equal(plain?.compilerOptions.noUnusedLocals, true);
});

for (
  const [name, files] of Object.entries<Record<string, string>>({
    "a bare import": { "a.ts": `import { Hono } from "hono";\n` },
    "an npm: import": { "a.ts": `export * from "npm:hono@4";\n` },
    "a node: import": { "a.ts": `import { join } from "node:path";\n` },
    "a URL import": { "a.ts": `await import("https://example.com/x.ts");\n` },
    "a .js import": { "a.ts": `import "./b.js";\n`, "b.ts": "" },
    "an extensionless import": { "a.ts": `import "./b";\n`, "b.ts": "" },
    "a missing file": { "a.ts": `import "./gone.ts";\n` },
    "a reference directive": {
      "a.ts": `/// <reference types="./t.d.ts" />\nexport {};\n`,
    },
    "a @ts-types comment": {
      "a.ts": `// @ts-types="./b.d.ts"\nimport "./b.ts";\n`,
      "b.ts": "",
    },
    "a compiler option only Deno knows": {
      "deno.json": JSON.stringify({ compilerOptions: { lib: ["deno.ns"] } }),
      "a.ts": "",
    },
    "a workspace": {
      "deno.json": JSON.stringify({ workspace: ["./x"] }),
      "a.ts": "",
    },
    "a tsconfig.json": { "tsconfig.json": "{}", "a.ts": "" },
  })
) {
  Deno.test(`plain project: not with ${name}`, async () => {
    const dir = await project({ "deno.json": DENO_JSON, ...files });
    assert.equal(await plainProject(dir, ["a.ts"]), undefined);
  });
}
