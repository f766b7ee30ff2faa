/**
 * Formats generated TypeScript exactly as `deno fmt` does, with the formatter
 * inside `deno fmt` itself: dprint-plugin-typescript, run as Wasm.
 *
 * Deno 2.9.6 embeds dprint-plugin-typescript 0.96.1; the npm package of the
 * same version holds the same plugin compiled to Wasm, and its `deno: true`
 * configuration is the configuration `deno fmt` uses when `deno.json` sets no
 * `fmt` options. The tests run `deno fmt --check` on every emitted tree, so a
 * Deno upgrade that changes formatting shows up as a failing test: then move
 * the version below to the one `deno` embeds.
 *
 * The Wasm module is read and instantiated once, on first use (about 30 ms);
 * formatting is then a pure function of the text, so what it made of a text
 * is kept in the user cache (`format_cache.ts`): a run that formats the
 * same texts as an earlier one (the same entities, the same operations)
 * reads them, without the Wasm.
 *
 * Speed: formatting was a third of a whole generation. The emitters write
 * their text as `deno fmt` would wherever a line fits in 80 columns, so a
 * file without a longer line is returned as it is; the others take a pass
 * and a second that confirms it. `format_test.ts` proves it on the output
 * for the fixtures, the edge and sample models and a synthetic project: each
 * emitted file is a fixed point of the formatter.
 *
 * @module
 */

import { createFromBuffer, type Formatter } from "@dprint/formatter";
import { getPath } from "@dprint/typescript";
import { FormatCache } from "./format_cache.ts";
import { LINE_WIDTH } from "./layout.ts";

let formatter: Formatter | undefined;

/** What earlier runs formatted, in the user cache. */
const KEPT = FormatCache.forPlugin(getPath());

/**
 * The last text formatted for each path and its result: a regeneration in
 * watch mode formats only the files whose text changed.
 */
const lastFormatted = new Map<string, { text: string; formatted: string }>();

/** Texts {@link formatTypeScript} was given that overflow a line. */
let overflowing = 0;

/** Formatting passes before giving up on reaching a fixed point. */
const MAX_PASSES = 5;

function load(): Formatter {
  if (formatter === undefined) {
    // Reads the plugin's Wasm from the npm package (the only I/O, once).
    const created = createFromBuffer(Deno.readFileSync(getPath()));
    created.setConfig({}, { deno: true });
    const problems = created.getConfigDiagnostics();
    if (problems.length > 0) {
      throw new Error(
        `formatter configuration: ${problems.map((p) => p.message).join("; ")}`,
      );
    }
    formatter = created;
  }
  return formatter;
}

/**
 * Returns `text` as `deno fmt` (default options) would write it, given text
 * an emitter wrote (see the module's note on speed).
 *
 * @param path Relative path of the file, for error messages and the syntax
 *   (`.ts`).
 * @throws Error when `text` needs formatting and is not valid TypeScript: an
 *   emitter bug (the tests type-check every emitted file).
 */
export function formatTypeScript(path: string, text: string): string {
  if (fitsLineWidth(text)) return text;
  overflowing++;
  const last = lastFormatted.get(path);
  if (last?.text === text) return last.formatted;
  const formatted = KEPT.get(path, text) ?? formatAndKeep(path, text);
  lastFormatted.set(path, { text, formatted });
  return formatted;
}

/**
 * How many texts given to {@link formatTypeScript} in this process had a
 * line over 80 columns, so took the formatter: the tests check that the
 * emitters lay out ordinary output themselves.
 */
export function overflowingTexts(): number {
  return overflowing;
}

/** {@link formatUncached}, its result kept for the next run. */
function formatAndKeep(path: string, text: string): string {
  const formatted = formatUncached(path, text);
  KEPT.set(path, text, formatted);
  return formatted;
}

function formatUncached(path: string, text: string): string {
  // dprint is not always idempotent: a long line it breaks once may break
  // differently when formatted again. `deno fmt --check` wants a fixed point.
  let current = text;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = formatWithDprint(path, current);
    if (next === current) return current;
    current = next;
  }
  throw new Error(
    `cannot format generated ${path}: no stable formatting after ${MAX_PASSES} passes`,
  );
}

/**
 * True when no line of `text` but a comment is longer than `deno fmt`'s
 * line width. Text with a non-ASCII character never fits: wide characters
 * take two columns.
 */
export function fitsLineWidth(text: string): boolean {
  // deno-lint-ignore no-control-regex
  if (/[^\x00-\x7f]/.test(text)) return false;
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf("\n", start);
    const stop = end === -1 ? text.length : end;
    if (stop - start > LINE_WIDTH && !isComment(text.slice(start, stop))) {
      return false;
    }
    start = stop + 1;
  }
  return true;
}

/** A line of a comment alone, which the formatter never wraps. */
function isComment(line: string): boolean {
  return /^\s*(\/\*\*|\*|\/\/)/.test(line);
}

/**
 * One pass of `deno fmt`'s formatter over `text`, whatever its line widths.
 *
 * @throws Error when `text` is not valid TypeScript.
 */
export function formatWithDprint(path: string, text: string): string {
  try {
    return load().formatText({ filePath: path, fileText: text });
  } catch (cause) {
    throw new Error(`cannot format generated ${path}: ${String(cause)}`, {
      cause,
    });
  }
}
