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

import { relative } from "node:path";
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
import { styleFor } from "../cli/style.ts";
import { VERSION } from "../cli/version.ts";
import { chooseImportStyle, type ChosenStyle } from "./import_style.ts";
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
 * prints its own messages (one line on stderr for any failure, formatted
 * as the other `tailor` commands' are) and returns the exit status.
 * `program` is how the user ran it, for the messages: `tailor api` or
 * `tailor-api`.
 */
export async function apiCommand(
  args: readonly string[],
  program = "tailor api",
): Promise<number> {
  const errors = styleFor(process.stderr.isTTY === true, noColor());
  let run: Run | "help" | "version";
  try {
    run = await readOptions(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(
      `${errors.error("error:")} ${program}: ${error.message} ${
        errors.dim(`(see ${program} --help)`)
      }`,
    );
    return 2;
  }
  if (run === "help") {
    console.log(API_USAGE);
    return 0;
  }
  if (run === "version") {
    console.log(`${program} ${VERSION}`);
    return 0;
  }
  const { options, chosen } = run;
  if (chosen !== undefined) {
    console.log(
      `import extension ${chosen.extension}: ${chosen.reason} ` +
        "(--import-extension overrides)",
    );
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
    const output = styleFor(process.stdout.isTTY === true, noColor());
    console.log(
      output.success(
        `${options.dir} updated from ${options.url}: ${
          summarizeChanges(changes)
        }`,
      ),
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
      `${errors.error("error:")} ${
        message.split("\n")[0]
      }; ${options.dir} left as it was`,
    );
    return code;
  } finally {
    for (const signal of signals) process.off(signal, interrupt);
  }
}

/** The options of a run, and the import style chosen for it, if any. */
interface Run {
  readonly options: ApiOptions;
  readonly chosen?: ChosenStyle;
}

/**
 * The options of the command line, over those of tailor.config.json when
 * neither URL nor DIR is given; `help` or `version` for those switches. Without an import
 * extension in either, the consumer's project around DIR chooses it.
 */
async function readOptions(
  args: readonly string[],
): Promise<Run | "help" | "version"> {
  const line = parseCommandLine(args);
  if (line.help) return "help";
  if (line.version) return "version";
  const { url, dir } = line.settings;
  const config = url === undefined && dir === undefined
    ? await readApiConfig()
    : undefined;
  const options = resolveOptions(line, config);
  const given = line.settings.importExtension ??
    config?.settings.importExtension;
  if (given !== undefined) return { options };
  const cwd = process.cwd();
  const chosen = await chooseImportStyle(
    options.dir,
    cwd,
    (path) => relative(cwd, path) || ".",
  );
  if (chosen === undefined) return { options };
  const withStyle = new URL(options.url);
  withStyle.searchParams.set("importExtension", chosen.extension);
  return { options: { ...options, url: withStyle.href }, chosen };
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

/** Whether `NO_COLOR` asks for no colours (https://no-color.org). */
function noColor(): boolean {
  return (process.env.NO_COLOR ?? "") !== "";
}
