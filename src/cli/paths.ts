/**
 * Paths as the user sees them: every relative path on the command line is
 * taken from the directory the user ran the command in, and messages name
 * paths relative to it.
 *
 * @module
 */

import { isAbsolute, relative, resolve, sep } from "node:path";

/**
 * The environment variable through which a `deno task` hands over the
 * directory it was started in (`TAILOR_CWD=$INIT_CWD deno run ...`): a task
 * runs in the directory of its `deno.json`, not in the user's.
 */
export const CWD_VARIABLE = "TAILOR_CWD";

/**
 * Moves into the directory the user ran the command in, when a task says
 * which it was, and forgets the variable so that child processes do not
 * inherit it.
 */
export function enterInvocationDirectory(): void {
  const dir = Deno.env.get(CWD_VARIABLE);
  if (dir === undefined) return;
  Deno.env.delete(CWD_VARIABLE);
  if (dir !== "") Deno.chdir(dir);
}

/**
 * `path` for a message: relative to the working directory when it lies
 * inside it, else absolute.
 */
export function displayPath(path: string, cwd: string = Deno.cwd()): string {
  const absolute = resolve(cwd, path);
  const fromCwd = relative(cwd, absolute);
  if (fromCwd === "") return ".";
  if (fromCwd === ".." || fromCwd.startsWith(`..${sep}`)) {
    return absolute;
  }
  return isAbsolute(fromCwd) ? absolute : fromCwd;
}
