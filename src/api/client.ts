/**
 * One client download: the archive is downloaded and verified whole, and
 * only then swapped in for the client directory (or, for a delta of a
 * watching server, applied to it as one atomic change: `patch_tree.ts`). A failed, slow, oversized
 * or truncated download, a non-200 answer, a damaged archive or an abort
 * leave the directory untouched.
 *
 * @module
 */

import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { ArchiveError, checkEntryName } from "../archive/entry_name.ts";
import { readZip } from "../archive/read_zip.ts";
import { checkOutput, MARKER_FILE } from "../fs/output_guard.ts";
import { patchTree } from "../fs/patch_tree.ts";
import { replaceTree } from "../fs/tree.ts";
import type { ApiOptions } from "./args.ts";
import { type Changes, compareFiles } from "./changes.ts";
import { sameCode } from "./comment_edit.ts";
import { download, DownloadError } from "./download.ts";

/** Hooks of one run. */
export interface ClientDownloadHooks {
  /** Aborts the download; once the swap has begun it runs to its end. */
  readonly signal?: AbortSignal;
  /** Download progress (bytes so far, declared total). */
  readonly onProgress?: (received: number, total: number | undefined) => void;
  /** ETag of the client `options.dir` holds: unchanged, nothing is done. */
  readonly ifNoneMatch?: string;
  /**
   * Asks for only the files changed since `ifNoneMatch` (a watching
   * server's delta), applied to the directory as one atomic change.
   */
  readonly acceptDelta?: boolean;
}

/** What one update of the client directory did. */
export interface ClientUpdate {
  readonly changes: Changes;
  /** The ETag of the archive now in the directory, if the server sent one. */
  readonly etag?: string;
}

/**
 * Downloads and verifies the archive, then replaces `options.dir` with its
 * files. Returns what changed. Throws DownloadError (download or archive),
 * OutputError (a directory it may not replace, or an I/O failure) or the
 * signal's reason; the directory is untouched then.
 */
export async function downloadClient(
  options: ApiOptions,
  hooks: ClientDownloadHooks = {},
): Promise<Changes> {
  return (await updateClient(options, hooks))!.changes;
}

/**
 * {@link downloadClient}, giving the archive's ETag too; undefined, with
 * nothing done, when the server answers 304 to `hooks.ifNoneMatch`.
 */
export async function updateClient(
  options: ApiOptions,
  hooks: ClientDownloadHooks = {},
): Promise<ClientUpdate | undefined> {
  const guard = { force: options.force === true };
  // Refuse a directory Tailor may not replace before downloading anything.
  await checkOutput(options.dir, guard);
  const downloaded = await download(options.url, { ...options, ...hooks });
  if (downloaded === undefined) return undefined;
  const { bytes, etag, delta } = downloaded;
  let files: Map<string, Uint8Array>;
  try {
    files = await readZip(bytes, {
      maxEntries: options.maxEntries,
      maxTotalBytes: options.maxUnpackedBytes,
    });
  } catch (error) {
    if (!(error instanceof ArchiveError)) throw error;
    const hint = error.problem === "not-zip" ? " (is URL the archive?)" : "";
    throw new DownloadError(`${options.url}: ${error.message}${hint}`);
  }
  if (delta !== undefined) {
    for (const path of delta.removed) {
      try {
        checkEntryName(path);
      } catch (error) {
        throw new DownloadError(`${options.url}: ${(error as Error).message}`);
      }
    }
    if (hooks.signal?.aborted) throw hooks.signal.reason;
    if (!existsSync(join(options.dir, MARKER_FILE))) {
      // DIR is gone (or was replaced) since: the delta has nothing to
      // apply to. The whole archive, then.
      const { ifNoneMatch: _held, ...whole } = hooks;
      return await updateClient(options, { ...whole, acceptDelta: false });
    }
    const changes = await patchTree(options.dir, files, delta.removed, {
      ...guard,
      oneByOne: delta.removed.length === 0 &&
        commentsOnly(options.dir, files),
    });
    return etag === undefined ? { changes } : { changes, etag };
  }
  if (files.size === 0) {
    throw new DownloadError(`${options.url}: the archive is empty`);
  }
  if (hooks.signal?.aborted) throw hooks.signal.reason;
  const before = await readOldClient(options.dir, options);
  await replaceTree(options.dir, files, guard);
  const changes = compareFiles(before, files);
  return etag === undefined ? { changes } : { changes, etag };
}

/** TypeScript sources, whose comments the type check skips. */
const TS_SOURCE = /\.(ts|tsx|mts|cts)$/;

/**
 * Whether every file of `written` replaces a TypeScript file of `dir`
 * that has the same code, comments aside (a doc edit): then the files may
 * be renamed in one by one, the client type-checks at every step.
 */
function commentsOnly(
  dir: string,
  written: ReadonlyMap<string, Uint8Array>,
): boolean {
  const decoder = new TextDecoder();
  for (const [path, content] of written) {
    if (!TS_SOURCE.test(path)) return false;
    // Synchronous: two small files, and node:fs/promises' readFile costs
    // Deno about 3 ms a file more.
    let before = "";
    try {
      before = readFileSync(join(dir, path), "utf8");
    } catch {
      return false;
    }
    if (before === "" || !sameCode(before, decoder.decode(content))) {
      return false;
    }
  }
  return true;
}

/**
 * The files in `dir` before the swap (path -> text), read only while they
 * stay within the archive caps: a mistaken DIR (a home directory) is not
 * read whole just to count changes. Empty when absent, unreadable or larger.
 */
async function readOldClient(
  dir: string,
  caps: Pick<ApiOptions, "maxEntries" | "maxUnpackedBytes">,
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  let bytes = 0;
  const walk = async (relative: string): Promise<boolean> => {
    const entries = await readdir(join(dir, relative), { withFileTypes: true });
    for (const entry of entries) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!await walk(path)) return false;
      } else if (entry.isFile()) {
        const text = await readFile(join(dir, path), "utf8");
        bytes += text.length;
        files.set(path, text);
        if (files.size > caps.maxEntries || bytes > caps.maxUnpackedBytes) {
          return false;
        }
      }
    }
    return true;
  };
  const complete = await walk("").catch(() => false);
  return complete ? files : new Map();
}
