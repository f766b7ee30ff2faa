/**
 * The client side's `api` script (spec §4.6.6): downloads the TypeScript
 * client archive from a running server, verifies it whole, and only then
 * swaps it in for the generated directory. A failed, slow, oversized or
 * truncated download, a non-200 answer, a damaged archive or Ctrl-C leave
 * the directory untouched.
 *
 * ```
 * deno task api [URL] [DIR] [--groups a,b] [--import-extension ts|js|none]
 * ```
 *
 * Exit 0 on success, 1 when the download or archive fails, 2 for a bad
 * command line, 130 when interrupted.
 *
 * @module
 */

import { ArchiveError } from "../src/archive/zip.ts";
import { readZip } from "../src/archive/read_zip.ts";
import { join } from "node:path";
import { replaceTree } from "../src/fs/tree.ts";
import { checkOutput, OutputError } from "../src/fs/output_guard.ts";
import {
  type ApiOptions,
  parseApiArgs,
  USAGE,
  UsageError,
} from "./api_args.ts";
import {
  type Changes,
  compareFiles,
  listChanges,
  summarizeChanges,
} from "./api_changes.ts";
import { download, DownloadError } from "./api_download.ts";

/** The run was stopped by SIGINT or SIGTERM before anything was written. */
export class Interrupted extends Error {
  constructor() {
    super("interrupted");
    this.name = "Interrupted";
  }
}

/** Hooks of one run. */
export interface ClientDownloadHooks {
  /** Aborts the download; once the swap has begun it runs to its end. */
  readonly signal?: AbortSignal;
  /** Download progress (bytes so far, declared total). */
  readonly onProgress?: (received: number, total: number | undefined) => void;
}

/**
 * Downloads and verifies the archive, then replaces `options.dir` with its
 * files. Returns what changed. Throws DownloadError (download or archive)
 * or the signal's reason; the directory is untouched then.
 */
export async function downloadClient(
  options: ApiOptions,
  hooks: ClientDownloadHooks = {},
): Promise<Changes> {
  const guard = { force: options.force === true };
  // Refuse a directory Tailor may not replace before downloading anything.
  await checkOutput(options.dir, guard);
  const bytes = await download(options.url, { ...options, ...hooks });
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
  if (files.size === 0) {
    throw new DownloadError(`${options.url}: the archive is empty`);
  }
  if (hooks.signal?.aborted) throw hooks.signal.reason;
  const before = await readOldClient(options.dir, options);
  await replaceTree(options.dir, files, guard);
  return compareFiles(before, files);
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
    for await (const entry of Deno.readDir(join(dir, relative))) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory) {
        if (!await walk(path)) return false;
      } else if (entry.isFile) {
        const text = await Deno.readTextFile(join(dir, path));
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

/** Runs the command line; returns the exit code. */
async function main(args: readonly string[]): Promise<number> {
  let options: ApiOptions | undefined;
  try {
    options = parseApiArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`api: ${error.message} (see deno task api --help)`);
    return 2;
  }
  if (!options) {
    console.log(USAGE);
    return 0;
  }
  const controller = new AbortController();
  const interrupt = () => controller.abort(new Interrupted());
  const signals = ["SIGINT", "SIGTERM"] as const;
  for (const signal of signals) Deno.addSignalListener(signal, interrupt);
  const progress = Deno.stderr.isTerminal() ? new Progress() : undefined;
  try {
    const changes = await downloadClient(options, {
      signal: controller.signal,
      ...(progress && { onProgress: progress.show }),
    });
    progress?.clear();
    console.log(
      `${options.dir} updated from ${options.url}: ${
        summarizeChanges(changes)
      }`,
    );
    for (const line of listChanges(changes)) console.log(line);
    return 0;
  } catch (error) {
    progress?.clear();
    const code = error instanceof Interrupted
      ? 130
      : error instanceof OutputError
      ? error.exitCode
      : 1;
    const message = error instanceof Error ? error.message : String(error);
    console.error(
      `api: ${message.split("\n")[0]}; ${options.dir} left as it was`,
    );
    return code;
  } finally {
    for (const signal of signals) Deno.removeSignalListener(signal, interrupt);
  }
}

/** A one-line download counter on a terminal's stderr. */
class Progress {
  #last = 0;
  readonly #encoder = new TextEncoder();

  show = (received: number, total: number | undefined): void => {
    const now = Date.now();
    if (now - this.#last < 100) return;
    this.#last = now;
    const of = total === undefined ? "" : ` of ${kib(total)}`;
    this.#write(`\rdownloading ${kib(received)}${of}\x1b[K`);
  };

  clear(): void {
    if (this.#last > 0) this.#write("\r\x1b[K");
  }

  #write(text: string): void {
    Deno.stderr.writeSync(this.#encoder.encode(text));
  }
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
