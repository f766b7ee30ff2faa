import { deepStrictEqual, ok } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { isTailorModule, TailorDeclarations } from "./tailor_declarations.ts";

const ROOT =
  (await Deno.realPath(fileURLToPath(new URL("../../", import.meta.url))))
    .replaceAll("\\", "/") + "/";

Deno.test("Tailor's published modules are read as declarations, nothing else", () => {
  for (
    const inside of [
      "runtime.ts",
      "mod.ts",
      "src/runtime/api.ts",
      "src/store/store.ts",
    ]
  ) {
    ok(isTailorModule(ROOT + inside), inside);
  }
  for (
    const inside of [
      "fixtures/bookstore/entities.ts",
      "src/runtime/api_test.ts",
      "src/testing/synthetic_project.ts",
      "src/store/testdata/store_suite.ts",
      "src/runtime/lib.d.ts",
      "cli.ts",
    ]
  ) {
    ok(!isTailorModule(ROOT + inside), inside);
  }
  ok(!isTailorModule("/elsewhere/src/runtime/api.ts"));
});

Deno.test("another copy of Tailor a project imports is read as declarations too", async () => {
  const dir = (await Deno.realPath(await Deno.makeTempDir()))
    .replaceAll("\\", "/");
  try {
    const manifest = (name: string) => JSON.stringify({ name });
    await Deno.mkdir(`${dir}/tailor/src/runtime`, { recursive: true });
    await Deno.writeTextFile(
      `${dir}/tailor/deno.json`,
      manifest("@tailor/tailor"),
    );
    await Deno.mkdir(`${dir}/other/src/runtime`, { recursive: true });
    await Deno.writeTextFile(`${dir}/other/deno.json`, manifest("@acme/other"));
    for (const inside of ["runtime.ts", "mod.ts", "src/runtime/api.ts"]) {
      ok(isTailorModule(`${dir}/tailor/${inside}`), inside);
      ok(!isTailorModule(`${dir}/other/${inside}`), `other ${inside}`);
    }
    ok(!isTailorModule(`${dir}/tailor/src/runtime/api_test.ts`));
    ok(!isTailorModule(`${dir}/tailor/cli.ts`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a module's declarations are kept and read back until it changes", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const declarations = new TailorDeclarations(dir);
    const source = "/** Doubles. */\n" +
      "export function double(n: number): number {\n" +
      "  if (n > 1) return n * 2;\n  return n + n;\n}\n";
    const text = declarations.textOf(`${ROOT}src/runtime/double.ts`, source);
    deepStrictEqual(
      text,
      "/** Doubles. */\nexport declare function double(n: number): number;\n",
    );
    const [kept] = [...Deno.readDirSync(dir)];
    ok(kept !== undefined);
    // Read back from the cache: what is kept is what is parsed.
    await Deno.writeTextFile(`${dir}/${kept.name}`, "export {};\n");
    deepStrictEqual(
      declarations.textOf(`${ROOT}src/runtime/double.ts`, source),
      "export {};\n",
    );
    // An edited module is another entry.
    const edited = source.replace("n * 2", "2 * n");
    deepStrictEqual(
      declarations.textOf(`${ROOT}src/runtime/double.ts`, edited),
      text,
    );
    deepStrictEqual([...Deno.readDirSync(dir)].length, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a module whose declarations need more than itself is read whole", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const source = "export const squares = [1, 2].map((n) => n * n);\n";
    deepStrictEqual(
      new TailorDeclarations(dir).textOf(`${ROOT}src/runtime/x.ts`, source),
      source,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a cache that cannot be written only costs the emit", () => {
  const declarations = new TailorDeclarations("/dev/null/declarations");
  deepStrictEqual(
    declarations.textOf(`${ROOT}src/runtime/x.ts`, "export type X = 1;\n"),
    "export type X = 1;\n",
  );
});
