/**
 * The TypeScript emitter's output is a fixed point of `deno fmt`'s formatter:
 * the files it returns unformatted (every line within 80 columns) and the
 * ones it formats in one pass. Checked over every model at hand: the
 * fixtures' golden models, the edge model, the sample model and a
 * synthetic project, in every enum style, import extension and null mode.
 */

import assert from "node:assert/strict";
import { writeSyntheticProject } from "../../testing/synthetic_project.ts";
import { analyzeProject } from "../../analyze/analyze.ts";
import type { ApiModel } from "../../model/api_model.ts";
import { parseApiModel } from "../../model/parse_api_model.ts";
import { sampleModel } from "../testdata/sample_model.ts";
import {
  emitTypeScript,
  type EmitTypeScriptOptions,
  IMPORT_EXTENSIONS,
} from "./emit_typescript.ts";
import { hasClientFetchers } from "./fetchers_file.ts";
import { ENUM_STYLES } from "./enum_style.ts";
import { fitsLineWidth, formatWithDprint, overflowingTexts } from "./format.ts";
import { NULL_RENDER_MODES } from "./null_mode.ts";
import { edgeModel } from "./testdata/edge_model.ts";

/** Every combination of the emitter's style options. */
const STYLES: readonly EmitTypeScriptOptions[] = ENUM_STYLES.flatMap((
  enumStyle,
) =>
  IMPORT_EXTENSIONS.flatMap((importExtension) =>
    NULL_RENDER_MODES.map((nullRenderMode) => ({
      enumStyle,
      importExtension,
      nullRenderMode,
    }))
  )
);

function assertFixedPoints(
  model: ApiModel,
  styles: readonly EmitTypeScriptOptions[] = STYLES,
): void {
  for (const style of styles) {
    for (const [path, text] of emitTypeScript(model, style)) {
      const formatted = formatWithDprint(path, text);
      if (formatted !== text) {
        assert.fail(
          `${path} (${JSON.stringify(style)}) is not formatted as deno fmt ` +
            `formats it:\n${firstDifference(text, formatted)}`,
        );
      }
    }
  }
}

function firstDifference(actual: string, expected: string): string {
  const a = actual.split("\n");
  const e = expected.split("\n");
  const line = a.findIndex((text, i) => text !== e[i]);
  return `line ${line + 1}:\n  emitted:   ${a[line]}\n  formatted: ${e[line]}`;
}

Deno.test("format: a file within 80 columns is left as it is", () => {
  assert.equal(fitsLineWidth("a\n" + "b".repeat(80) + "\n"), true);
  assert.equal(fitsLineWidth("a\n" + "b".repeat(81)), false);
  assert.equal(fitsLineWidth(""), true);
  assert.equal(fitsLineWidth(`/** ${"a".repeat(80)} */\n`), true);
});

Deno.test("format: a file with a non-ASCII character is always formatted", () => {
  // Wide characters take two columns in deno fmt; counting them is not worth it.
  assert.equal(fitsLineWidth("// 書\n"), false);
});

for (
  const [name, model] of [
    ["sample", sampleModel],
    ["edge", edgeModel],
  ] as const
) {
  Deno.test(`format: the ${name} model's client is a fixed point of deno fmt`, () => {
    assertFixedPoints(model);
  });
}

for (const fixture of ["bookstore", "treeshop"]) {
  Deno.test(`format: the ${fixture} client is a fixed point of deno fmt`, async () => {
    const json = await Deno.readTextFile(`golden/${fixture}/model.json`);
    assertFixedPoints(parseApiModel(json));
  });
}

/**
 * How many emitted texts overflow 80 columns, by style, where any does.
 * The fetcher builder (`fetchers.ts`, one file, only with client fetchers)
 * is formatted: its signatures are laid out by the formatter (what it made
 * is kept in the user cache). `queries.ts` is not: its generic queries of
 * client-chosen shapes are laid out by the emitter.
 */
function overflowsByStyle(model: ApiModel): string[] {
  const found: string[] = [];
  const builder = hasClientFetchers(model) ? 1 : 0;
  for (const style of STYLES) {
    const before = overflowingTexts();
    emitTypeScript(model, style);
    const overflows = overflowingTexts() - before - builder;
    if (overflows > 0) found.push(`${overflows} in ${JSON.stringify(style)}`);
  }
  return found;
}

Deno.test("format: the fixtures' clients need no formatter pass", async () => {
  // Loading the formatter's Wasm alone costs a cold run about 150 ms.
  for (const fixture of ["bookstore", "treeshop"]) {
    const json = await Deno.readTextFile(`golden/${fixture}/model.json`);
    assert.deepEqual(overflowsByStyle(parseApiModel(json)), [], fixture);
  }
});

Deno.test("format: a 250-endpoint synthetic client is a fixed point of deno fmt", async () => {
  const dir = await Deno.makeTempDir({ prefix: "tailor_format_" });
  try {
    await writeSyntheticProject(dir, 250);
    const result = await analyzeProject(dir);
    if (!result.ok) assert.fail(JSON.stringify(result.diagnostics));
    assert.deepEqual(overflowsByStyle(result.model), [], "no formatter pass");
    // The options change small files only; the big ones take two styles.
    assertFixedPoints(result.model, [
      {},
      { enumStyle: "enum-like", nullRenderMode: "null" },
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
