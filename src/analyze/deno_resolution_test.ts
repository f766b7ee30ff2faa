import assert from "node:assert/strict";
import {
  type DenoConfig,
  DenoResolver,
  parseDenoConfig,
  type ResolutionScope,
  resolveDenoSpecifier,
} from "./deno_resolution.ts";

function config(dir: string, json: Record<string, unknown>): DenoConfig {
  return parseDenoConfig(dir, JSON.stringify(json))!;
}

const TAILOR = config("/checkout", {
  name: "@tailor/tailor",
  exports: { ".": "./mod.ts", "./runtime": "./runtime.ts" },
  imports: { "hono": "npm:hono@4" },
});

const PROJECT = config("/app", {
  imports: {
    "@tailor/tailor": "jsr:@tailor/tailor@^0.1",
    "lib/": "./lib/",
    "lib/deep/": "./deep/",
    "exact": "./exact.ts",
    "abs": "/abs/file.ts",
    "url": "file:///url/file.ts",
    "remote": "https://example.com/x.ts",
    "prefix": "./not_a_prefix.ts",
  },
  scopes: { "./vendor/": { "exact": "./vendor_exact.ts" } },
});

const SCOPE: ResolutionScope = {
  maps: [PROJECT],
  packages: new Map([["@tailor/tailor", TAILOR]]),
};

function resolved(specifier: string, referrer = "/app/main.ts") {
  return resolveDenoSpecifier(specifier, referrer, SCOPE);
}

Deno.test("imports: an exact key, resolved against its configuration", () => {
  assert.equal(resolved("exact"), "/app/exact.ts");
  assert.equal(resolved("exact", "/app/sub/x.ts"), "/app/exact.ts");
});

Deno.test("imports: the longest trailing-slash key that starts it", () => {
  assert.equal(resolved("lib/a.ts"), "/app/lib/a.ts");
  assert.equal(resolved("lib/deep/b.ts"), "/app/deep/b.ts");
  // A key without a slash maps itself only, unless it names a package.
  assert.equal(resolved("prefix/x.ts"), undefined);
});

Deno.test("imports: absolute paths and file: URLs as targets", () => {
  assert.equal(resolved("abs"), "/abs/file.ts");
  assert.equal(resolved("url"), "/url/file.ts");
  assert.equal(resolved("remote"), undefined);
});

Deno.test("scopes: apply to referrers under their prefix, before imports", () => {
  assert.equal(resolved("exact", "/app/vendor/x.ts"), "/app/vendor_exact.ts");
  assert.equal(resolved("exact", "/app/vendors.ts"), "/app/exact.ts");
});

Deno.test("links and members: a jsr: or npm: package by name, its exports", () => {
  assert.equal(resolved("@tailor/tailor"), "/checkout/mod.ts");
  assert.equal(resolved("@tailor/tailor/runtime"), "/checkout/runtime.ts");
  assert.equal(
    resolved("jsr:@tailor/tailor@^0.1/runtime"),
    "/checkout/runtime.ts",
  );
  assert.equal(resolved("npm:@tailor/tailor@0.1.0"), "/checkout/mod.ts");
  assert.equal(resolved("jsr:/@tailor/tailor"), "/checkout/mod.ts");
  assert.equal(resolved("jsr:@tailor/tailor/store"), undefined);
  assert.equal(resolved("jsr:@other/pkg@1"), undefined);
});

Deno.test("paths: relative, absolute and file: URLs", () => {
  assert.equal(resolved("./a.ts", "/app/sub/x.ts"), "/app/sub/a.ts");
  assert.equal(resolved("../a.ts", "/app/sub/x.ts"), "/app/a.ts");
  assert.equal(resolved("/other/a.ts"), "/other/a.ts");
  assert.equal(resolved("file:///other/b.ts"), "/other/b.ts");
});

Deno.test("what Deno does not map to a local file is left alone", () => {
  assert.equal(resolved("hono"), undefined);
  assert.equal(resolved("npm:hono@4"), undefined);
  assert.equal(resolved("node:fs"), undefined);
  assert.equal(resolved("https://example.com/x.ts"), undefined);
});

Deno.test("maps are tried in order: the referrer's own configuration first", () => {
  const own = config("/checkout", { imports: { "exact": "./own.ts" } });
  const scope = { ...SCOPE, maps: [own, PROJECT] };
  assert.equal(
    resolveDenoSpecifier("exact", "/checkout/x.ts", scope),
    "/checkout/own.ts",
  );
  assert.equal(
    resolveDenoSpecifier("lib/a.ts", "/checkout/x.ts", scope),
    "/app/lib/a.ts",
  );
});

Deno.test("parseDenoConfig reads JSON with comments and a string export", () => {
  const parsed = parseDenoConfig(
    "/p",
    '{\n  // a comment\n  "name": "@a/b",\n  "exports": "./mod.ts",\n}',
  );
  assert.equal(parsed?.name, "@a/b");
  assert.deepEqual(parsed?.exports, { ".": "./mod.ts" });
  assert.equal(parseDenoConfig("/p", "[1]"), undefined);
});

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

Deno.test("DenoResolver: the nearest configuration above the root, with links", async () => {
  const dir = await tree({
    "app/deno.jsonc": JSON.stringify({
      imports: { "@tailor/tailor": "jsr:@tailor/tailor@^0.1" },
      links: ["../tailor"],
    }),
    "tailor/deno.json": JSON.stringify({
      name: "@tailor/tailor",
      exports: { ".": "./mod.ts" },
      imports: { "dep": "./dep.ts" },
    }),
  });
  try {
    const resolver = new DenoResolver(`${dir}/app/src`);
    assert.equal(
      resolver.resolve("@tailor/tailor", `${dir}/app/src/main.ts`),
      `${dir}/tailor/mod.ts`,
    );
    // The linked package's files map with its own imports.
    assert.equal(
      resolver.resolve("dep", `${dir}/tailor/mod.ts`),
      `${dir}/tailor/dep.ts`,
    );
    assert.equal(resolver.resolve("dep", `${dir}/app/main.ts`), undefined);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("DenoResolver: a workspace member, the root's imports and members", async () => {
  const dir = await tree({
    "deno.json": JSON.stringify({
      workspace: ["./server", "./packages/*"],
      imports: { "shared": "./shared.ts" },
    }),
    "server/deno.json": JSON.stringify({ imports: { "own": "./own.ts" } }),
    "packages/api/deno.json": JSON.stringify({
      name: "@app/api",
      exports: { ".": "./mod.ts", "./types": "./types.ts" },
    }),
  });
  try {
    const resolver = new DenoResolver(`${dir}/server`);
    const main = `${dir}/server/main.ts`;
    assert.equal(resolver.resolve("own", main), `${dir}/server/own.ts`);
    assert.equal(resolver.resolve("shared", main), `${dir}/shared.ts`);
    assert.equal(
      resolver.resolve("@app/api/types", main),
      `${dir}/packages/api/types.ts`,
    );
    assert.equal(
      resolver.resolve("jsr:@app/api@1", main),
      `${dir}/packages/api/mod.ts`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
