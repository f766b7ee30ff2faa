/**
 * Deterministic ZIP archives and safe extraction.
 *
 * The same files always give the same bytes: entries are sorted by path,
 * every entry carries one fixed timestamp and fixed attributes, and the
 * compression level is fixed.
 *
 * @module
 */

import { unzipSync, type Zippable, zipSync } from "fflate";

/**
 * The timestamp of every entry: 1980-01-01 00:00, the first DOS time. It is
 * local time because ZIP stores local time, so the bytes do not depend on
 * the machine's time zone.
 */
export const ARCHIVE_TIME = new Date(1980, 0, 1, 0, 0, 0);

/** An archive that cannot be extracted safely. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveError";
  }
}

/** Files to archive: relative path -> text or bytes. */
export type ArchiveFiles = ReadonlyMap<string, string | Uint8Array>;

const encoder = new TextEncoder();

/** Builds a ZIP archive of the files, byte-identical for identical input. */
export function createZip(files: ArchiveFiles): Uint8Array {
  const entries: Zippable = {};
  for (const path of [...files.keys()].sort()) {
    checkEntryName(path);
    const content = files.get(path)!;
    entries[path] = [
      typeof content === "string" ? encoder.encode(content) : content,
      { level: 6, mtime: ARCHIVE_TIME, os: 3, attrs: 0o100644 << 16 },
    ];
  }
  return zipSync(entries);
}

/**
 * Reads every entry of a ZIP archive, refusing entries that would escape the
 * extraction directory (absolute paths, `..`, backslashes, drive letters),
 * duplicates, and archives that are not ZIP at all.
 */
export function readZip(bytes: Uint8Array): Map<string, Uint8Array> {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw new ArchiveError(
      `not a valid ZIP archive: ${(error as Error).message}`,
    );
  }
  const files = new Map<string, Uint8Array>();
  for (const [name, content] of Object.entries(entries)) {
    if (name.endsWith("/")) {
      checkEntryName(name.slice(0, -1));
      continue;
    }
    checkEntryName(name);
    files.set(name, content);
  }
  return files;
}

/** Throws ArchiveError unless `name` is a plain relative path. */
export function checkEntryName(name: string): void {
  const parts = name.split("/");
  if (
    name === "" || name.startsWith("/") || name.includes("\\") ||
    /^[A-Za-z]:/.test(name) || name.includes("\0") ||
    parts.some((part) => part === "" || part === "." || part === "..")
  ) {
    throw new ArchiveError(
      `unsafe entry name in archive: ${JSON.stringify(name)}`,
    );
  }
}
