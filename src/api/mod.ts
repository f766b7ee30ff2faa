/**
 * The api command (spec §4.6.6): downloads the TypeScript client archive
 * from a running server, verifies it whole, and only then swaps it in for
 * the generated directory. The same code runs as `tailor api`,
 * `deno task api` and, on Node 20+, `npx tailor-api` (npm `@tailor/api`):
 * only web APIs and `node:` modules, no `Deno.*`.
 *
 * With `--watch` it keeps the directory at the server's client, following
 * the server's event stream (`watch_client.ts`) until Ctrl-C (exit 0).
 *
 * Exit 0 on success, 1 when the download, the archive or the write fails,
 * 2 for a bad command line or tailor.config.json or a directory it may not
 * replace, 130 when interrupted.
 *
 * @module
 */

import process from "node:process";
import { OutputError } from "../fs/output_guard.ts";
import {
  API_USAGE,
  type ApiOptions,
  parseCommandLine,
  resolveOptions,
  UsageError,
} from "./args.ts";
import { listChanges, summarizeChanges } from "./changes.ts";
import { downloadClient } from "./client.ts";
import { readApiConfig } from "./config_file.ts";
import { watchClient } from "./watch_client.ts";

export { API_USAGE };

/** The run was stopped by SIGINT or SIGTERM before anything was written. */
class Interrupted extends Error {
  constructor() {
    super("interrupted");
    this.name = "Interrupted";
  }
}

/**
 * Runs the api command with its arguments (without the command's name):
 * prints its own messages (one line on stderr for any failure) and
 * returns the exit status.
 */
export async function apiCommand(args: readonly string[]): Promise<number> {
  let options: ApiOptions | undefined;
  try {
    options = await readOptions(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`api: ${error.message} (see --help)`);
    return 2;
  }
  if (!options) {
    console.log(API_USAGE);
    return 0;
  }
  const controller = new AbortController();
  const interrupt = () => controller.abort(new Interrupted());
  const signals = process.platform === "win32"
    ? (["SIGINT"] as const)
    : (["SIGINT", "SIGTERM"] as const);
  for (const signal of signals) process.on(signal, interrupt);
  if (options.watch === true) {
    try {
      return await watchClient(options, {
        signal: controller.signal,
        log: (line) => console.log(line),
      });
    } finally {
      for (const signal of signals) process.off(signal, interrupt);
    }
  }
  const progress = process.stderr.isTTY ? new Progress() : undefined;
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
    for (const signal of signals) process.off(signal, interrupt);
  }
}

/**
 * The options of the command line, over those of tailor.config.json when
 * neither URL nor DIR is given; undefined for `--help`.
 */
async function readOptions(
  args: readonly string[],
): Promise<ApiOptions | undefined> {
  const line = parseCommandLine(args);
  if (line.help) return undefined;
  const { url, dir } = line.settings;
  const config = url === undefined && dir === undefined
    ? await readApiConfig()
    : undefined;
  return resolveOptions(line, config);
}

/** A one-line download counter on a terminal's stderr. */
class Progress {
  #last = 0;

  show = (received: number, total: number | undefined): void => {
    const now = Date.now();
    if (now - this.#last < 100) return;
    this.#last = now;
    const of = total === undefined ? "" : ` of ${kib(total)}`;
    process.stderr.write(`\rdownloading ${kib(received)}${of}\x1b[K`);
  };

  clear(): void {
    if (this.#last > 0) process.stderr.write("\r\x1b[K");
  }
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
