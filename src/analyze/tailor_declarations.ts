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
import { keepText, readKept, textHash } from "../fs/cached_text.ts";
import { isTailorPackage } from "./symbols.ts";

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
 * True for a module of a Tailor package's published source: `runtime.ts`,
 * `mod.ts` and `src/**` (tests, test helpers and test data left out), at
 * an absolute `/`-separated path. The package is this Tailor (`root`), or
 * another checkout or version of it that a project imports (a folder whose
 * `deno.json` or `package.json` is named `@tailor/tailor`, as `symbols.ts`
 * knows Tailor's names): a CLI and a project need not use the same copy,
 * and reading the other one whole cost the bookstore's run 80 ms.
 */
export function isTailorModule(
  path: string,
  root: string | undefined = PACKAGE_ROOT,
): boolean {
  const base = root !== undefined && path.startsWith(root)
    ? root
    : otherTailorRoot(path);
  if (base === undefined) return false;
  const inside = path.slice(base.length);
  if (inside === "runtime.ts" || inside === "mod.ts") return true;
  return inside.startsWith("src/") && inside.endsWith(".ts") &&
    !inside.endsWith(".d.ts") && !/[._]test\.ts$/.test(inside) &&
    !inside.startsWith("src/testing/") && !inside.includes("/testdata/");
}

/**
 * The root (ending in `/`) of the Tailor package `path` could be published
 * from: the folder of a `runtime.ts` or `mod.ts`, or one above a `src/`.
 */
function otherTailorRoot(path: string): string | undefined {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const candidates: string[] = [];
  if (name === "runtime.ts" || name === "mod.ts") {
    candidates.push(path.slice(0, path.length - name.length));
  }
  for (
    let at = path.indexOf("/src/");
    at > 0;
    at = path.indexOf("/src/", at + 1)
  ) {
    candidates.push(path.slice(0, at + 1));
  }
  return candidates.find((dir) =>
    dir.length > 1 && isTailorPackage(dir.slice(0, -1))
  );
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
      `${basename(path, ".ts")}-${FORMAT}-${
        textHash(source)
      }-${source.length}.txt`,
    );
    const read = readKept(kept);
    if (read !== undefined) return read;
    const emitted = ts.transpileDeclaration(source, {
      fileName: path,
      reportDiagnostics: true,
      compilerOptions: TAILOR_OPTIONS,
    });
    const text = (emitted.diagnostics?.length ?? 0) > 0
      ? source
      : emitted.outputText;
    keepText(kept, text);
    return text;
  }
}
