/**
 * A Jimmer user's front-end code (testdata/jimmer/consumer.ts) compiles
 * unchanged against the generated bookstore client, written as Jimmer's is
 * used: the folder `src/__generated`, imports without extensions (import
 * style `none`), in a Vite project (create-vite's react-ts tsconfig).
 */

import assert from "node:assert/strict";
import { emitTypeScript } from "./emit_typescript.ts";
import { fixtureModelUrl, loadModel } from "./testdata/tools.ts";
import { compileProject, formatDiagnostics } from "./testdata/tsc_project.ts";

const TESTDATA = new URL("./testdata/", import.meta.url);

Deno.test("a Jimmer-style consumer compiles against the bookstore client (Vite)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "tailor_jimmer_" });
  try {
    const files = new Map<string, string>([
      [
        "tsconfig.json",
        await Deno.readTextFile(
          new URL("toolchains/vite/tsconfig.json", TESTDATA),
        ),
      ],
      [
        "src/consumer.ts",
        await Deno.readTextFile(new URL("jimmer/consumer.ts", TESTDATA)),
      ],
    ]);
    const client = emitTypeScript(
      await loadModel(fixtureModelUrl("bookstore")),
      { sourceName: "bookstore", importExtension: "none" },
    );
    for (const [path, text] of client) {
      files.set(`src/__generated/${path}`, text);
    }
    for (const [path, text] of files) {
      const full = `${dir}/${path}`;
      await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), {
        recursive: true,
      });
      await Deno.writeTextFile(full, text);
    }
    assert.equal(formatDiagnostics(compileProject(dir)), "");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
