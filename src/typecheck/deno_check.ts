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

const HINT =
  "the project must type-check: a FetchBy shape and the data the method returns must agree (run deno check)";

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
      diagnostics.push({
        code: TYPE_ERROR_CODE,
        file: relative(root, fileURLToPath(at[1]!)).replaceAll("\\", "/"),
        line: Number(at[2]),
        column: Number(at[3]),
        message: `type error ${pending.code}: ${pending.message}`,
        hint: HINT,
      });
      pending = undefined;
    }
  }
  return diagnostics;
}
