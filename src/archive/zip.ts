/**
 * Deterministic ZIP archives.
 *
 * The same files always give the same bytes: entries are sorted by path,
 * every entry carries one fixed timestamp and fixed attributes, and the
 * compression level is fixed. The layout is fflate's `zipSync` (each entry
 * deflated by fflate at level 6), byte for byte; `zip_test.ts` holds the
 * two side by side.
 *
 * A {@link ZipEntryCache} keeps each entry's compressed bytes by content,
 * so that an archive made again after a small change (watch mode) deflates
 * only the files that changed and copies the others.
 *
 * @module
 */

import { crc32 } from "node:zlib";
import { deflateSync } from "fflate";
import { checkEntryName } from "./entry_name.ts";

/**
 * The timestamp of every entry: 1980-01-01 00:00, the first DOS time. It is
 * local time because ZIP stores local time, so the bytes do not depend on
 * the machine's time zone.
 */
export const ARCHIVE_TIME = new Date(1980, 0, 1, 0, 0, 0);

/** Files to archive: relative path -> text or bytes. */
export type ArchiveFiles = ReadonlyMap<string, string | Uint8Array>;

/** The deflate level of every entry. */
const LEVEL = 6;

/** Unix regular file, `rw-r--r--`, in the external attributes' high half. */
const ATTRIBUTES = 0o100644 << 16;

/** "Version made by": ZIP 2.0 on Unix (3). */
const MADE_BY = (3 << 8) | 20;

/** The DOS date and time of {@link ARCHIVE_TIME}, as one 32-bit field. */
const DOS_TIME = ((ARCHIVE_TIME.getFullYear() - 1980) << 25) |
  ((ARCHIVE_TIME.getMonth() + 1) << 21) | (ARCHIVE_TIME.getDate() << 16) |
  (ARCHIVE_TIME.getHours() << 11) | (ARCHIVE_TIME.getMinutes() << 5) |
  (ARCHIVE_TIME.getSeconds() >> 1);

const encoder = new TextEncoder();

/** One file's data as stored: its CRC32, size and deflated bytes. */
interface StoredData {
  readonly crc: number;
  readonly size: number;
  readonly deflated: Uint8Array;
}

/**
 * Compressed entries kept from one archive to the next, by content: an
 * entry whose text (or bytes object) was in the last archive made with
 * this cache is copied, not deflated again. Only the last archive's
 * entries are kept.
 */
export class ZipEntryCache {
  #last = new Map<string | Uint8Array, StoredData>();
  #next = new Map<string | Uint8Array, StoredData>();

  /** The stored data of `content`, deflated unless kept. */
  stored(content: string | Uint8Array): StoredData {
    const data = this.#next.get(content) ?? this.#last.get(content) ??
      store(content);
    this.#next.set(content, data);
    return data;
  }

  /** Ends one archive: the entries it did not use are dropped. */
  done(): void {
    this.#last = this.#next;
    this.#next = new Map();
  }
}

/** Deflates one file's content as `zipSync` does. */
function store(content: string | Uint8Array): StoredData {
  const bytes = typeof content === "string" ? encoder.encode(content) : content;
  return {
    crc: crc32(bytes) >>> 0,
    size: bytes.length,
    deflated: deflateSync(bytes, { level: LEVEL }),
  };
}

/** One entry's header fields. */
interface HeaderEntry extends StoredData {
  readonly name: Uint8Array;
  /** Whether the name needs the UTF-8 flag (it is not ASCII). */
  readonly utf8: boolean;
}

/**
 * Builds a ZIP archive of the files, byte-identical for identical input;
 * `cache` (watch mode) reuses entries compressed for an earlier archive.
 */
export function createZip(
  files: ArchiveFiles,
  cache: ZipEntryCache = new ZipEntryCache(),
): Uint8Array {
  const entries: HeaderEntry[] = entryOrder(files).map((path) => {
    checkEntryName(path);
    const name = encoder.encode(path);
    if (name.length > 0xffff) {
      throw new RangeError(`entry name longer than 65535 bytes: ${path}`);
    }
    return {
      name,
      utf8: name.length !== path.length,
      ...cache.stored(files.get(path)!),
    };
  });
  cache.done();
  let local = 0;
  let central = 0;
  for (const entry of entries) {
    local += 30 + entry.name.length + entry.deflated.length;
    central += 46 + entry.name.length;
  }
  const out = new Uint8Array(local + central + 22);
  const view = new DataView(out.buffer);
  let at = 0;
  const offsets: number[] = [];
  for (const entry of entries) {
    offsets.push(at);
    at = writeHeader(view, out, at, entry);
    out.set(entry.deflated, at);
    at += entry.deflated.length;
  }
  entries.forEach((entry, i) => {
    at = writeHeader(view, out, at, entry, offsets[i]!);
  });
  // End of central directory: one disk, no comment.
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, entries.length, true);
  view.setUint16(at + 10, entries.length, true);
  view.setUint32(at + 12, central, true);
  view.setUint32(at + 16, local, true);
  return out;
}

/**
 * The paths in the order `zipSync` writes them: sorted, as the keys of an
 * object built in that order (integer-like keys come first, by value).
 */
function entryOrder(files: ArchiveFiles): string[] {
  const keys: Record<string, true> = {};
  for (const path of [...files.keys()].sort()) keys[path] = true;
  return Object.keys(keys);
}

/**
 * Writes a local file header at `at`, or a central directory header when
 * `localOffset` is given; gives the offset after it.
 */
function writeHeader(
  view: DataView,
  out: Uint8Array,
  at: number,
  entry: HeaderEntry,
  localOffset?: number,
): number {
  const central = localOffset !== undefined;
  view.setUint32(at, central ? 0x02014b50 : 0x04034b50, true);
  at += 4;
  if (central) {
    view.setUint16(at, MADE_BY, true);
    at += 2;
  }
  view.setUint16(at, 20, true); // version needed to extract
  view.setUint16(at + 2, entry.utf8 ? 0x800 : 0, true); // flags
  view.setUint16(at + 4, 8, true); // deflate
  view.setUint32(at + 6, DOS_TIME, true);
  view.setUint32(at + 10, entry.crc, true);
  view.setUint32(at + 14, entry.deflated.length, true);
  view.setUint32(at + 18, entry.size, true);
  view.setUint16(at + 22, entry.name.length, true);
  at += 26; // the extra field's length stays 0
  if (central) {
    // Comment length, disk and internal attributes stay 0.
    view.setUint32(at + 6, ATTRIBUTES, true);
    view.setUint32(at + 10, localOffset, true);
    at += 14;
  }
  out.set(entry.name, at);
  return at + entry.name.length;
}
