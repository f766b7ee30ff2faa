/**
 * TypeScript's compiler (the 9 MB `typescript.js` that `@ts-morph/common`
 * bundles) loaded with V8's code cache of an earlier run, taken after that
 * run's analysis. Deno's own code cache for npm modules is taken before a
 * module runs, so it holds only the compiler's top level: every process
 * compiled the functions of the parser, binder and checker again as they
 * first ran (a second program in the same process is made 3x faster than
 * the first). Taken after a run, the cache holds those functions too:
 * loading the compiler and its first parse cost about half as much.
 *
 * {@link preloadCompiler} runs `typescript.js` with that cache and puts it
 * in Node's module cache, where `@ts-morph/common`'s `require` finds it: it
 * must run before anything imports `@ts-morph/common` (Deno runs an npm
 * package's CommonJS code when it loads the importing graph, before any of
 * its modules runs), so the CLI calls it before its dynamic import of the
 * analysis; where the compiler is loaded already it does nothing. V8 checks
 * that a cache belongs to a source of that length and to itself (version,
 * flags) and rejects it otherwise: the code is then compiled as usual and
 * the cache made again. Nothing else changes: the same code runs, compiled
 * sooner.
 *
 * The cache lives in the user cache (`v8/`), named by the compiler file's
 * path, length and modification time and Deno's V8 version, and is written
 * once, when a run had none (or V8 rejected it):
 * {@link PreloadedCompiler.keep}.
 *
 * @module
 */

import { Buffer } from "node:buffer";
import Module, { createRequire } from "node:module";
import { dirname, join } from "node:path";
import process from "node:process";
import { clearImmediate, setImmediate } from "node:timers";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { keepText, textHash } from "../fs/cached_text.ts";
import { cacheDir } from "../typecheck/cache_dir.ts";

/** Node's CommonJS wrapper, with the Node globals Deno gives npm code. */
const PARAMETERS = [
  "exports",
  "require",
  "module",
  "__filename",
  "__dirname",
  "Buffer",
  "global",
  "process",
  "setImmediate",
  "clearImmediate",
];

/** Node's module cache (`require.cache`), by absolute file path. */
const MODULE_CACHE = (Module as unknown as {
  _cache: Record<string, unknown>;
})._cache;

/** The compiler, loaded; {@link keep} writes its code cache when needed. */
export interface PreloadedCompiler {
  /** The compiler's exports: what `@ts-morph/common` exports as `ts`. */
  readonly compiler: unknown;
  /** Whether a code cache was read and V8 accepted it. */
  readonly cached: boolean;
  /**
   * Writes the code cache for the next run, unless an accepted one was read
   * or it was written already.
   */
  keep(): void;
}

/** The compiler's source and the code cache of an earlier run, read. */
export interface CompilerFiles {
  readonly path: string;
  readonly source: string;
  /** Where the code cache is kept. */
  readonly kept: string;
  readonly cachedData: Uint8Array | undefined;
}

/**
 * Loads the compiler `@ts-morph/common` bundles with the code cache of an
 * earlier run, for `@ts-morph/common` to use; undefined (nothing done) when
 * the compiler is loaded already or is not a local file:
 * {@link readCompiler}, then {@link runCompiler}.
 */
export async function preloadCompiler(
  cache?: string,
): Promise<PreloadedCompiler | undefined> {
  return runCompiler(await readCompiler(cache));
}

/**
 * Reads the compiler's source and its code cache (in `cache`, default the
 * user cache's `v8/`), without running anything: the CLI reads them while
 * it finds the sources. Undefined when the compiler is loaded already, is
 * not a local file or cannot be read; never rejects.
 */
export async function readCompiler(
  cache?: string,
): Promise<CompilerFiles | undefined> {
  try {
    const path = compilerPath();
    if (path === undefined || MODULE_CACHE[path] !== undefined) {
      return undefined;
    }
    const [source, info] = await Promise.all([
      Deno.readTextFile(path),
      Deno.stat(path),
    ]);
    // V8 checks a cache against the source's length, not its text: the
    // file's modification time tells a file changed in place.
    const version = `${source.length}-${info.mtime?.getTime() ?? 0}`;
    const kept = join(
      cache ?? join(cacheDir(), "v8"),
      `typescript-${textHash(path)}-${version}-${Deno.version.v8}.bin`,
    );
    const cachedData = await Deno.readFile(kept).catch(() => undefined);
    return { path, source, kept, cachedData };
  } catch {
    return undefined;
  }
}

/**
 * Runs the compiler {@link readCompiler} read, with its code cache, and
 * puts it in Node's module cache; synchronous (about 35 ms: the CLI calls
 * it once the type check runs, so that it does not delay the check).
 */
export function runCompiler(
  files: CompilerFiles | undefined,
): PreloadedCompiler | undefined {
  // Loaded meanwhile (an import while the files were read): leave it.
  if (files === undefined || MODULE_CACHE[files.path] !== undefined) {
    return undefined;
  }
  const { path, source, kept, cachedData } = files;
  const script = new vm.Script(
    `(function (${PARAMETERS.join(", ")}) {${source}\n})`,
    { filename: path, ...(cachedData === undefined ? {} : { cachedData }) },
  );
  const module = new Module.Module(path);
  module.filename = path;
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(
    module.exports,
    module.exports,
    createRequire(path),
    module,
    path,
    dirname(path),
    Buffer,
    globalThis,
    process,
    setImmediate,
    clearImmediate,
  );
  module.loaded = true;
  MODULE_CACHE[path] = module;
  const accepted = cachedData !== undefined && !script.cachedDataRejected;
  let written = accepted;
  return {
    compiler: module.exports,
    cached: accepted,
    keep() {
      if (written) return;
      written = true;
      keepText(kept, script.createCachedData());
    },
  };
}

/** `typescript.js` beside `@ts-morph/common`'s main file, when local. */
function compilerPath(): string | undefined {
  let main: URL;
  try {
    main = new URL(import.meta.resolve("@ts-morph/common"));
  } catch {
    return undefined;
  }
  if (main.protocol !== "file:") return undefined;
  return fileURLToPath(new URL("./typescript.js", main));
}
