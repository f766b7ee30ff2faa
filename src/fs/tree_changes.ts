/**
 * What turns one generated tree into another: the files to write and the
 * files to remove. `generate` and `generate --watch` write only these, so
 * watchers, HMR and build caches see no change that is not there.
 *
 * @module
 */

import { Buffer } from "node:buffer";

/** A tree's files: text, or bytes (the page's assets, files read back). */
export type TreeFiles = ReadonlyMap<string, string | Uint8Array>;

/** The paths that differ between two trees, each list sorted. */
export interface TreeChanges {
  /** Paths new in the next tree or with other content. */
  readonly written: readonly string[];
  /** Paths the next tree no longer has. */
  readonly removed: readonly string[];
}

/** The paths to write and to remove to turn `previous` into `next`. */
export function treeChanges(previous: TreeFiles, next: TreeFiles): TreeChanges {
  const written: string[] = [];
  for (const [path, content] of next) {
    const old = previous.get(path);
    if (old === undefined || !sameContent(old, content)) written.push(path);
  }
  const removed = [...previous.keys()].filter((path) => !next.has(path));
  return { written: written.sort(), removed: removed.sort() };
}

const ENCODER = new TextEncoder();

/** Whether two contents are the same bytes (text compared as UTF-8). */
function sameContent(a: string | Uint8Array, b: string | Uint8Array): boolean {
  if (a === b) return true;
  if (typeof a === "string" && typeof b === "string") return false;
  const left = typeof a === "string" ? ENCODER.encode(a) : a;
  const right = typeof b === "string" ? ENCODER.encode(b) : b;
  return Buffer.compare(left, right) === 0;
}

/**
 * The line a command prints after writing `count` files into `out`: how
 * many it wrote, or, for `changes` (undefined: the tree was written
 * whole), how many it wrote and removed.
 */
export function writtenLine(
  out: string,
  count: number,
  changes: TreeChanges | undefined,
): string {
  if (changes === undefined) return `wrote ${count} files to ${out}`;
  return `updated ${out}: ${changes.written.length} written, ${changes.removed.length} removed`;
}
