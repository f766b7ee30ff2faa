/**
 * Tailor's own modules as the analysis reads them: their declarations, not
 * their code. A project imports Tailor's runtime (`runtime.ts`) and often
 * its store (`src/store/mod.ts`): about 190 KB of source with function
 * bodies, more than TypeScript's own `lib` files, parsed and bound on every
 * run although the analysis only ever needs their declared types. Their
 * declaration text (`ts.transpileDeclaration`: the exported API keeps no
 * slow types, so each file's declarations come from it alone) is less than
 * half of it, and without bodies; a bookstore run spends about 40 % less in
 * making its program and checker.
 *
 * A file keeps its path, so Tailor's names are recognized by identity as
 * before (`symbols.ts`). Emitting declarations costs more than parsing, so
 * each file's declaration text is kept in the user cache (beside the type
 * check's), named by a hash of the source text, the compiler's version and
 * {@link FORMAT}: an edited file is emitted again, an unchanged one is read.
 * A file whose declarations need more than the file (an export without a
 * declared type) is read whole, and that is kept too.
 *
 * @module
 */

import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ts } from "./compiler.ts";
import { cacheDir } from "../typecheck/cache_dir.ts";

/** Bumped when what is kept for a file changes meaning. */
const FORMAT = 1;

/** Compiler options of Tailor's own sources (its deno.json). */
const TAILOR_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ESNext,
  module: ts.ModuleKind.ESNext,
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
};

/** This Tailor's package root, `/`-separated, ending in `/`; none remote. */
const PACKAGE_ROOT = packageRoot();

function packageRoot(): string | undefined {
  const url = new URL("../../", import.meta.url);
  if (url.protocol !== "file:") return undefined;
  let path = fileURLToPath(url);
  try {
    path = Deno.realPathSync(path);
  } catch {
    // Not on a real file system: keep the computed path.
  }
  path = path.replaceAll("\\", "/");
  return path.endsWith("/") ? path : `${path}/`;
}

/**
 * True for a module of this Tailor's published source: `runtime.ts`,
 * `mod.ts` and `src/**` (tests, test helpers and test data left out), at
 * an absolute `/`-separated path.
 */
export function isTailorModule(
  path: string,
  root: string | undefined = PACKAGE_ROOT,
): boolean {
  if (root === undefined || !path.startsWith(root)) return false;
  const inside = path.slice(root.length);
  if (inside === "runtime.ts" || inside === "mod.ts") return true;
  return inside.startsWith("src/") && inside.endsWith(".ts") &&
    !inside.endsWith(".d.ts") && !/[._]test\.ts$/.test(inside) &&
    !inside.startsWith("src/testing/") && !inside.includes("/testdata/");
}

/**
 * The declaration texts of Tailor's modules, kept in `dir` (default: the
 * user cache's `declarations/` for this compiler version).
 */
export class TailorDeclarations {
  readonly #dir: string;

  constructor(
    dir: string = join(cacheDir(), "declarations", `ts-${ts.version}`),
  ) {
    this.#dir = dir;
  }

  /**
   * The text the analysis parses for the Tailor module at `path` whose
   * source is `source`: its declarations, or `source` when they need more
   * than the file.
   */
  textOf(path: string, source: string): string {
    const kept = join(
      this.#dir,
      `${basename(path, ".ts")}-${FORMAT}-${hash(source)}-${source.length}.txt`,
    );
    try {
      return Deno.readTextFileSync(kept);
    } catch {
      // Not kept yet (or unreadable): emitted below.
    }
    const emitted = ts.transpileDeclaration(source, {
      fileName: path,
      reportDiagnostics: true,
      compilerOptions: TAILOR_OPTIONS,
    });
    const text = (emitted.diagnostics?.length ?? 0) > 0
      ? source
      : emitted.outputText;
    keep(kept, text);
    return text;
  }
}

/**
 * Writes `text` to `path` through a temporary file, so that a process
 * reading it never sees part of it. A cache that cannot be written (a
 * read-only home) only makes the next run emit again.
 */
function keep(path: string, text: string): void {
  const temp = `${path}.${Deno.pid}.tmp`;
  try {
    Deno.mkdirSync(join(path, ".."), { recursive: true });
    Deno.writeTextFileSync(temp, text);
    Deno.renameSync(temp, path);
  } catch {
    try {
      Deno.removeSync(temp);
    } catch {
      // Never written.
    }
  }
}

/**
 * cyrb53, a 53-bit string hash (public domain), as 14 hex digits: with the
 * length, enough to tell two versions of one file apart.
 */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16)
    .padStart(14, "0");
}
