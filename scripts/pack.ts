/**
 * `deno task pack [OUT_DIR]`: writes the npm tarball of `@tailor/api`
 * (`OUT_DIR/tailor-api-<version>.tgz`, default `dist/`), the api command
 * for front-end teams with Node 20+ and no Deno: `npm i` it, then
 * `npx tailor-api [URL] [DIR] [flags]`.
 *
 * The bin is `src/api/main.ts` bundled by `deno bundle` into one ES module
 * (the same code `deno task api` runs), importing only `node:` modules: the
 * package has no dependencies. `deno pack` does not do here: it neither
 * writes a `bin` field nor packs files outside the package's folder. The
 * version is the root deno.json's; a dependency's version would be its
 * import's. Works offline.
 *
 * @module
 */

import { mkdir, readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import { tgz } from "./tar.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** The package's name and its bin. */
const NAME = "@tailor/api";
const BIN = "tailor-api";

/** The npm packages the bin may import: none (`node:` modules only). */
const DEPENDENCIES: readonly string[] = [];

/** Builds the tarball into `outDir`; returns its path. */
async function packApi(outDir: string): Promise<string> {
  const root = JSON.parse(await readFile(`${ROOT}deno.json`, "utf8"));
  const version: string = root.version;
  const bin = await bundle();
  const dependencies = Object.fromEntries(
    DEPENDENCIES.map((name) => [name, npmVersion(root.imports, name)]),
  );
  checkImports(bin, Object.keys(dependencies));
  const manifest = {
    name: NAME,
    version,
    description:
      "Downloads the TypeScript client of a Tailor server into your project, safely (npx tailor-api).",
    license: root.license,
    type: "module",
    bin: { [BIN]: `bin/${BIN}.js` },
    engines: { node: ">=20" },
    dependencies,
  };
  const encoder = new TextEncoder();
  const bytes = await tgz([
    {
      path: "package/package.json",
      content: encoder.encode(JSON.stringify(manifest, null, 2) + "\n"),
    },
    { path: `package/bin/${BIN}.js`, content: bin, mode: 0o755 },
    {
      path: "package/README.md",
      content: await readFile(`${ROOT}src/api/README.md`),
    },
    { path: "package/LICENSE", content: await readFile(`${ROOT}LICENSE`) },
  ]);
  await mkdir(outDir, { recursive: true });
  const path = resolve(outDir, `${BIN}-${version}.tgz`);
  await writeFile(path, bytes);
  return path;
}

/** `src/api/main.ts` and what it imports, as one ES module. */
async function bundle(): Promise<Uint8Array> {
  const out = await Deno.makeTempDir({ prefix: "tailor_pack_" });
  try {
    const output = await new Deno.Command(Deno.execPath(), {
      args: [
        "bundle",
        "--quiet",
        "--platform=deno",
        ...DEPENDENCIES.map((name) => `--external=${name}`),
        `--output=${out}/bin.js`,
        "src/api/main.ts",
      ],
      cwd: ROOT,
      env: { NO_COLOR: "1" },
    }).output();
    if (output.code !== 0) {
      throw new Error(
        `deno bundle failed:\n${new TextDecoder().decode(output.stderr)}`,
      );
    }
    return await Deno.readFile(`${out}/bin.js`);
  } finally {
    await Deno.remove(out, { recursive: true });
  }
}

/** The version of the `npm:` import `name` in the root deno.json. */
function npmVersion(imports: Record<string, string>, name: string): string {
  const match = /^npm:(?:@[^/@]+\/)?[^@]+@(.+)$/.exec(imports[name] ?? "");
  if (!match) throw new Error(`deno.json imports no npm:${name}@<version>`);
  return match[1]!;
}

/** Fails unless the bundle imports only `node:` modules and `allowed`. */
function checkImports(bin: Uint8Array, allowed: readonly string[]): void {
  const text = new TextDecoder().decode(bin);
  const specifiers = [...text.matchAll(/^import[^"]*"([^"]+)";$/gm)]
    .map((match) => match[1]!);
  const stray = specifiers.filter((specifier) =>
    !specifier.startsWith("node:") && !allowed.includes(specifier)
  );
  if (stray.length > 0 || /\bimport\(/.test(text)) {
    throw new Error(
      `the bundle imports more than node: modules and ${allowed.join(", ")}: ${
        stray.join(", ") || "a dynamic import()"
      }`,
    );
  }
}

if (import.meta.main) {
  const path = await packApi(Deno.args[0] ?? `${ROOT}dist`);
  const size = (await Deno.stat(path)).size;
  console.log(`${path} (${(size / 1024).toFixed(1)} KiB)`);
}
