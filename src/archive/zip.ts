/**
 * Deterministic ZIP archives.
 *
 * The same files always give the same bytes: entries are sorted by path,
 * every entry carries one fixed timestamp and fixed attributes, and the
 * compression level is fixed.
 *
 * @module
 */

import { type Zippable, zipSync } from "fflate";
import { checkEntryName } from "./entry_name.ts";

/**
 * The timestamp of every entry: 1980-01-01 00:00, the first DOS time. It is
 * local time because ZIP stores local time, so the bytes do not depend on
 * the machine's time zone.
 */
export const ARCHIVE_TIME = new Date(1980, 0, 1, 0, 0, 0);

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
