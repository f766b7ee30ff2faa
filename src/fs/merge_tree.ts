/**
 * Committing a staged tree by moving in only the files that changed, so
 * that a second `generate` leaves untouched what it would write again.
 *
 * @module
 */

import { copyFile, mkdir, rename, rmdir, stat, unlink } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { MARKER_FILE } from "./output_guard.ts";
import { readTreeBytes } from "./read_tree.ts";
import { type TreeChanges, treeChanges } from "./tree_changes.ts";

/** Suffix of a changed file's copy beside its place, before its rename. */
const COPY_SUFFIX = ".tailor-new";

/**
 * Moves into `target` the files of `staging` that differ from the target's,
 * and removes the target's files that `staging` lacks; `staging` stays
 * whole (each file is copied beside its place, then renamed over it).
 * Undefined, with nothing done, when `target` holds no marker file; also
 * when a step fails, after which the target holds, file by file, the old
 * content or the new one and must be swapped whole.
 */
export async function mergeIn(
  target: string,
  staging: string,
): Promise<TreeChanges | undefined> {
  try {
    await stat(join(target, MARKER_FILE));
  } catch {
    return undefined;
  }
  try {
    const [old, next] = await Promise.all([
      readTreeBytes(target),
      readTreeBytes(staging),
    ]);
    const changes = treeChanges(old, next);
    for (const path of changes.written) {
      const to = join(target, path);
      const copy = `${to}${COPY_SUFFIX}`;
      await mkdir(dirname(to), { recursive: true });
      await copyFile(join(staging, path), copy);
      await rename(copy, to);
    }
    for (const path of changes.removed) {
      await unlink(join(target, path));
      await removeEmptyParents(target, dirname(join(target, path)));
    }
    return changes;
  } catch {
    return undefined;
  }
}

/**
 * Removes `dir` and then each parent up to `root` (excluded) while they are
 * empty.
 */
export async function removeEmptyParents(
  root: string,
  dir: string,
): Promise<void> {
  let current = dir;
  while (
    relative(root, current) !== "" && !relative(root, current).startsWith("..")
  ) {
    try {
      await rmdir(current);
    } catch {
      return;
    }
    current = dirname(current);
  }
}
