/**
 * The toolchain matrix: the generated bookstore and treeshop clients, with a
 * consumer program (testdata/toolchains/consumer.ts), in each import style
 * (`ts`, `js`, `none`) under each toolchain front-end projects use, kept as
 * config files in testdata/toolchains/:
 *
 * - vite: create-vite's react-ts tsconfig.app.json (bundler,
 *   allowImportingTsExtensions, verbatimModuleSyntax, erasableSyntaxOnly,
 *   noUncheckedSideEffectImports);
 * - next: create-next-app's tsconfig.json (bundler, isolatedModules, noEmit,
 *   no TS extensions);
 * - nodenext: an ESM package built by tsc (NodeNext, real emit, no DOM
 *   types), whose output then runs under node;
 * - strictest: @tsconfig/strictest in a bundler project (Angular is close);
 * - deno: `deno check`, then `deno run` of the consumer.
 *
 * The style `tailor api` chooses when none is given (src/api/import_style.ts)
 * is, for each toolchain's configuration, one whose cell passes.
 *
 * Every cell has an expected outcome ({@link EXPECTED}, the README's table):
 * a pass, or the error a style that does not fit that toolchain gives. Plus
 * `deno fmt --check` and `deno lint` on every style, and the consumer's wrong
 * uses must each fail to compile.
 *
 * The TypeScript options ({@link OPTIONS}: `enum-style: enum-like`,
 * `null-render-mode: null`, `mutable: true`, `api-name: ShopApi`) get one
 * more cell per toolchain, in its first passing import style, with their
 * own consumer (testdata/toolchains/consumer_options.ts, its wrong uses
 * failing too). consumer.ts's write to a readonly field, a wrong use there,
 * compiles in the mutable client of every options cell.
 */

import assert from "node:assert/strict";
// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import strictest from "npm:@tsconfig/strictest@2.0.8/tsconfig.json" with {
  type: "json",
};
import {
  emitTypeScript,
  type EmitTypeScriptOptions,
  IMPORT_EXTENSIONS,
  type ImportExtension,
} from "./emit_typescript.ts";
import { withExtension } from "./import_extension.ts";
import { chooseImportStyle } from "../../api/import_style.ts";
import {
  deno,
  fixtureModelUrl,
  loadModel,
  runCommand,
} from "./testdata/tools.ts";
import {
  compileProject,
  formatDiagnostics,
  type TscDiagnostic,
  TYPESCRIPT_VERSION,
} from "./testdata/tsc_project.ts";

const TOOLCHAINS = ["vite", "next", "nodenext", "strictest", "deno"] as const;
type Toolchain = typeof TOOLCHAINS[number];

/** `pass`, or the error code a cell must fail with. */
type Outcome = "pass" | `TS${number}`;

/** What each toolchain does with each import style (README's table). */
export const EXPECTED: Record<Toolchain, Record<ImportExtension, Outcome>> = {
  vite: { ts: "pass", js: "pass", none: "pass" },
  next: { ts: "TS5097", js: "pass", none: "pass" },
  nodenext: { ts: "TS5097", js: "pass", none: "TS2835" },
  strictest: { ts: "TS5097", js: "pass", none: "pass" },
  deno: {
    ts: "pass",
    js: "TS2307",
    none: "TS2307",
  },
};

const TESTDATA = new URL("./testdata/toolchains/", import.meta.url);
const FIXTURES = ["bookstore", "treeshop"] as const;

/** The TypeScript options the options cells generate their clients with. */
const OPTIONS: EmitTypeScriptOptions = {
  enumStyle: "enum-like",
  nullRenderMode: "null",
  mutable: true,
  apiName: "ShopApi",
};

/** The options of {@link OPTIONS} as the steps name them. */
const OPTIONS_NAME = "enum-like, null, mutable, ShopApi";

/** The import style of a toolchain's options cell: its first passing one. */
function optionsStyle(toolchain: Toolchain): ImportExtension {
  return IMPORT_EXTENSIONS.find((style) =>
    EXPECTED[toolchain][style] === "pass"
  )!;
}

/** A consumer (`consumer.ts`) with its own imports in `style`. */
async function consumerText(
  style: ImportExtension,
  file = "consumer.ts",
): Promise<string> {
  const text = await Deno.readTextFile(new URL(file, TESTDATA));
  return text.replaceAll(
    /from "(\.\/[^"]+\.ts)"/g,
    (_all, specifier: string) =>
      `from ${JSON.stringify(withExtension(specifier, style))}`,
  );
}

/** Writes `files` (relative path -> text) under `dir`. */
async function writeFiles(
  dir: string,
  files: Iterable<[string, string]>,
): Promise<void> {
  for (const [path, text] of files) {
    const full = `${dir}/${path}`;
    await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(full, text);
  }
}

/**
 * A project of `toolchain` with both clients and the consumer in `style`;
 * with `options`, the clients are generated with them (directory `-options`).
 */
async function createCell(
  root: string,
  toolchain: Toolchain,
  style: ImportExtension,
  consumer: string,
  options?: EmitTypeScriptOptions,
): Promise<string> {
  const dir = `${root}/${toolchain}-${style}${options ? "-options" : ""}`;
  const files: [string, string][] = [["src/consumer.ts", consumer]];
  for await (const entry of Deno.readDir(new URL(`${toolchain}/`, TESTDATA))) {
    files.push([
      entry.name,
      await Deno.readTextFile(new URL(`${toolchain}/${entry.name}`, TESTDATA)),
    ]);
  }
  if (toolchain === "strictest") {
    files.push([
      "node_modules/@tsconfig/strictest/tsconfig.json",
      JSON.stringify(strictest, null, 2),
    ]);
  }
  for (const fixture of FIXTURES) {
    const model = await loadModel(fixtureModelUrl(fixture));
    const client = emitTypeScript(model, {
      ...options,
      sourceName: fixture,
      importExtension: style,
    });
    for (const [path, text] of client) {
      files.push([`src/${fixture}/${path}`, text]);
    }
  }
  await writeFiles(dir, files);
  return dir;
}

/** Imports the consumer module at `url` and prints what `run()` gives. */
function runScript(url: string): string {
  return `const m = await import(${JSON.stringify(url)}); ` +
    "console.log(await m.run());";
}

/** Checks a tsc cell's diagnostics against its expected outcome. */
function assertOutcome(
  expected: Outcome,
  diagnostics: readonly TscDiagnostic[],
): void {
  if (expected === "pass") {
    assert.deepEqual(formatDiagnostics(diagnostics), "");
  } else {
    assert.ok(
      diagnostics.some((d) => d.code === expected),
      `expected ${expected}, got:\n${formatDiagnostics(diagnostics)}`,
    );
  }
}

/** Lines of `consumer.ts` that follow a `@ts-expect-error` directive. */
function wrongUseLines(consumer: string): number[] {
  return consumer.split("\n").flatMap((line, index) =>
    line.trim().startsWith("// @ts-expect-error") ? [index + 2] : []
  );
}

/**
 * Compiles the cell's consumer without its `@ts-expect-error` directives:
 * the lines with errors (`found`) and the lines after a directive.
 */
async function wrongUseErrors(
  dir: string,
): Promise<{ found: (number | undefined)[]; expected: number[] }> {
  const consumer = await Deno.readTextFile(`${dir}/src/consumer.ts`);
  await Deno.writeTextFile(
    `${dir}/src/consumer.ts`,
    consumer.replaceAll("// @ts-expect-error", "// wrong use"),
  );
  const lines = compileProject(dir)
    .filter((d) => d.file === "src/consumer.ts")
    .map((d) => d.line);
  return { found: [...new Set(lines)], expected: wrongUseLines(consumer) };
}

/** Runs the cell's consumer with `node` (its tsc output) or `deno`. */
async function runConsumer(
  runtime: "node" | "deno",
  dir: string,
): Promise<string> {
  const result = runtime === "node"
    ? await runCommand(
      "node",
      ["--input-type=module", "-e", runScript("./dist/consumer.js")],
      dir,
    )
    : await deno(["eval", runScript(`file://${dir}/src/consumer.ts`)], dir);
  assert.equal(result.code, 0, result.output);
  return result.output;
}

Deno.test("toolchain defaults: with no option, tailor api picks a style that passes in each toolchain", async () => {
  const root = await Deno.makeTempDir({ prefix: "tailor_toolchain_defaults_" });
  try {
    for (const toolchain of TOOLCHAINS) {
      const dir = `${root}/${toolchain}`;
      const files: [string, string][] = [];
      for await (
        const entry of Deno.readDir(new URL(`${toolchain}/`, TESTDATA))
      ) {
        files.push([
          entry.name,
          await Deno.readTextFile(
            new URL(`${toolchain}/${entry.name}`, TESTDATA),
          ),
        ]);
      }
      if (toolchain === "strictest") {
        files.push([
          "node_modules/@tsconfig/strictest/tsconfig.json",
          JSON.stringify(strictest, null, 2),
        ]);
      }
      await writeFiles(dir, files);
      const chosen = await chooseImportStyle("src/__generated", dir);
      assert.ok(chosen !== undefined, toolchain);
      assert.equal(
        EXPECTED[toolchain][chosen.extension],
        "pass",
        `${toolchain}: ${chosen.extension} (${chosen.reason})`,
      );
    }
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test(`toolchain matrix (TypeScript ${TYPESCRIPT_VERSION})`, async (t) => {
  const root = await Deno.makeTempDir({ prefix: "tailor_toolchains_" });
  try {
    const consumers = new Map<ImportExtension, string>();
    for (const style of IMPORT_EXTENSIONS) {
      consumers.set(style, await consumerText(style));
    }
    const cells = new Map<string, string>();
    for (const toolchain of TOOLCHAINS) {
      for (const style of IMPORT_EXTENSIONS) {
        cells.set(
          `${toolchain}-${style}`,
          await createCell(root, toolchain, style, consumers.get(style)!),
        );
      }
    }
    const cell = (toolchain: Toolchain, style: ImportExtension) =>
      cells.get(`${toolchain}-${style}`)!;
    const optionCells = new Map<Toolchain, string>();
    for (const toolchain of TOOLCHAINS) {
      const style = optionsStyle(toolchain);
      optionCells.set(
        toolchain,
        await createCell(
          root,
          toolchain,
          style,
          await consumerText(style, "consumer_options.ts"),
          OPTIONS,
        ),
      );
    }
    const optionCell = (toolchain: Toolchain) => optionCells.get(toolchain)!;

    // Deno's own commands run in child processes beside the in-process tsc.
    const denoChecks = IMPORT_EXTENSIONS.map((style) =>
      deno(["check", "src/consumer.ts"], cell("deno", style))
    );
    const denoOptionsCheck = deno(
      ["check", "src/consumer.ts"],
      optionCell("deno"),
    );
    const generated = [
      ...IMPORT_EXTENSIONS.map((style) => `deno-${style}`),
      `deno-${optionsStyle("deno")}-options`,
    ].flatMap((dir) => FIXTURES.map((fixture) => `${dir}/src/${fixture}`));
    const format = deno(["fmt", "--check", ...generated], root);
    const lint = deno(["lint", ...generated], root);

    const tsc = new Map<string, TscDiagnostic[]>();
    for (const toolchain of TOOLCHAINS.filter((name) => name !== "deno")) {
      for (const style of IMPORT_EXTENSIONS) {
        tsc.set(
          `${toolchain}-${style}`,
          compileProject(cell(toolchain, style)),
        );
      }
    }

    for (const toolchain of TOOLCHAINS.filter((name) => name !== "deno")) {
      for (const style of IMPORT_EXTENSIONS) {
        const expected = EXPECTED[toolchain][style];
        await t.step(`${toolchain} + ${style}: ${expected}`, () => {
          assertOutcome(expected, tsc.get(`${toolchain}-${style}`)!);
        });
      }
      const style = optionsStyle(toolchain);
      await t.step(`${toolchain} + ${style}, ${OPTIONS_NAME}: pass`, () => {
        assertOutcome("pass", compileProject(optionCell(toolchain)));
      });
    }

    await t.step(
      `nodenext + js, ${OPTIONS_NAME}: the emitted client runs under node`,
      async () => {
        assert.match(
          await runConsumer("node", optionCell("nodenext")),
          /options ok: 2 genders/,
        );
      },
    );

    await t.step(`deno + ts, ${OPTIONS_NAME}: pass, runs`, async () => {
      const checked = await denoOptionsCheck;
      assert.equal(checked.code, 0, checked.output);
      assert.match(
        await runConsumer("deno", optionCell("deno")),
        /options ok: 2 genders/,
      );
    });

    await t.step(
      "nodenext + js: the emitted client runs under node",
      async () => {
        assert.match(
          await runConsumer("node", cell("nodenext", "js")),
          /consumer ok: 7 requests/,
        );
      },
    );

    for (const [index, style] of IMPORT_EXTENSIONS.entries()) {
      const expected = EXPECTED.deno[style];
      await t.step(`deno + ${style}: ${expected}`, async () => {
        const result = await denoChecks[index]!;
        if (expected === "pass") {
          assert.equal(result.code, 0, result.output);
        } else {
          assert.notEqual(result.code, 0, result.output);
          assert.match(result.output, new RegExp(`${expected} \\[ERROR\\]`));
        }
      });
    }

    await t.step("deno + ts: the client runs under deno", async () => {
      assert.match(
        await runConsumer("deno", cell("deno", "ts")),
        /consumer ok: 7 requests/,
      );
    });

    await t.step("deno fmt --check and deno lint, every style", async () => {
      const [formatted, linted] = await Promise.all([format, lint]);
      assert.equal(formatted.code, 0, formatted.output);
      assert.equal(linted.code, 0, linted.output);
    });

    await t.step(
      "every wrong use of the consumer fails to compile",
      async () => {
        const { found, expected } = await wrongUseErrors(
          cell("strictest", "none"),
        );
        assert.ok(expected.length >= 5);
        assert.deepEqual(found, expected);
      },
    );

    await t.step(
      "every wrong use of the options consumer fails to compile (strict)",
      async () => {
        const { found, expected } = await wrongUseErrors(optionCell("vite"));
        assert.equal(expected.length, 4);
        assert.deepEqual(found, expected);
      },
    );
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
