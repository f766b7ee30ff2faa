/**
 * Whether a project is plain TypeScript that any TypeScript compiler checks
 * exactly as `deno check` does, and with which compiler options. A project
 * that needs Deno's resolution (import maps, `npm:`, `jsr:`, URLs, `node:`,
 * `.js` or extensionless imports, type-directive comments) or a `deno.json`
 * option without a plain equivalent is not.
 *
 * @module
 */

import { dirname, isAbsolute, join, resolve } from "node:path";
import { exists } from "../fs/exists.ts";

/** The compiler options `deno check` uses when its config sets none. */
const DENO_DEFAULTS: Readonly<Record<string, unknown>> = {
  strict: true,
  noImplicitOverride: true,
  useDefineForClassFields: true,
  isolatedModules: true,
  moduleDetection: "force",
  allowImportingTsExtensions: true,
  module: "esnext",
  moduleResolution: "bundler",
  target: "esnext",
  noEmit: true,
  skipLibCheck: true,
};

/** `deno.json` compiler options that mean the same to any compiler. */
const PLAIN_OPTIONS = new Set([
  "allowUnreachableCode",
  "allowUnusedLabels",
  "alwaysStrict",
  "exactOptionalPropertyTypes",
  "experimentalDecorators",
  "isolatedModules",
  "noFallthroughCasesInSwitch",
  "noImplicitAny",
  "noImplicitOverride",
  "noImplicitReturns",
  "noImplicitThis",
  "noPropertyAccessFromIndexSignature",
  "noUncheckedIndexedAccess",
  "noUnusedLocals",
  "noUnusedParameters",
  "strict",
  "strictBindCallApply",
  "strictBuiltinIteratorReturn",
  "strictFunctionTypes",
  "strictNullChecks",
  "strictPropertyInitialization",
  "useDefineForClassFields",
  "useUnknownInCatchVariables",
  "verbatimModuleSyntax",
]);

/** Comments that change how Deno resolves or types a module. */
const DENO_PRAGMAS = /@deno-types|@ts-types|@jsxImportSource|@jsxRuntime/;

/** What a plain project is checked as. */
export interface PlainProject {
  /** Compiler options equivalent to those `deno check` uses there. */
  readonly compilerOptions: Readonly<Record<string, unknown>>;
  /** The files and everything they import (absolute paths). */
  readonly files: readonly string[];
}

/**
 * The compiler options and files of the project at `root` (checked from
 * `files`, absolute or relative to `root`), or undefined when only `deno
 * check` checks it faithfully.
 */
export async function plainProject(
  root: string,
  files: readonly string[],
): Promise<PlainProject | undefined> {
  const options = await denoConfigOptions(root);
  if (options === undefined) return undefined;
  const graph = await importGraph(
    files.map((file) => isAbsolute(file) ? file : resolve(root, file)),
  );
  if (graph === undefined) return undefined;
  return { compilerOptions: { ...DENO_DEFAULTS, ...options }, files: graph };
}

/**
 * The compiler options of the `deno.json` that `deno check` run in `root`
 * finds (the nearest up the tree), or undefined when that configuration is
 * not plain: a workspace, a `tsconfig.json`, or an option outside
 * {@link PLAIN_OPTIONS}.
 */
async function denoConfigOptions(
  root: string,
): Promise<Record<string, unknown> | undefined> {
  let nearest: Record<string, unknown> | undefined;
  for (let dir = resolve(root);; dir = dirname(dir)) {
    if (await exists(join(dir, "tsconfig.json"))) return undefined;
    for (const name of ["deno.json", "deno.jsonc"]) {
      const text = await readTextIfExists(join(dir, name));
      if (text === undefined) continue;
      const config = await parseJsonc(name, text);
      if (config === undefined) return undefined;
      if ("workspace" in config) return undefined;
      nearest ??= config;
    }
    if (dirname(dir) === dir) break;
  }
  const options = nearest?.compilerOptions ?? {};
  if (typeof options !== "object" || options === null) return undefined;
  for (const key of Object.keys(options)) {
    if (!PLAIN_OPTIONS.has(key)) return undefined;
  }
  return options as Record<string, unknown>;
}

/**
 * `files` and every file they import, following relative and absolute
 * `.ts` imports; undefined at the first import or comment only Deno
 * resolves.
 */
async function importGraph(
  files: readonly string[],
): Promise<string[] | undefined> {
  const seen = new Set(files);
  let pending = [...files];
  while (pending.length > 0) {
    const texts = await Promise.all(pending.map(readTextIfExists));
    const next: string[] = [];
    for (const [index, text] of texts.entries()) {
      const file = pending[index]!;
      if (text === undefined || !isPlainSource(file, text)) return undefined;
      const specifiers = importSpecifiers(text);
      if (specifiers === undefined) return undefined;
      for (const specifier of specifiers) {
        if (!isPlainSpecifier(specifier)) return undefined;
        const target = resolve(dirname(file), specifier);
        if (!seen.has(target)) {
          seen.add(target);
          next.push(target);
        }
      }
    }
    pending = next;
  }
  return [...seen].sort();
}

function isPlainSource(file: string, text: string): boolean {
  return /\.m?ts$/.test(file) && !DENO_PRAGMAS.test(text);
}

/**
 * The strings after `from`, `import`, `import(` and `require(` in a source
 * text: its module specifiers, and perhaps a few other strings, which only
 * make a project look less plain. Undefined if it has reference directives.
 * (A regular expression: a hundred times faster than TypeScript's scanner.)
 */
function importSpecifiers(text: string): string[] | undefined {
  if (/^\s*\/\/\/\s*<reference/m.test(text)) return undefined;
  return [...text.matchAll(SPECIFIER)].map((match) => match[2]!);
}

const SPECIFIER =
  /(?<![.\w$])(?:from|import|require)\s*\(?\s*(['"`])([^'"`\n]*)\1/g;

/** A path to a TypeScript file: resolved the same by Deno and TypeScript. */
function isPlainSpecifier(specifier: string): boolean {
  return /^\.{0,2}\//.test(specifier) && /\.m?ts$/.test(specifier);
}

/**
 * A JSON object, or JSON with comments (TypeScript's reader: slower, and
 * loaded only then, as the CLI starts the check before it loads the
 * compiler).
 */
async function parseJsonc(
  name: string,
  text: string,
): Promise<Record<string, unknown> | undefined> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const { ts } = await import("@ts-morph/common");
    const result = ts.parseConfigFileTextToJson(name, text);
    if (result.error !== undefined) return undefined;
    parsed = result.config;
  }
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
    ? parsed as Record<string, unknown>
    : undefined;
}

async function readTextIfExists(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch {
    return undefined;
  }
}
