/**
 * `tailor init DIR`: writes a starter server project into a new or empty
 * directory (never over anything that is there).
 *
 * @module
 */

import { dirname, join } from "node:path";
import { type ParsedArgs, UsageError } from "./command.ts";
import { displayPath } from "./paths.ts";
import { starterFiles } from "./starter/starter_files.ts";
import { stdoutStyle } from "./style.ts";
import { VERSION } from "./version.ts";

/** Runs `tailor init`; resolves with the exit status. */
export async function init({ positionals }: ParsedArgs): Promise<number> {
  const dir = positionals[0]!;
  if (!await isNewOrEmpty(dir)) {
    throw new UsageError(
      `tailor init: ${displayPath(dir)} is not empty; give a new directory`,
    );
  }
  const files = starterFiles(VERSION);
  for (const [path, text] of files) {
    const target = join(dir, path);
    await Deno.mkdir(dirname(target), { recursive: true });
    await Deno.writeTextFile(target, text, { createNew: true });
  }
  const shown = displayPath(dir);
  console.log(stdoutStyle().success(`wrote ${files.size} files to ${shown}`));
  console.log(`next:\n  cd ${shown}\n  deno task dev`);
  return 0;
}

/** True when `dir` does not exist or is an empty directory. */
async function isNewOrEmpty(dir: string): Promise<boolean> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(dir);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return true;
    throw error;
  }
  if (!info.isDirectory) return false;
  for await (const _ of Deno.readDir(dir)) return false;
  return true;
}
