/**
 * Provenance of an analysis: what it learned about each source file beyond
 * the model, so that watch mode can read again only the files an edit
 * touched and merge the rest from the last run (see incremental.ts).
 *
 * @module
 */

import type { Diagnostic } from "../model/diagnostic.ts";

/** What one analysis learned per file (absolute paths). */
export interface Provenance {
  /** Files with a class carrying `@EnableImplicitApi()`. */
  readonly implicitFiles: ReadonlySet<string>;
  /**
   * Groups named by each file's controllers, with those of controllers left
   * without operations (the model's `groups` lists them too).
   */
  readonly groupsByFile: ReadonlyMap<string, readonly string[]>;
  /**
   * Warnings reported while a file's controllers were read, or, outside the
   * controllers, at the file.
   */
  readonly warningsByFile: ReadonlyMap<string, readonly Diagnostic[]>;
  /** Claimed client-side names (`space:name`) -> declaration (`path#pos`). */
  readonly claims: ReadonlyMap<string, string>;
}

/** Collects a {@link Provenance} while an analysis runs. */
export class ProvenanceRecorder {
  readonly #root: string;
  readonly #implicitFiles = new Set<string>();
  readonly #groups = new Map<string, Set<string>>();
  readonly #warnings = new Map<string, Diagnostic[]>();

  /** Warnings name files relative to `root`. */
  constructor(root: string) {
    this.#root = root;
  }

  /** Records files with `@EnableImplicitApi()`. */
  implicit(files: Iterable<string>): void {
    for (const file of files) this.#implicitFiles.add(file);
  }

  /** Records groups named by the controllers of `file`. */
  groups(file: string, names: Iterable<string>): void {
    let set = this.#groups.get(file);
    if (set === undefined) this.#groups.set(file, set = new Set());
    for (const name of names) set.add(name);
  }

  /** Records warnings reported while `file` was read. */
  warnings(file: string, warnings: readonly Diagnostic[]): void {
    if (warnings.length === 0) return;
    let list = this.#warnings.get(file);
    if (list === undefined) this.#warnings.set(file, list = []);
    list.push(...warnings);
  }

  /** Records warnings under the file each one is at. */
  warningsAtTheirFiles(warnings: readonly Diagnostic[]): void {
    for (const warning of warnings) {
      this.warnings(`${this.#root}/${warning.file}`, [warning]);
    }
  }

  /** The provenance recorded, with the names claimed. */
  finish(claims: ReadonlyMap<string, string>): Provenance {
    return {
      implicitFiles: new Set(this.#implicitFiles),
      groupsByFile: new Map(
        [...this.#groups].map(([file, names]) => [file, [...names]]),
      ),
      warningsByFile: new Map(this.#warnings),
      claims,
    };
  }
}
