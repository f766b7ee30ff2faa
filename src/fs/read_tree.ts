/**
 * Reading a directory tree back as a map of relative path -> content.
 *
 * @module
 */

import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep as SEPARATOR } from "node:path";

/** Reads every file under `dir` as text, keyed by `/`-separated relative path. */
export async function readTree(dir: string): Promise<Map<string, string>> {
  return await walkTree(dir, (path) => readFile(path, "utf8"));
}

/** Reads every file under `dir` as bytes, keyed as {@link readTree} keys. */
export async function readTreeBytes(
  dir: string,
): Promise<Map<string, Uint8Array>> {
  return await walkTree(dir, (path) => readFile(path));
}

async function walkTree<T>(
  dir: string,
  read: (path: string) => Promise<T>,
): Promise<Map<string, T>> {
  const files = new Map<string, T>();
  async function walk(current: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch (error) {
      if (codeOf(error) === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) {
        files.set(
          relative(dir, path).split(SEPARATOR).join("/"),
          await read(path),
        );
      }
    }
  }
  await walk(dir);
  return new Map([...files].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0));
}

/** The `code` of a file system error (`ENOENT`, ...), if it has one. */
function codeOf(error: unknown): string | undefined {
  return (error as { code?: string }).code;
}
