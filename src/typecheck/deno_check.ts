/**
 * Type-checks a server project with `deno check`, the checker its authors
 * run themselves, and turns its errors into diagnostics. This is what
 * enforces the spec's consistency rule at generation time: a method typed
 * `FetchBy<typeof X.SIMPLE>` that returns data loaded with another fetcher
 * does not type-check, so no client is generated that would lie about it.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { relative } from "node:path";
import type { Diagnostic } from "../model/diagnostic.ts";

/** The code of a type error reported by `deno check`. */
export const TYPE_ERROR_CODE = "TAILOR018";

/** The hint of a type error outside a method that promises a shape. */
const HINT = "the project must type-check (run deno check)";

/** The hint of a type error in a method whose return type names FetchBy. */
const FETCH_BY_HINT =
  "the project must type-check: the method's FetchBy shape and the data it returns must agree (load it with the fetcher it promises; run deno check)";

/** How far above an error its method's signature is looked for. */
const MAX_LINES_UP = 200;

/**
 * The hint for a type error at `line` (1-based) of a file with `text`:
 * about FetchBy when the error is in the body of a method whose return
 * type names it (the nearest signature above, `...): T {`), else the plain
 * one. A decorator, a class line or a `}` in the first column above stops
 * the search.
 */
export function typeErrorHint(text: string | undefined, line: number): string {
  if (text === undefined) return HINT;
  const lines = text.split("\n");
  const last = Math.max(0, line - 1 - MAX_LINES_UP);
  for (let at = Math.min(line, lines.length) - 1; at >= last; at--) {
    const source = lines[at]!;
    const signature = /\)\s*:\s*(.+?)\s*\{\s*$/.exec(source);
    if (signature !== null) {
      return signature[1]!.includes("FetchBy") ? FETCH_BY_HINT : HINT;
    }
    if (/^(\s*@\w|\s*(export\s+)?(abstract\s+)?class\s|})/.test(source)) {
      break;
    }
  }
  return HINT;
}

/**
 * Runs `deno check` on `files` of the project at `root` (absolute paths, or
 * relative to `root`). A project directory that does not exist is the
 * analyzer's to report: nothing is checked then.
 */
export async function denoCheck(
  root: string,
  files: readonly string[],
): Promise<Diagnostic[]> {
  if (files.length === 0) return [];
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["check", "--quiet", ...files],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  if (code === 0) return [];
  const output = new TextDecoder().decode(stderr) +
    new TextDecoder().decode(stdout);
  const diagnostics = parseDenoCheckOutput(output, root);
  if (diagnostics.length > 0) return diagnostics;
  return [{
    code: TYPE_ERROR_CODE,
    file: ".",
    line: 1,
    column: 1,
    message: `deno check failed: ${
      output.trim().split("\n").slice(0, 5).join(" ")
    }`,
    hint: HINT,
  }];
}

/**
 * Reads the errors of `deno check` output: each starts with
 * `TSnnnn [ERROR]: message` and ends with `at file:///path:line:col`.
 */
export function parseDenoCheckOutput(
  output: string,
  root: string,
  readSource: (path: string) => string | undefined = readIfExists,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let pending: { code: string; message: string } | undefined;
  for (const line of output.split("\n")) {
    const start = /^(TS\d+) \[ERROR\]: (.*)$/.exec(line);
    if (start) {
      pending = { code: start[1]!, message: start[2]!.trim() };
      continue;
    }
    const at = /^\s+at (file:\/\/\S+):(\d+):(\d+)\s*$/.exec(line);
    if (at && pending) {
      const path = fileURLToPath(at[1]!);
      diagnostics.push({
        code: TYPE_ERROR_CODE,
        file: relative(root, path).replaceAll("\\", "/"),
        line: Number(at[2]),
        column: Number(at[3]),
        message: `type error ${pending.code}: ${pending.message}`,
        hint: typeErrorHint(readSource(path), Number(at[2])),
      });
      pending = undefined;
    }
  }
  return diagnostics;
}

function readIfExists(path: string): string | undefined {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
}
