/**
 * Module resolution as Deno does it for a project, for the files Deno maps
 * to local paths: the import maps of its `deno.json` (`imports`, with exact
 * and trailing-slash keys, and `scopes`), workspace members and linked
 * directories (`links`) by package name and `exports`, relative and
 * absolute paths, `file:` URLs. What it does not map (`npm:` packages that
 * are not linked, remote URLs, `node:`) is left to TypeScript's resolution.
 *
 * As Deno 2.9 does, a file's own nearest `deno.json` (and its workspace
 * root's) maps its imports first, then the project's: a linked or aliased
 * Tailor checkout resolves its own `hono` with its own `imports`.
 *
 * {@link parseDenoConfig} and {@link resolveDenoSpecifier} are pure;
 * {@link DenoResolver} reads each configuration file once.
 *
 * @module
 */

import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ts } from "./compiler.ts";

/** The configuration file names Deno reads, in its order. */
const CONFIG_NAMES = ["deno.json", "deno.jsonc"] as const;

/** A specifier map: key -> target, as written. */
export type SpecifierMap = Readonly<Record<string, string>>;

/** What resolution reads of one `deno.json`; paths absolute, `/` separators. */
export interface DenoConfig {
  /** The directory holding the file. */
  readonly dir: string;
  /** Its `name` (`@tailor/tailor`), if any. */
  readonly name?: string;
  /** `exports` by subpath (`"."`, `"./runtime"`), targets as written. */
  readonly exports: SpecifierMap;
  /** `imports`. */
  readonly imports: SpecifierMap;
  /** `scopes`: the absolute path prefix each applies under, and its map. */
  readonly scopes: readonly { readonly prefix: string; map: SpecifierMap }[];
  /** `workspace` members, as written (relative to `dir`). */
  readonly workspace: readonly string[];
  /** `links`, as written (relative to `dir`). */
  readonly links: readonly string[];
  /** `compilerOptions` as written. */
  readonly compilerOptions?: unknown;
}

/** The configurations one resolution reads. */
export interface ResolutionScope {
  /**
   * Import maps in the order they are tried: the referrer's nearest
   * configuration (and its workspace root's), then the project's.
   */
  readonly maps: readonly DenoConfig[];
  /** Workspace members and linked packages, by name. */
  readonly packages: ReadonlyMap<string, DenoConfig>;
}

/**
 * The configuration in the text of `deno.json` (or `.jsonc`) in `dir`, or
 * undefined when it is not a JSON object.
 */
export function parseDenoConfig(
  dir: string,
  text: string,
): DenoConfig | undefined {
  const { config, error } = ts.parseConfigFileTextToJson("deno.jsonc", text);
  if (error !== undefined || !isRecord(config)) return undefined;
  const exports = typeof config.exports === "string"
    ? { ".": config.exports }
    : stringsOf(config.exports);
  const scopes = Object.entries(isRecord(config.scopes) ? config.scopes : {})
    .filter(([key]) => !/^[a-z][a-z0-9+.-]+:/i.test(key) || isFileUrl(key))
    .map(([key, map]) => ({
      prefix: localPath(key, dir) + (key.endsWith("/") ? "/" : ""),
      map: stringsOf(map),
    }))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  return {
    dir,
    ...(typeof config.name === "string" ? { name: config.name } : {}),
    exports,
    imports: stringsOf(config.imports),
    scopes,
    workspace: listOf(config.workspace),
    links: listOf(config.links),
    ...("compilerOptions" in config
      ? { compilerOptions: config.compilerOptions }
      : {}),
  };
}

/**
 * The local file Deno resolves `specifier`, imported by the file
 * `referrer` (absolute), to; undefined when Deno would not map it to a
 * local path this way (an unknown bare name, an `npm:` or `jsr:` package
 * that is not linked, a URL).
 */
export function resolveDenoSpecifier(
  specifier: string,
  referrer: string,
  scope: ResolutionScope,
): string | undefined {
  const mapped = mapDenoSpecifier(specifier, referrer, scope);
  if (mapped !== undefined) {
    return targetPath(mapped.target, mapped.config.dir, scope.packages);
  }
  return targetPath(specifier, dirname(referrer), scope.packages);
}

/** Where an import map sends a specifier: its target, and whose map it is. */
export interface MappedSpecifier {
  /** The target as the map writes it (`jsr:@tailor/tailor@^0.1.0`). */
  readonly target: string;
  /** The configuration whose map it is. */
  readonly config: DenoConfig;
}

/**
 * What the first import map that knows `specifier` (imported by
 * `referrer`) maps it to, before it is resolved to a file; undefined when
 * no map knows it.
 */
export function mapDenoSpecifier(
  specifier: string,
  referrer: string,
  scope: ResolutionScope,
): MappedSpecifier | undefined {
  for (const config of scope.maps) {
    const target = mapWith(config, specifier, referrer);
    if (target !== undefined) return { target, config };
  }
  return undefined;
}

/** `specifier` through one configuration's `scopes`, then its `imports`. */
function mapWith(
  config: DenoConfig,
  specifier: string,
  referrer: string,
): string | undefined {
  for (const { prefix, map } of config.scopes) {
    if (!referrer.startsWith(prefix)) continue;
    const mapped = mapWithin(map, specifier);
    if (mapped !== undefined) return mapped;
  }
  return mapWithin(config.imports, specifier);
}

/**
 * An import map lookup: the exact key, else the longest key ending in `/`
 * that starts the specifier; a package key (`"@a/b": "jsr:@a/b@^1"`) also
 * maps its subpaths (`@a/b/x`), as Deno does.
 */
function mapWithin(map: SpecifierMap, specifier: string): string | undefined {
  if (Object.hasOwn(map, specifier)) return map[specifier];
  let best: string | undefined;
  for (const key of Object.keys(map)) {
    const prefix = key.endsWith("/") ? key : `${key}/`;
    if (!specifier.startsWith(prefix)) continue;
    if (!key.endsWith("/") && !/^(jsr|npm):/.test(map[key]!)) continue;
    if (best === undefined || key.length > best.length) best = key;
  }
  if (best === undefined) return undefined;
  return map[best] + specifier.slice(best.length);
}

/** A specifier or import map target, relative to `base`, as a local path. */
function targetPath(
  target: string,
  base: string,
  packages: ReadonlyMap<string, DenoConfig>,
): string | undefined {
  if (/^\.{1,2}\//.test(target) || isAbsolute(target) || isFileUrl(target)) {
    return localPath(target, base);
  }
  const reference = /^(?:jsr|npm):\/?((?:@[^/@]+\/)?[^/@]+)(?:@[^/]*)?(\/.*)?$/
    .exec(target) ??
    /^((?:@[^/@:]+\/)?[^/@:]+)(\/.*)?$/.exec(target);
  if (reference === null) return undefined;
  const pkg = packages.get(reference[1]!);
  const exported = pkg?.exports[`.${reference[2] ?? ""}`];
  return exported === undefined ? undefined : localPath(exported, pkg!.dir);
}

/** A relative or absolute path, or a `file:` URL, as an absolute path. */
function localPath(target: string, base: string): string {
  const path = isFileUrl(target)
    ? fileURLToPath(target)
    : resolve(base, target);
  return path.replaceAll("\\", "/");
}

function isFileUrl(text: string): boolean {
  return text.startsWith("file:");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringsOf(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] =>
      typeof entry[1] === "string"
    ),
  );
}

function listOf(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : [];
}

/**
 * Deno's resolution for the project at a root: the configuration there or
 * the nearest above it, its workspace root when it is a member, the
 * packages of the workspace and of its `links`. Every configuration file
 * is read once, when first needed.
 */
export class DenoResolver {
  /** The project's configurations: its own, then its workspace root's. */
  readonly project: readonly DenoConfig[];
  /** Workspace members and linked packages, by name. */
  readonly packages: ReadonlyMap<string, DenoConfig>;
  readonly #inDir = new Map<string, DenoConfig | undefined>();
  readonly #chains = new Map<string, readonly DenoConfig[]>();
  readonly #scopes = new Map<string, ResolutionScope>();

  /** Reads the configurations of the project at `root` (absolute). */
  constructor(root: string) {
    this.project = this.#chain(root.replaceAll("\\", "/"));
    const packages = new Map<string, DenoConfig>();
    for (const config of this.project) {
      const dirs = [
        ...config.workspace.flatMap((member) => memberDirs(config.dir, member)),
        ...config.links.map((link) => localPath(link, config.dir)),
      ];
      for (const dir of dirs) {
        const pkg = this.#configIn(dir);
        if (pkg?.name !== undefined && !packages.has(pkg.name)) {
          packages.set(pkg.name, pkg);
        }
      }
    }
    this.packages = packages;
  }

  /** The local file `specifier` imported by `referrer` resolves to, if any. */
  resolve(specifier: string, referrer: string): string | undefined {
    return resolveDenoSpecifier(specifier, referrer, this.#scopeOf(referrer));
  }

  /** What an import map sends `specifier`, imported by `referrer`, to. */
  map(specifier: string, referrer: string): MappedSpecifier | undefined {
    return mapDenoSpecifier(specifier, referrer, this.#scopeOf(referrer));
  }

  /** The configurations that resolve the imports of the file `referrer`. */
  #scopeOf(referrer: string): ResolutionScope {
    const dir = dirname(referrer);
    let scope = this.#scopes.get(dir);
    if (scope === undefined) {
      const maps = [...new Set([...this.#chain(dir), ...this.project])];
      scope = { maps, packages: this.packages };
      this.#scopes.set(dir, scope);
    }
    return scope;
  }

  /**
   * The configurations that apply in `dir`: the nearest at or above it,
   * then its workspace root's when it is a member of one.
   */
  #chain(dir: string): readonly DenoConfig[] {
    let chain = this.#chains.get(dir);
    if (chain !== undefined) return chain;
    const parent = dirname(dir);
    const own = this.#configIn(dir);
    if (own === undefined) {
      chain = parent === dir ? [] : this.#chain(parent);
    } else {
      const root = parent === dir ? undefined : this.#workspaceRootOf(own);
      chain = root === undefined ? [own] : [own, root];
    }
    this.#chains.set(dir, chain);
    return chain;
  }

  /** The workspace root above `member` that lists it, if any. */
  #workspaceRootOf(member: DenoConfig): DenoConfig | undefined {
    for (let dir = dirname(member.dir);; dir = dirname(dir)) {
      const config = this.#configIn(dir);
      if (
        config !== undefined &&
        config.workspace.some((entry) =>
          memberDirs(config.dir, entry).includes(member.dir)
        )
      ) {
        return config;
      }
      if (dirname(dir) === dir) return undefined;
    }
  }

  /** The configuration file in `dir` itself, read once. */
  #configIn(dir: string): DenoConfig | undefined {
    if (this.#inDir.has(dir)) return this.#inDir.get(dir);
    let config: DenoConfig | undefined;
    for (const name of CONFIG_NAMES) {
      const text = readTextIfExists(join(dir, name));
      if (text === undefined) continue;
      config = parseDenoConfig(dir, text);
      break;
    }
    this.#inDir.set(dir, config);
    return config;
  }
}

/** The directories a `workspace` entry names (`./pkgs/*`: each folder). */
function memberDirs(root: string, entry: string): string[] {
  if (!entry.endsWith("/*")) return [localPath(entry, root)];
  const parent = localPath(entry.slice(0, -2), root);
  try {
    return [...Deno.readDirSync(parent)]
      .filter((item) => item.isDirectory)
      .map((item) => `${parent}/${item.name}`);
  } catch {
    return [];
  }
}

function readTextIfExists(path: string): string | undefined {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
}
