/**
 * What the formatter made of a generated file, kept in the user cache from
 * one run to the next: a run whose files would format as a last one's did
 * neither loads the formatter's Wasm nor formats (on the bookstore, a third
 * of a `generate --target ts --skip-type-check`). An entry is named by a
 * hash of the text given to the formatter and holds that text and the
 * formatted one; it is used only when the text is the same, so a hash
 * collision or a damaged entry costs a formatting, never a wrong file.
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
  readonly #dir: string;

  /**
   * `dir` holds the entries of one formatter (default: the user cache's
   * `format/` for the formatter at `pluginPath`).
   */
  constructor(dir: string) {
    this.#dir = dir;
  }

  /** The cache of the formatter whose Wasm is at `pluginPath`. */
  static forPlugin(pluginPath: string): FormatCache {
    return new FormatCache(
      join(cacheDir(), "format", `${FORMAT}-${textHash(pluginPath)}`),
    );
  }

  /** What `text` was formatted to, when kept. */
  get(text: string): string | undefined {
    const kept = readKept(this.#entry(text));
    if (kept === undefined) return undefined;
    const newline = kept.indexOf("\n");
    const length = Number(kept.slice(0, newline));
    const start = newline + 1;
    if (newline === -1 || length !== text.length) return undefined;
    if (kept.slice(start, start + length) !== text) return undefined;
    return kept.slice(start + length);
  }

  /** Keeps what `text` was formatted to. */
  set(text: string, formatted: string): void {
    keepText(this.#entry(text), `${text.length}\n${text}${formatted}`);
  }

  #entry(text: string): string {
    return join(this.#dir, `${textHash(text)}-${text.length}.ts.txt`);
  }
}
