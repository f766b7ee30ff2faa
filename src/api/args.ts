/**
 * The command line of the api command (`tailor api`, `deno task api`,
 * `npx tailor-api`): pure parsing into options, with the defaults
 * documented in README.md.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { DEFAULT_ZIP_LIMITS } from "../archive/read_zip.ts";

/** Default archive address (the server's default host and port). */
export const DEFAULT_URL = "http://127.0.0.1:8080/ts.zip";

/** Default target directory (spec §4.6.6). */
export const DEFAULT_DIR = "src/__generated";

/** The import styles a client can be generated with. */
export const IMPORT_EXTENSIONS = ["ts", "js", "none"] as const;

/** One of {@link IMPORT_EXTENSIONS}. */
export type ImportExtension = typeof IMPORT_EXTENSIONS[number];

/** Everything one run of the api command needs to know. */
export interface ApiOptions {
  /** The archive's address, query parameters included. */
  readonly url: string;
  /** The directory the client is written to. */
  readonly dir: string;
  /** Replace `dir` even when it lacks Tailor's marker file. */
  readonly force?: boolean;
  /** Milliseconds to wait for the server's answer (the response headers). */
  readonly connectTimeoutMs: number;
  /** Milliseconds without a byte of the body before giving up. */
  readonly idleTimeoutMs: number;
  /** Most bytes of (compressed) body accepted. */
  readonly maxBytes: number;
  /** Most archive entries accepted. */
  readonly maxEntries: number;
  /** Most uncompressed bytes accepted, all entries together. */
  readonly maxUnpackedBytes: number;
}

/** A command line that cannot be run; exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** The usage text printed by `--help`. */
export const API_USAGE = `usage: tailor api [URL] [DIR] [options]
  URL                     archive address (default ${DEFAULT_URL})
  DIR                     target directory (default ${DEFAULT_DIR})
  --force                 replace DIR even without Tailor's marker file
  --groups a,b            only the APIs of these groups (?groups=a,b)
  --import-extension X    ts | js | none (?importExtension=X)
  --connect-timeout S     seconds to wait for the answer (default 10)
  --idle-timeout S        seconds without a byte before giving up (default 30)
  --max-size N            most bytes downloaded (default 64M)
  --max-entries N         most archive entries (default ${DEFAULT_ZIP_LIMITS.maxEntries})
  --max-unpacked-size N   most bytes once unpacked (default 64M)`;

const MiB = 1024 * 1024;

/**
 * Parses the arguments of the api command. Returns undefined for `--help`;
 * throws UsageError for anything it cannot run.
 */
export function parseApiArgs(args: readonly string[]): ApiOptions | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: "boolean", short: "h" },
        force: { type: "boolean" },
        groups: { type: "string" },
        "import-extension": { type: "string" },
        "connect-timeout": { type: "string", default: "10" },
        "idle-timeout": { type: "string", default: "30" },
        "max-size": { type: "string", default: "64M" },
        "max-entries": {
          type: "string",
          default: String(DEFAULT_ZIP_LIMITS.maxEntries),
        },
        "max-unpacked-size": { type: "string", default: "64M" },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split("\n")[0]!);
  }
  const { positionals, values } = parsed;
  if (values.help) return undefined;
  if (positionals.length > 2) {
    throw new UsageError(
      `too many arguments: ${positionals.slice(2).join(" ")}`,
    );
  }
  const [url = DEFAULT_URL, dir = DEFAULT_DIR] = positionals;
  if (dir === "") throw new UsageError("DIR must not be empty");
  return {
    url: archiveUrl(url, values.groups, values["import-extension"]),
    dir,
    force: values.force === true,
    connectTimeoutMs: seconds("--connect-timeout", values["connect-timeout"]),
    idleTimeoutMs: seconds("--idle-timeout", values["idle-timeout"]),
    maxBytes: byteCount("--max-size", values["max-size"]),
    maxEntries: byteCount("--max-entries", values["max-entries"]),
    maxUnpackedBytes: byteCount(
      "--max-unpacked-size",
      values["max-unpacked-size"],
    ),
  };
}

/** `url` with the `groups` and `importExtension` query parameters set. */
export function archiveUrl(
  url: string,
  groups?: string,
  importExtension?: string,
): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`not a URL: ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new UsageError(`not an http(s) URL: ${JSON.stringify(url)}`);
  }
  if (groups !== undefined) {
    const names = groups.split(",").map((name) => name.trim());
    if (names.some((name) => name === "")) {
      throw new UsageError(
        `--groups takes names separated by commas, not ${
          JSON.stringify(groups)
        }`,
      );
    }
    parsed.searchParams.set("groups", names.join(","));
  }
  if (importExtension !== undefined) {
    if (!(IMPORT_EXTENSIONS as readonly string[]).includes(importExtension)) {
      throw new UsageError(
        `--import-extension must be ts, js or none, not ${
          JSON.stringify(importExtension)
        }`,
      );
    }
    parsed.searchParams.set("importExtension", importExtension);
  }
  return parsed.href;
}

/** Seconds (decimals allowed, more than 0) as milliseconds. */
function seconds(flag: string, text: string): number {
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || value <= 0) {
    throw new UsageError(
      `${flag} takes seconds greater than 0, not ${JSON.stringify(text)}`,
    );
  }
  return Math.round(value * 1000);
}

/** A positive count with an optional K, M or G suffix (powers of 1024). */
function byteCount(flag: string, text: string): number {
  const match = /^(\d+)([KMG]i?B?)?$/i.exec(text);
  const value = match
    ? Number(match[1]) *
      ({ k: 1024, m: MiB, g: 1024 * MiB }[
        match[2]?.[0]?.toLowerCase() as "k" | "m" | "g"
      ] ?? 1)
    : 0;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new UsageError(
      `${flag} takes a positive count like 1000, 64K or 64M, not ${
        JSON.stringify(text)
      }`,
    );
  }
  return value;
}
