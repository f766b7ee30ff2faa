/**
 * The type check of a server project (TAILOR018): `tsgo` when the project
 * is plain TypeScript, `deno check` otherwise and whenever `tsgo` finds an
 * error, so every reported error is `deno check`'s, in its words. Both keep
 * build information in a cache, so a check after a small edit is quick.
 *
 * @module
 */

import type { Diagnostic } from "../model/diagnostic.ts";
import { cacheDir, projectCacheDir } from "./cache_dir.ts";
import { denoCheck } from "./deno_check.ts";
import { plainProject } from "./plain_project.ts";
import {
  denoGlobalsFile,
  startTsgo,
  tsgoExecutable,
  type TsgoRun,
} from "./tsgo.ts";

/** A started type check. */
export interface TypeCheck {
  /** The type errors, as `deno check` reports them. */
  readonly diagnostics: Promise<Diagnostic[]>;
}

/** Options of {@link startTypeCheck}. */
export interface TypeCheckOptions {
  /** Where `tsgo`'s files go (default: {@link cacheDir}). */
  readonly cacheDir?: string;
}

/**
 * Starts type-checking `files` of the project at `root` (absolute paths, or
 * relative to `root`); resolves once the checker runs in its own process, so
 * that the caller's work overlaps it.
 */
export async function startTypeCheck(
  root: string,
  files: readonly string[],
  options: TypeCheckOptions = {},
): Promise<TypeCheck> {
  if (files.length === 0) return { diagnostics: Promise.resolve([]) };
  const tsgo = await startPlainCheck(root, files, options.cacheDir);
  if (tsgo === undefined) return { diagnostics: denoCheck(root, files) };
  return {
    diagnostics: tsgo.passes.then((passes) =>
      passes ? [] : denoCheck(root, files)
    ),
  };
}

/** `tsgo` on a plain project, or undefined when only `deno check` fits. */
async function startPlainCheck(
  root: string,
  files: readonly string[],
  cache = cacheDir(),
): Promise<TsgoRun | undefined> {
  try {
    const [exe, plain, globalsFile, workDir] = await Promise.all([
      tsgoExecutable(),
      plainProject(root, files),
      denoGlobalsFile(cache),
      projectCacheDir(cache, root),
    ]);
    if (exe === undefined || plain === undefined) return undefined;
    return await startTsgo(exe, { ...plain, globalsFile, workDir });
  } catch {
    // No tsgo here (unsupported platform, no package, no cache): deno check.
    return undefined;
  }
}
