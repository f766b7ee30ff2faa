/**
 * Reading ZIP archives that come from elsewhere, safely: every entry's CRC32
 * is verified, names that could escape or clash in the extraction directory
 * are refused, and the entry count and uncompressed size are capped while
 * inflating, so a ZIP bomb stops at the cap instead of filling memory.
 *
 * @module
 */

import {
  configure,
  type Entry,
  type FileEntry,
  Uint8ArrayReader,
  ZipReader,
} from "@zip.js/zip.js";
import {
  ArchiveError,
  type ArchiveProblem,
  checkEntryName,
  unsafeName,
} from "./entry_name.ts";

// Small input chunks bound the work per step: deflate expands at most about
// 1032 times, and the decompressor inflates a whole input chunk before the
// size checks see its output (512 KiB chunks let a bomb reach 500 MB).
configure({ useWebWorkers: false, chunkSize: 8 * 1024 });

/** Caps applied while reading an archive. */
export interface ZipLimits {
  /** Most entries (files and directories) accepted. */
  readonly maxEntries: number;
  /** Most uncompressed bytes accepted, all entries together. */
  readonly maxTotalBytes: number;
}

/** The default caps: 20,000 entries, 64 MiB uncompressed in total. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 20_000,
  maxTotalBytes: 64 * 1024 * 1024,
};

/** Longest accepted name of one path segment, in UTF-8 bytes. */
export const MAX_SEGMENT_BYTES = 255;

const encoder = new TextEncoder();

/**
 * Reads every file entry of a ZIP archive (relative path -> content), or
 * throws an ArchiveError naming the first problem: not a ZIP, a bad CRC or
 * header, an unsafe, duplicate, clashing or over-long name, too many entries,
 * or more uncompressed bytes than `limits.maxTotalBytes` (declared or real).
 */
export async function readZip(
  bytes: Uint8Array,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<Map<string, Uint8Array>> {
  const reader = new ZipReader(new Uint8ArrayReader(bytes), {
    checkSignature: true,
    strictness: "strict",
  });
  try {
    const entries = await listEntries(reader, limits);
    const files = new Map<string, Uint8Array>();
    let total = 0;
    for (const entry of entries) {
      if (entry.directory) continue;
      const budget = limits.maxTotalBytes - total;
      const content = await inflate(entry, budget, limits.maxTotalBytes);
      total += content.length;
      files.set(entry.filename, content);
    }
    return files;
  } catch (error) {
    throw asArchiveError(error);
  } finally {
    await reader.close().catch(() => {});
  }
}

/** Reads the central directory, checking names, count and declared sizes. */
async function listEntries(
  reader: ZipReader<unknown>,
  limits: ZipLimits,
): Promise<Entry[]> {
  const entries: Entry[] = [];
  const names = new NameSet();
  let declared = 0;
  for await (const entry of reader.getEntriesGenerator()) {
    if (entries.length === limits.maxEntries) {
      throw new ArchiveError(
        `the archive has more than ${limits.maxEntries} entries`,
        "too-many-entries",
      );
    }
    names.add(entry.filename, entry.directory);
    declared += entry.uncompressedSize;
    if (declared > limits.maxTotalBytes) {
      throw tooLarge(limits.maxTotalBytes);
    }
    entries.push(entry);
  }
  return entries;
}

/**
 * Inflates one entry, verifying its CRC32 and stopping as soon as it yields
 * more than it declared or more than `budget` bytes.
 */
async function inflate(
  entry: FileEntry,
  budget: number,
  maxTotalBytes: number,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const name = JSON.stringify(entry.filename);
  const declared = entry.uncompressedSize;
  const wrongSize = () =>
    new ArchiveError(
      `entry ${name} does not inflate to its declared ${declared} bytes ` +
        `(stopped after ${size})`,
      "size-mismatch",
    );
  const sink = new WritableStream<Uint8Array>({
    write(chunk) {
      size += chunk.length;
      if (size > budget) throw tooLarge(maxTotalBytes);
      if (size > entry.uncompressedSize) throw wrongSize();
      chunks.push(chunk);
    },
  });
  try {
    await entry.getData(sink, { checkSignature: true });
  } catch (error) {
    // zip.js stops by itself once an entry passes its declared size.
    if ((error as Error).message === "Invalid uncompressed size") {
      throw wrongSize();
    }
    throw error;
  }
  if (size !== entry.uncompressedSize) throw wrongSize();
  const content = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    content.set(chunk, offset);
    offset += chunk.length;
  }
  return content;
}

/**
 * The names seen so far: refuses unsafe or over-long names, duplicates, and
 * a name used both as a file and as a directory (`a` and `a/b`).
 */
class NameSet {
  readonly #files = new Set<string>();
  readonly #dirs = new Set<string>();
  readonly #explicitDirs = new Set<string>();

  add(filename: string, directory: boolean): void {
    const name = directory ? filename.replace(/\/$/, "") : filename;
    checkEntryName(name);
    const long = name.split("/").find((segment) =>
      encoder.encode(segment).length > MAX_SEGMENT_BYTES
    );
    if (long !== undefined) {
      throw new ArchiveError(
        `entry name segment longer than ${MAX_SEGMENT_BYTES} bytes: ${
          JSON.stringify(long.slice(0, 40) + "...")
        }`,
        "long-name",
      );
    }
    if ((directory ? this.#explicitDirs : this.#files).has(name)) {
      throw new ArchiveError(
        `duplicate entry ${JSON.stringify(name)}`,
        "duplicate",
      );
    }
    const parents = name.split("/").slice(0, -1).map((_, index, segments) =>
      segments.slice(0, index + 1).join("/")
    );
    const fileParent = parents.find((parent) => this.#files.has(parent));
    if (
      fileParent !== undefined ||
      (directory ? this.#files : this.#dirs).has(name)
    ) {
      throw new ArchiveError(
        `entry ${JSON.stringify(fileParent ?? name)} is a file and a directory`,
        "clash",
      );
    }
    for (const parent of parents) this.#dirs.add(parent);
    if (directory) {
      this.#dirs.add(name);
      this.#explicitDirs.add(name);
    } else this.#files.add(name);
  }
}

function tooLarge(maxTotalBytes: number): ArchiveError {
  return new ArchiveError(
    `the archive inflates to more than ${maxTotalBytes} bytes`,
    "too-large",
  );
}

/** zip.js failures (bad CRC, bad headers, not a ZIP) as one-line errors. */
function asArchiveError(error: unknown): ArchiveError {
  if (error instanceof ArchiveError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const filename = (error as { filename?: unknown }).filename;
  if (message === "Unsafe filename" && typeof filename === "string") {
    return unsafeName(filename);
  }
  const problem = ZIP_JS_PROBLEMS[message] ?? "damaged";
  return new ArchiveError(
    `${problem === "not-zip" ? "not a" : "damaged"} ZIP archive: ${message}`,
    problem,
  );
}

/** The zip.js messages that are not plain damage. */
const ZIP_JS_PROBLEMS: Record<string, ArchiveProblem> = {
  "File format is not recognized": "not-zip",
  "End of central directory not found": "not-zip",
};
