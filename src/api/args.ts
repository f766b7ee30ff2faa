/**
 * The settings of the api command (`tailor api`, `deno task api`,
 * `npx tailor-api`): pure parsing of the command line, and the merge of its
 * settings over those of `tailor.config.json` and the defaults documented
 * in README.md.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { unknownOptionMessage } from "../cli/did_you_mean.ts";
import { wrap } from "../cli/help.ts";
import { DEFAULT_ZIP_LIMITS } from "../archive/read_zip.ts";

/** The settings, as `tailor.config.json` names them. */
export const SETTING_KEYS = [
  "url",
  "dir",
  "groups",
  "importExtension",
  "connectTimeout",
  "idleTimeout",
  "maxSize",
  "maxEntries",
  "maxUnpackedSize",
] as const;

/** One of {@link SETTING_KEYS}. */
export type SettingKey = typeof SETTING_KEYS[number];

/** Settings as written (text), from the command line or the config file. */
export type ApiSettings = { readonly [key in SettingKey]?: string };

/** Default archive address (the server's default host and port). */
export const DEFAULT_URL = "http://127.0.0.1:8080/ts.zip";

/** Default target directory (spec §4.6.6). */
export const DEFAULT_DIR = "src/__generated";

/** The value of every setting that has a default. */
const DEFAULTS: ApiSettings = {
  url: DEFAULT_URL,
  dir: DEFAULT_DIR,
  connectTimeout: "10",
  idleTimeout: "30",
  maxSize: "64M",
  maxEntries: String(DEFAULT_ZIP_LIMITS.maxEntries),
  maxUnpackedSize: "64M",
};

/** The import styles a client can be generated with. */
export const IMPORT_EXTENSIONS = ["ts", "js", "none"] as const;

/** Everything one run of the api command needs to know. */
export interface ApiOptions {
  /** The archive's address, query parameters included. */
  readonly url: string;
  /** The directory the client is written to. */
  readonly dir: string;
  /** Replace `dir` even when it lacks Tailor's marker file. */
  readonly force?: boolean;
  /** Keep following the server's event stream (`--watch`). */
  readonly watch?: boolean;
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

/** A command line or a config file that cannot be run; exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** The usage text printed by `--help`. */
export const API_USAGE: string = `usage: tailor api [URL] [DIR] [options]
       (also npx tailor-api ... with npm package @tailor/api, deno task api ...)
Downloads the TypeScript client archive from a Tailor server, verifies it
whole, then swaps it in for DIR.

  URL                     archive address (default ${DEFAULT_URL})
  DIR                     target directory (default ${DEFAULT_DIR})
  --force                 replace DIR even without Tailor's marker file
  --watch                 keep DIR at the server's client: follow the events
                          of a server run with --watch, update DIR on each
                          change, with only the files that changed (one line
                          each), reconnect when it restarts
  --groups a,b            only the APIs of these groups (default all)
  --import-extension X    ts | js | none (default: what the project around
                          DIR compiles, see below; else the server's)
  --connect-timeout S     seconds to wait for the answer (default ${DEFAULTS.connectTimeout})
  --idle-timeout S        seconds without a byte before giving up (default ${DEFAULTS.idleTimeout})
  --max-size N            most bytes downloaded (default ${DEFAULTS.maxSize})
  --max-entries N         most archive entries (default ${DEFAULTS.maxEntries})
  --max-unpacked-size N   most bytes once unpacked (default ${DEFAULTS.maxUnpackedSize})
  -V, -v, --version       print the version
  -h, --help              print this text
Sizes take K, M, G (powers of 1024); seconds may have decimals.

Without URL and DIR, the settings come from tailor.config.json in the
working directory when it exists (flags override it), keys:
  ${wrap(SETTING_KEYS.join(", "), 76).join("\n  ")}
e.g. { "url": "http://127.0.0.1:8080/ts.zip", "dir": "src/api",
       "groups": ["admin"], "importExtension": "none", "maxSize": "16M" }

Without --import-extension (or "importExtension"), the nearest tsconfig.json,
deno.json or package.json above DIR chooses, and the choice is printed: a
tsconfig.json (extends followed) with allowImportingTsExtensions: ts;
moduleResolution Node16/NodeNext: js; bundler: none; any other: js. A deno.json:
ts. A package.json alone: js.

Examples:
  tailor api
  tailor api http://127.0.0.1:8080/ts.zip src/__generated --groups admin
  tailor api --watch
  npx tailor-api https://api.example.com/ts.zip src/api --import-extension none`;

/** A parsed command line. */
export interface CommandLine {
  /** `--help` was given. */
  readonly help: boolean;
  /** `--version` (`-V`, `-v`) was given. */
  readonly version: boolean;
  /** `--force` was given. */
  readonly force: boolean;
  /** `--watch` was given. */
  readonly watch: boolean;
  /** The settings given: URL, DIR and the flags. */
  readonly settings: ApiSettings;
}

/** Parses the arguments of the api command; throws UsageError. */
export function parseCommandLine(args: readonly string[]): CommandLine {
  const flags = SETTING_KEYS.filter((key) => key !== "url" && key !== "dir");
  let parsed;
  try {
    parsed = parseArgs({
      // -v is -V, as the peers spell it.
      args: args.map((arg) => arg === "-v" ? "-V" : arg),
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "V" },
        force: { type: "boolean" },
        watch: { type: "boolean" },
        ...Object.fromEntries(
          flags.map((key) => [optionOf(key), { type: "string" as const }]),
        ),
      },
    });
  } catch (error) {
    const message = (error as Error).message;
    const names = ["help", "version", "force", "watch", ...flags.map(optionOf)];
    throw new UsageError(
      unknownOptionMessage(message, names) ?? message.split("\n")[0]!,
    );
  }
  const positionals = parsed.positionals;
  const values: Record<string, string | boolean | undefined> = parsed.values;
  if (positionals.length > 2) {
    throw new UsageError(
      `too many arguments: ${positionals.slice(2).join(" ")}`,
    );
  }
  const settings: Record<string, string> = {};
  const [url, dir] = positionals;
  if (url !== undefined) settings.url = url;
  if (dir !== undefined) settings.dir = dir;
  for (const key of flags) {
    const value = values[optionOf(key)];
    if (typeof value === "string") settings[key] = value;
  }
  return {
    help: values.help === true,
    version: values.version === true,
    force: values.force === true,
    watch: values.watch === true,
    settings,
  };
}

/** Settings read from a file, and the file's name for messages. */
export interface FileSettings {
  readonly file: string;
  readonly settings: ApiSettings;
}

/**
 * The options of a run: each setting from the command line, else from the
 * config file, else its default. A bad value throws UsageError naming the
 * flag, or the file and the key, it came from.
 */
export function resolveOptions(
  line: CommandLine,
  config?: FileSettings,
): ApiOptions {
  const value = (key: SettingKey): string | undefined =>
    line.settings[key] ?? config?.settings[key] ?? DEFAULTS[key];
  const name = (key: SettingKey): string =>
    line.settings[key] === undefined && config?.settings[key] !== undefined
      ? `${config.file}: "${key}"`
      : flagOf(key);
  const count = (key: SettingKey) => positiveCount(name(key), value(key)!);
  const dir = value("dir")!;
  if (dir === "") throw new UsageError(`${name("dir")} must not be empty`);
  return {
    url: archiveUrl(
      httpUrl(name("url"), value("url")!),
      groupList(name("groups"), value("groups")),
      importExtension(name("importExtension"), value("importExtension")),
    ),
    dir,
    force: line.force,
    watch: line.watch,
    connectTimeoutMs: seconds(name("connectTimeout"), value("connectTimeout")!),
    idleTimeoutMs: seconds(name("idleTimeout"), value("idleTimeout")!),
    maxBytes: count("maxSize"),
    maxEntries: count("maxEntries"),
    maxUnpackedBytes: count("maxUnpackedSize"),
  };
}

/** `url` with the `groups` and `importExtension` query parameters set. */
function archiveUrl(
  url: URL,
  groups: string | undefined,
  importExtension: string | undefined,
): string {
  if (groups !== undefined) url.searchParams.set("groups", groups);
  if (importExtension !== undefined) {
    url.searchParams.set("importExtension", importExtension);
  }
  return url.href;
}

/** The flag of a setting (`--max-size`), or `URL` and `DIR`. */
function flagOf(key: SettingKey): string {
  return key === "url" || key === "dir"
    ? key.toUpperCase()
    : `--${optionOf(key)}`;
}

/** A setting's name on the command line: `maxSize` is `max-size`. */
function optionOf(key: SettingKey): string {
  return key.replace(/[A-Z]/g, (upper) => `-${upper.toLowerCase()}`);
}

function httpUrl(name: string, text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${name} is not a URL: ${JSON.stringify(text)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UsageError(
      `${name} is not an http(s) URL: ${JSON.stringify(text)}`,
    );
  }
  return url;
}

/** Group names separated by commas, trimmed. */
function groupList(name: string, text: string | undefined) {
  if (text === undefined) return undefined;
  const names = text.split(",").map((group) => group.trim());
  if (names.some((group) => group === "")) {
    throw new UsageError(
      `${name} takes names separated by commas, not ${JSON.stringify(text)}`,
    );
  }
  return names.join(",");
}

function importExtension(name: string, text: string | undefined) {
  if (
    text !== undefined &&
    !(IMPORT_EXTENSIONS as readonly string[]).includes(text)
  ) {
    throw new UsageError(
      `${name} must be ts, js or none, not ${JSON.stringify(text)}`,
    );
  }
  return text;
}

/** Seconds (decimals allowed, more than 0) as milliseconds. */
function seconds(name: string, text: string): number {
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || value <= 0) {
    throw new UsageError(
      `${name} takes seconds greater than 0, not ${JSON.stringify(text)}`,
    );
  }
  return Math.round(value * 1000);
}

/** A positive count with an optional K, M or G suffix (powers of 1024). */
function positiveCount(name: string, text: string): number {
  const match = /^(\d+)([KMG]i?B?)?$/i.exec(text);
  const unit = match?.[2]?.[0]?.toLowerCase();
  const value = match
    ? Number(match[1]) * (unit ? 1024 ** ("kmg".indexOf(unit) + 1) : 1)
    : 0;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new UsageError(
      `${name} takes a positive count like 1000, 64K or 64M, not ${
        JSON.stringify(text)
      }`,
    );
  }
  return value;
}
