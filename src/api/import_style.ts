/**
 * The import style a downloaded client gets when none is given: the one
 * the consumer's project compiles, read from the configuration nearest
 * above the client's directory.
 *
 * - a `tsconfig.json` (JSONC, its `extends` followed) with
 *   `allowImportingTsExtensions` → `ts`;
 * - else `moduleResolution` (or `module`) Node16/NodeNext → `js`;
 * - else `moduleResolution` bundler (or `module` preserve) → `none`;
 * - else → `js`, which every TypeScript resolution and bundler accepts;
 * - a `deno.json`/`deno.jsonc` without a tsconfig beside it → `ts`;
 * - a `package.json` alone (JavaScript, or TypeScript built by a tool
 *   without a tsconfig) → `js`;
 * - none of them up to the file system's root → the server's style.
 *
 * Only `node:` modules: it runs on Deno and on Node (`npx tailor-api`).
 *
 * @module
 */

import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { IMPORT_EXTENSIONS } from "./args.ts";

/** One of the import styles. */
export type ImportStyle = typeof IMPORT_EXTENSIONS[number];

/** The style chosen, and why, for the message. */
export interface ChosenStyle {
  readonly extension: ImportStyle;
  /** E.g. `tsconfig.json sets moduleResolution NodeNext`. */
  readonly reason: string;
}

/** The compiler options that decide the style, as a tsconfig writes them. */
export interface StyleOptions {
  readonly allowImportingTsExtensions?: unknown;
  readonly moduleResolution?: unknown;
  readonly module?: unknown;
}

/** Most `extends` links followed (a cycle stops there too). */
const MAX_EXTENDS = 16;

/**
 * The style for a client written to `dir` (relative to `cwd`), from the
 * nearest directory above it holding a tsconfig.json, deno.json(c) or
 * package.json; undefined when there is none. `shown` names files in the
 * reason (default: as found).
 */
export async function chooseImportStyle(
  dir: string,
  cwd: string,
  shown: (path: string) => string = (path) => path,
): Promise<ChosenStyle | undefined> {
  for (let at = dirname(resolve(cwd, dir));; at = dirname(at)) {
    const tsconfig = join(at, "tsconfig.json");
    const options = await readTsconfigOptions(tsconfig);
    if (options !== undefined) {
      return styleForOptions(options, shown(tsconfig));
    }
    for (const name of ["deno.json", "deno.jsonc"]) {
      if (await readText(join(at, name)) !== undefined) {
        return {
          extension: "ts",
          reason: `${shown(join(at, name))}: a Deno project`,
        };
      }
    }
    if (await readText(join(at, "package.json")) !== undefined) {
      return {
        extension: "js",
        reason: `${shown(join(at, "package.json"))} without a tsconfig.json`,
      };
    }
    if (dirname(at) === at) return undefined;
  }
}

/** The style the compiler options `options` of `file` compile. */
export function styleForOptions(
  options: StyleOptions,
  file: string,
): ChosenStyle {
  if (options.allowImportingTsExtensions === true) {
    return {
      extension: "ts",
      reason: `${file} sets allowImportingTsExtensions`,
    };
  }
  const resolution = lower(options.moduleResolution);
  const module = lower(options.module);
  const nodeModule = module !== undefined &&
    /^node(16|18|20|next)$/.test(module);
  if (
    resolution === "node16" || resolution === "nodenext" ||
    (resolution === undefined && nodeModule)
  ) {
    const [key, value] = resolution === undefined
      ? ["module", options.module]
      : ["moduleResolution", options.moduleResolution];
    return { extension: "js", reason: `${file} sets ${key} ${value}` };
  }
  if (
    resolution === "bundler" ||
    (resolution === undefined && module === "preserve")
  ) {
    const [key, value] = resolution === undefined
      ? ["module", options.module]
      : ["moduleResolution", options.moduleResolution];
    return { extension: "none", reason: `${file} sets ${key} ${value}` };
  }
  return {
    extension: "js",
    reason: `${file}: no bundler or Node16/NodeNext resolution, and js ` +
      "suits every resolution",
  };
}

function lower(value: unknown): string | undefined {
  return typeof value === "string" ? value.toLowerCase() : undefined;
}

/**
 * The compiler options of the tsconfig at `path`, its `extends` chain
 * merged (the extending file's own options win); undefined when there is
 * no such file. A file that cannot be parsed counts as no options.
 */
export async function readTsconfigOptions(
  path: string,
  depth = 0,
): Promise<StyleOptions | undefined> {
  const text = await readText(path);
  if (text === undefined) return undefined;
  const config = parseJsonc(text);
  if (!isRecord(config)) return {};
  let merged: Record<string, unknown> = {};
  const bases = typeof config.extends === "string"
    ? [config.extends]
    : Array.isArray(config.extends)
    ? config.extends.filter((base) => typeof base === "string")
    : [];
  if (depth < MAX_EXTENDS) {
    for (const base of bases) {
      for (const candidate of extendedPaths(base, dirname(path))) {
        const options = await readTsconfigOptions(candidate, depth + 1);
        if (options === undefined) continue;
        merged = { ...merged, ...options };
        break;
      }
    }
  }
  return {
    ...merged,
    ...(isRecord(config.compilerOptions) ? config.compilerOptions : {}),
  };
}

/**
 * Where an `extends` value may point, in the order TypeScript tries them:
 * a path (with or without `.json`), or a package in a `node_modules` above
 * `from` (its `tsconfig.json` when the value names the package alone).
 */
function extendedPaths(base: string, from: string): string[] {
  const withJson = (path: string) =>
    path.endsWith(".json") ? [path] : [path, `${path}.json`];
  if (/^\.{1,2}([/\\]|$)/.test(base) || base.startsWith("/")) {
    return withJson(resolve(from, base));
  }
  const paths: string[] = [];
  for (let at = from;; at = dirname(at)) {
    const inModules = join(at, "node_modules", base);
    paths.push(...withJson(inModules), join(inModules, "tsconfig.json"));
    if (dirname(at) === at) return paths;
  }
}

/**
 * JSON with comments (`//`, `/* *\/`) and trailing commas, as tsconfig.json
 * is written; undefined when it is not JSON even then.
 */
export function parseJsonc(text: string): unknown {
  let plain = "";
  for (let i = 0; i < text.length;) {
    const char = text[i]!;
    if (char === '"') {
      const end = stringEnd(text, i);
      plain += text.slice(i, end);
      i = end;
    } else if (char === "/" && (text[i + 1] === "/" || text[i + 1] === "*")) {
      plain += " ";
      i = afterBlank(text, i);
    } else if (
      char === "," && /[}\]]/.test(text[afterBlank(text, i + 1)] ?? "")
    ) {
      i++;
    } else {
      plain += char;
      i++;
    }
  }
  try {
    return JSON.parse(plain);
  } catch {
    return undefined;
  }
}

/** The index of the first character at or after `start` that is not white space or a comment. */
function afterBlank(text: string, start: number): number {
  let i = start;
  while (i < text.length) {
    if (/\s/.test(text[i]!)) {
      i++;
    } else if (text.startsWith("//", i)) {
      const end = text.indexOf("\n", i);
      i = end === -1 ? text.length : end + 1;
    } else if (text.startsWith("/*", i)) {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
    } else {
      break;
    }
  }
  return i;
}

/** The index just after the string literal that starts at `start`. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch {
    return undefined;
  }
}
