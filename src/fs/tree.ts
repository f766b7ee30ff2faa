/**
 * Directory trees as maps of relative path -> content: reading them, writing
 * them, and swapping a new tree in for an old one so that a failure never
 * leaves a half-written directory behind.
 *
 * @module
 */

import {
  closeSync,
  constants,
  existsSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import {
  chmod,
  mkdir,
  mkdtemp,
  readdir,
  realpath,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import process from "node:process";
import {
  checkOutput,
  type GuardOptions,
  MARKER_FILE,
  MARKER_TEXT,
  OutputError,
} from "./output_guard.ts";
import { mergeIn, removeEmptyParents } from "./merge_tree.ts";
import type { TreeChanges } from "./tree_changes.ts";

/**
 * Writes `files` under `dir`, after removing the `stale` paths (and the
 * directories they leave empty).
 */
export async function writeTree(
  dir: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  stale: readonly string[] = [],
): Promise<void> {
  for (const path of stale) {
    if (files.has(path)) continue;
    await unlink(join(dir, path)).catch(() => {});
    await removeEmptyParents(dir, dirname(join(dir, path)));
  }
  await mkdir(dir, { recursive: true });
  writeFiles(dir, files, overwriteFile);
}

/**
 * Writes `files` under the existing directory `dir`, creating the
 * directories below it: one mkdir per directory, and synchronous writes (a
 * generated tree has thousands of small files, and each asynchronous call
 * costs a round trip to the runtime's thread pool: about three times the time of
 * the writes). `dir` itself is never created: a staging directory removed
 * while a worker still writes into it (Ctrl-C) is not brought back.
 * `write` writes one file (default: a new file, or one replaced whole).
 */
export function writeFiles(
  dir: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  write: (path: string, content: string | Uint8Array) => void = createFile,
): void {
  const root = resolve(dir);
  const made = new Set<string>([root]);
  const makeDirectory = (path: string): void => {
    if (made.has(path)) return;
    // Watch mode writes into directories that exist: asking costs far less
    // than the error a failed mkdir makes (about 0.5 ms each).
    if (existsSync(path)) {
      made.add(path);
      return;
    }
    makeDirectory(dirname(path));
    try {
      mkdirSync(path);
    } catch (error) {
      if (codeOf(error) !== "EEXIST") throw error;
    }
    made.add(path);
  };
  for (const [path, content] of files) {
    const target = join(root, path);
    makeDirectory(dirname(target));
    write(target, content);
  }
}

function createFile(path: string, content: string | Uint8Array): void {
  writeFileSync(path, content);
}

const ENCODER = new TextEncoder();

/**
 * Where {@link overwriteFile} encodes text: kept from one write to the next,
 * so that watch mode does not leave 18 MB of buffers (`model.json` and
 * `openapi.yml` at 4,000 endpoints) for the garbage collector every edit.
 */
let encoded = new Uint8Array(1 << 16);

/** `text` as UTF-8, in {@link encoded} (valid until the next call). */
function encodeText(text: string): Uint8Array {
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (encoded.length < text.length * 3) {
    encoded = new Uint8Array(text.length * 3);
  }
  const { written } = ENCODER.encodeInto(text, encoded);
  return encoded.subarray(0, written);
}

/**
 * Writes a file over its old content, then cuts it to the new length. The
 * file system reuses the file's blocks instead of freeing them all and
 * allocating them again, as truncating first does: in watch mode at 4,000
 * endpoints, the 12 MB `model.json` is written in 3 ms instead of 15-20.
 */
function overwriteFile(path: string, content: string | Uint8Array): void {
  const bytes = typeof content === "string" ? encodeText(content) : content;
  const file = openSync(path, constants.O_WRONLY | constants.O_CREAT);
  try {
    for (let at = 0; at < bytes.length;) {
      at += writeSync(file, bytes, at);
    }
    ftruncateSync(file, bytes.length);
  } finally {
    closeSync(file);
  }
}

export { readTree, readTreeBytes } from "./read_tree.ts";

/** Prefix of the directories a replacement is staged in, beside the target. */
export const STAGING_PREFIX = ".tailor-new-";

/**
 * Replaces the directory `target` with a tree holding exactly `files` plus
 * the marker file: {@link startReplacement}, the files, then commit.
 */
export async function replaceTree(
  target: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  options: GuardOptions = {},
): Promise<void> {
  const replacement = await startReplacement(target, options);
  await replacement.fill(() => writeFiles(replacement.dir, files));
  await replacement.commit();
}

/**
 * Like {@link replaceTree}, but commits with
 * {@link TreeReplacement.commitChanges}: a target Tailor wrote before keeps
 * its unchanged files. Gives the changes, or undefined when the tree was
 * swapped in whole.
 */
export async function updateTree(
  target: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  options: GuardOptions = {},
): Promise<TreeChanges | undefined> {
  const replacement = await startReplacement(target, options);
  await replacement.fill(() => writeFiles(replacement.dir, files));
  return await replacement.commitChanges();
}

/** A new tree being staged beside the directory it will replace. */
export interface TreeReplacement {
  /** The staging directory: the new tree is written here. */
  readonly dir: string;
  /**
   * Runs `write`, which writes (some of) the tree into {@link dir}, and
   * gives what it returns. On a failure the staging directory is removed
   * and the failure thrown as an {@link OutputError} with exit code 1.
   */
  fill<T>(write: () => T | Promise<T>): Promise<T>;
  /**
   * Renames the staging directory over the target. On a failure the
   * target is left as it was and the staging directory removed (an
   * {@link OutputError} with exit code 1).
   */
  commit(): Promise<void>;
  /**
   * Commits only what changed: when the target is a tree Tailor wrote (it
   * holds the marker file), each new or changed file is moved in by a
   * rename (readers see the old file or the new one, whole), the files
   * the staged tree lacks are removed, and the others are left untouched.
   * Else, or when a step fails, as {@link commit}. Gives the changes, or
   * undefined when the tree was swapped in whole.
   */
  commitChanges(): Promise<TreeChanges | undefined>;
  /** Removes the staging directory; the target stays as it was. */
  abandon(): Promise<void>;
}

/**
 * Starts replacing the directory `target`, after {@link checkOutput}
 * allowed it (else an {@link OutputError} with exit code 2): a new sibling
 * directory holding the marker file, renamed over the old one at commit.
 * Until then, and on any failure or signal (SIGINT, SIGTERM), the old
 * directory is untouched and the staging directory removed. The target's
 * mode is kept; a symbolic link to a directory is written through (the
 * link stays).
 */
export async function startReplacement(
  target: string,
  options: GuardOptions = {},
): Promise<TreeReplacement> {
  await checkOutput(target, options);
  const failed = (error: unknown) =>
    error instanceof OutputError ? error : new OutputError(
      `cannot write ${target}: ${(error as Error).message}`,
      1,
    );
  let real: string;
  let staging: string;
  try {
    real = await realTarget(target);
    const parent = dirname(real);
    await mkdir(parent, { recursive: true });
    await sweepStaging(parent);
    staging = await mkdtemp(join(parent, STAGING_PREFIX));
  } catch (error) {
    throw failed(error);
  }
  try {
    await writeFile(join(staging, MARKER_FILE), MARKER_TEXT);
  } catch (error) {
    await removeAll(staging);
    throw failed(error);
  }
  // A signal while staging drops the staging directory and exits. While a
  // fill runs it waits for the fill to end (a worker thread may be writing
  // into the directory); during the two renames it waits for them, so the
  // target is never left missing.
  let swapping = false;
  let filling = 0;
  let interrupted = false;
  const onSignal = () => {
    if (swapping || filling > 0) {
      interrupted = true;
      return;
    }
    rmSync(staging, { recursive: true, force: true });
    process.exit(130);
  };
  const signals = process.platform === "win32"
    ? []
    : (["SIGINT", "SIGTERM"] as const);
  for (const signal of signals) process.on(signal, onSignal);
  const end = async () => {
    for (const signal of signals) process.off(signal, onSignal);
    await removeAll(staging);
  };
  const swap = async (change: () => Promise<void>) => {
    // The writes are synchronous: a signal that came meanwhile waits for
    // the event loop. Let it run now, before the swap, not be lost after.
    await new Promise((resolve) => setTimeout(resolve, 1));
    try {
      swapping = true;
      await change();
    } catch (error) {
      throw failed(error);
    } finally {
      await end();
    }
    if (interrupted) process.exit(130);
  };
  return {
    dir: staging,
    async fill(write) {
      filling++;
      try {
        return await write();
      } catch (error) {
        await end();
        throw failed(error);
      } finally {
        filling--;
        if (interrupted && filling === 0) {
          await end();
          process.exit(130);
        }
      }
    },
    async commit() {
      await swap(() => swapIn(real, staging));
    },
    async commitChanges() {
      let changes: TreeChanges | undefined;
      await swap(async () => {
        changes = await mergeIn(real, staging);
        if (changes === undefined) await swapIn(real, staging);
      });
      return changes;
    },
    abandon: end,
  };
}

/** Renames `staging` over `target`, putting the old tree back on failure. */
async function swapIn(target: string, staging: string): Promise<void> {
  const retired = `${staging}-old`;
  const mode = await modeOf(target);
  if (mode !== undefined) await chmod(staging, mode);
  let hadOld = mode !== undefined;
  if (hadOld) {
    try {
      await rename(target, retired);
    } catch (error) {
      if (codeOf(error) !== "ENOENT") throw error;
      hadOld = false;
    }
  }
  try {
    await rename(staging, target);
  } catch (error) {
    if (hadOld) await rename(retired, target);
    throw error;
  }
  if (hadOld) await rm(retired, { recursive: true });
}

/** The directory to replace: a link's target, else the path itself. */
async function realTarget(target: string): Promise<string> {
  try {
    return await realpath(target);
  } catch {
    return resolve(target);
  }
}

/** Permission bits of an existing directory, or undefined. */
async function modeOf(dir: string): Promise<number | undefined> {
  try {
    return (await stat(dir)).mode & 0o7777;
  } catch (error) {
    if (codeOf(error) === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * How long a staging directory must have been left alone before a later run
 * takes it for a killed run's: a live run writes its staging directory
 * within seconds, and two runs into one parent (two `generate`s into sibling
 * folders, or tests in `/tmp`) must not remove each other's.
 */
export const STAGING_STALE_MS = 10 * 60 * 1000;

/**
 * Removes staging directories a killed run left in `parent`: only those
 * named like ours that hold our marker and were not touched for
 * {@link STAGING_STALE_MS}.
 */
export async function sweepStaging(
  parent: string,
  now: number = Date.now(),
): Promise<void> {
  for (const entry of await readdir(parent, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith(STAGING_PREFIX)) {
      continue;
    }
    const dir = join(parent, entry.name);
    try {
      await stat(join(dir, MARKER_FILE));
      if (now - (await stat(dir)).mtimeMs < STAGING_STALE_MS) continue;
    } catch {
      continue;
    }
    await removeAll(dir);
  }
}

/** Removes a directory and everything in it; a failure is ignored. */
async function removeAll(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true }).catch(() => {});
}

/** The `code` of a file system error (`ENOENT`, ...), if it has one. */
function codeOf(error: unknown): string | undefined {
  return (error as { code?: string }).code;
}
