/**
 * Applying a delta (files written, paths removed) to a directory Tailor
 * wrote, so that a reader of the directory sees the old tree or the new
 * one, whole, never a mix (a watched client must type-check at every
 * instant):
 *
 * - one file written and none removed: the file is written beside its
 *   place and renamed over it, one atomic step; the directory stays;
 * - several files written and none removed, where the caller knows that
 *   any mix of old and new files is as good as either tree (`oneByOne`:
 *   they differ in comments only): each is renamed in so, in turn;
 * - else: a new tree is staged beside the directory, made of hard links to
 *   the unchanged files (a copy where the file system refuses a link) and
 *   the written files, then swapped in for the directory (`tree.ts`).
 *
 * Written files are always new files: a hard-linked inode the old tree
 * shares is never written into.
 *
 * @module
 */

import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import {
  checkOutput,
  type GuardOptions,
  MARKER_FILE,
  OutputError,
} from "./output_guard.ts";
import { startReplacement, writeFiles } from "./tree.ts";

/** What ends the name of a file written beside its place, before its rename. */
const STAGED_SUFFIX = ".tailor-new-";

/** A file a killed run left beside its place (not linked into a new tree). */
const LEFT_STAGED = /\.tailor-new-[0-9a-f]{8}$/;

/** Paths added, changed and removed by a patch, each sorted. */
export interface PatchChanges {
  readonly added: readonly string[];
  readonly changed: readonly string[];
  readonly removed: readonly string[];
}

/**
 * Writes `written` into the directory `target` and removes `removed`
 * (paths relative to it), as one atomic change (or file by file, when
 * `options.oneByOne` says that is as good); gives what changed. Throws
 * an {@link OutputError} (exit code 2) for a directory Tailor may not
 * replace, or (exit code 1) when a write fails: the directory is then as
 * it was.
 */
export async function patchTree(
  target: string,
  written: ReadonlyMap<string, Uint8Array>,
  removed: readonly string[],
  options: GuardOptions & { readonly oneByOne?: boolean } = {},
): Promise<PatchChanges> {
  await checkOutput(target, options);
  let real = target;
  try {
    real = realpathSync(target);
  } catch {
    // Missing: checkOutput allowed it, the writes below say why they fail.
  }
  const gone = removed.filter((path) =>
    path !== MARKER_FILE && !written.has(path) && existsSync(join(real, path))
  ).sort();
  const paths = [...written.keys()].sort();
  const added = paths.filter((path) => !existsSync(join(real, path)));
  const changes = {
    added,
    changed: paths.filter((path) => !added.includes(path)),
    removed: gone,
  };
  if (gone.length === 0 && (written.size === 1 || options.oneByOne)) {
    for (const path of paths) {
      replaceFile(join(real, path), written.get(path)!, target);
    }
    return changes;
  }
  const replacement = await startReplacement(target, options);
  const skipped = new Set([...paths, ...gone, MARKER_FILE]);
  await replacement.fill(() => {
    linkTree(real, replacement.dir, "", skipped);
    writeFiles(replacement.dir, written);
  });
  await replacement.commit();
  return changes;
}

/** Writes `file` whole under another name beside it, then renames it over. */
function replaceFile(file: string, content: Uint8Array, target: string): void {
  const staged = join(
    dirname(file),
    `.${basename(file)}${STAGED_SUFFIX}${crypto.randomUUID().slice(0, 8)}`,
  );
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(staged, content);
    renameSync(staged, file);
  } catch (error) {
    rmSync(staged, { force: true });
    throw new OutputError(
      `cannot write ${target}: ${(error as Error).message}`,
      1,
    );
  }
}

/**
 * Links every file under `from` (below `relative`) into the same place
 * under `to`, but the `skipped` paths; a copy where a link fails. A folder
 * is made only for a file linked into it: one that held only removed files
 * is gone, as from a whole new tree.
 */
function linkTree(
  from: string,
  to: string,
  relative: string,
  skipped: ReadonlySet<string>,
): void {
  const entries = readdirSync(join(from, relative), { withFileTypes: true });
  let made = relative === "";
  for (const entry of entries) {
    const path = relative === "" ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      linkTree(from, to, path, skipped);
    } else if (
      entry.isFile() && !skipped.has(path) && !LEFT_STAGED.test(entry.name)
    ) {
      if (!made) mkdirSync(join(to, relative), { recursive: true });
      made = true;
      try {
        linkSync(join(from, path), join(to, path));
      } catch {
        copyFileSync(join(from, path), join(to, path));
      }
    }
  }
}
