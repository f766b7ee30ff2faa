/**
 * What the formatter made of a generated file, kept in the user cache from
 * one run to the next: a run whose files would format as a last one's did
 * neither loads the formatter's Wasm nor formats (on the bookstore, a third
 * of a `generate --target ts --skip-type-check`). A file has one entry,
 * named by a hash of its path and first line (the generated header, which
 * names the project), holding the text given to the formatter and the
 * formatted one: a new text replaces it, so the cache does not grow with
 * every edit, and it is used only when the text is the same, so a damaged
 * entry or a hash collision costs a formatting, never a wrong file.
 *
 * @module
 */

import { join } from "node:path";
import { keepText, readKept, textHash } from "../../fs/cached_text.ts";
import { cacheDir } from "../../typecheck/cache_dir.ts";

/** Bumped when the formatter's configuration or an entry's layout changes. */
const FORMAT = 1;

/** Formatted texts kept in a directory, by the text they were made from. */
export class FormatCache {
  readonly #dir: string | undefined;

  /** `dir` holds the entries of one formatter (none: nothing is kept). */
  constructor(dir: string | undefined) {
    this.#dir = dir;
  }

  /**
   * The cache of the formatter whose Wasm is at `pluginPath`, in the user
   * cache's `format/`: named by that file's path, size and modification
   * time, so another formatter never reads this one's entries.
   */
  static forPlugin(pluginPath: string): FormatCache {
    let stamp = "";
    try {
      const info = Deno.statSync(pluginPath);
      stamp = `${info.size}-${info.mtime?.getTime() ?? 0}`;
    } catch {
      // Unreadable: the formatter will say so when it is loaded.
    }
    const formatter = textHash(`${pluginPath}\n${stamp}`);
    let base: string;
    try {
      base = cacheDir();
    } catch {
      // No access to the environment: no user cache, nothing kept.
      return new FormatCache(undefined);
    }
    return new FormatCache(join(base, "format", `${FORMAT}-${formatter}`));
  }

  /** What `text` of the file at `path` was formatted to, when kept. */
  get(path: string, text: string): string | undefined {
    const entry = this.#entry(path, text);
    const kept = entry === undefined ? undefined : readKept(entry);
    if (kept === undefined) return undefined;
    const newline = kept.indexOf("\n");
    const length = Number(kept.slice(0, newline));
    const start = newline + 1;
    if (newline === -1 || length !== text.length) return undefined;
    if (kept.slice(start, start + length) !== text) return undefined;
    return kept.slice(start + length);
  }

  /** Keeps what `text` of the file at `path` was formatted to. */
  set(path: string, text: string, formatted: string): void {
    const entry = this.#entry(path, text);
    if (entry !== undefined) {
      keepText(entry, `${text.length}\n${text}${formatted}`);
    }
  }

  #entry(path: string, text: string): string | undefined {
    if (this.#dir === undefined) return undefined;
    const end = text.indexOf("\n");
    const header = end === -1 ? text : text.slice(0, end);
    return join(this.#dir, `${textHash(`${path}\n${header}`)}.ts.txt`);
  }
}
