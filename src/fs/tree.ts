/**
 * Directory trees as maps of relative path -> content: reading them, writing
 * them, and swapping a new tree in for an old one so that a failure never
 * leaves a half-written directory behind.
 *
 * @module
 */

import { dirname, join, relative, sep as SEPARATOR } from "node:path";

/** Reads every file under `dir` as text, keyed by `/`-separated relative path. */
export async function readTree(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  async function walk(current: string): Promise<void> {
    let entries: Deno.DirEntry[];
    try {
      entries = await Array.fromAsync(Deno.readDir(current));
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory) await walk(path);
      else if (entry.isFile) {
        files.set(
          relative(dir, path).split(SEPARATOR).join("/"),
          await Deno.readTextFile(path),
        );
      }
    }
  }
  await walk(dir);
  return new Map([...files].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0));
}

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
    await Deno.remove(join(dir, path)).catch(() => {});
    await removeEmptyParents(dir, dirname(join(dir, path)));
  }
  for (const [path, content] of files) {
    const target = join(dir, path);
    await Deno.mkdir(dirname(target), { recursive: true });
    if (typeof content === "string") await Deno.writeTextFile(target, content);
    else await Deno.writeFile(target, content);
  }
}

async function removeEmptyParents(root: string, dir: string): Promise<void> {
  let current = dir;
  while (
    relative(root, current) !== "" && !relative(root, current).startsWith("..")
  ) {
    try {
      await Deno.remove(current);
    } catch {
      return;
    }
    current = dirname(current);
  }
}

/**
 * Replaces the directory `target` with a tree holding exactly `files`.
 * The files are first written to a new sibling directory, which is then
 * renamed over the old one; on any failure the old directory is untouched.
 */
export async function replaceTree(
  target: string,
  files: ReadonlyMap<string, string | Uint8Array>,
): Promise<void> {
  const parent = dirname(target);
  await Deno.mkdir(parent, { recursive: true });
  const staging = await Deno.makeTempDir({
    dir: parent,
    prefix: ".tailor-new-",
  });
  const retired = `${staging}-old`;
  try {
    await writeTree(staging, files);
    let hadOld = true;
    try {
      await Deno.rename(target, retired);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      hadOld = false;
    }
    try {
      await Deno.rename(staging, target);
    } catch (error) {
      if (hadOld) await Deno.rename(retired, target);
      throw error;
    }
    if (hadOld) await Deno.remove(retired, { recursive: true });
  } finally {
    await Deno.remove(staging, { recursive: true }).catch(() => {});
  }
}
