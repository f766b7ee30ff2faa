/**
 * The front end as one program of TypeScript's compiler: its own files only
 * (read beforehand; `node_modules` and the standard library are left out),
 * relative imports resolved as a bundler resolves them (`./a`, `./a.js`,
 * `./a.ts` all reach `a.ts`), so that the checker can follow a name to its
 * declaration across files, aliases and re-exports included.
 *
 * @module
 */

import { ts } from "../analyze/compiler.ts";

/** The extensions of the front end's source files. */
export const SOURCE_EXTENSIONS: readonly string[] = [
  ".ts",
  ".tsx",
  ".mts",
  ".cts",
  ".js",
  ".jsx",
  ".mjs",
  ".cjs",
];

const OPTIONS: ts.CompilerOptions = {
  noLib: true,
  noEmit: true,
  allowJs: true,
  allowImportingTsExtensions: true,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ESNext,
  jsx: ts.JsxEmit.Preserve,
  types: [],
};

/**
 * The program over `files` (absolute `/`-separated path to text): nothing
 * else is read, so the result depends on these texts alone.
 */
export function frontEndProgram(
  root: string,
  files: ReadonlyMap<string, string>,
): ts.Program {
  const host = ts.createCompilerHost(OPTIONS, true);
  const directories = new Set<string>();
  for (const path of files.keys()) {
    for (let at = path; at.includes("/");) {
      at = at.slice(0, at.lastIndexOf("/"));
      if (directories.has(at)) break;
      directories.add(at);
    }
  }
  host.getCurrentDirectory = () => root;
  host.fileExists = (path) => files.has(path);
  host.readFile = (path) => files.get(path);
  host.directoryExists = (path) => directories.has(path.replace(/\/$/, ""));
  host.getDirectories = () => [];
  host.realpath = (path) => path;
  host.getSourceFile = (path, languageVersion) => {
    const text = files.get(path);
    return text === undefined
      ? undefined
      : ts.createSourceFile(path, text, languageVersion, true);
  };
  return ts.createProgram({
    rootNames: [...files.keys()],
    options: OPTIONS,
    host,
  });
}
