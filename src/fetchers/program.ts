/**
 * The front end as one program of TypeScript's compiler: its own files only
 * (read beforehand; `node_modules` left out) and ES's standard library,
 * relative imports resolved as a bundler resolves them (`./a`, `./a.js`,
 * `./a.ts` all reach `a.ts`), so that the checker can follow a name to its
 * declaration across files, aliases and re-exports included.
 *
 * @module
 */

import { ts } from "../analyze/compiler.ts";
import { LIB_FOLDER, LIB_TEXTS } from "../analyze/lib_files.ts";

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

const libFiles = new Map<string, ts.SourceFile>();

/** A library file, parsed once for every program (it never changes). */
function libFile(
  path: string,
  languageVersion: ts.ScriptTarget | ts.CreateSourceFileOptions,
): ts.SourceFile | undefined {
  let file = libFiles.get(path);
  const text = LIB_TEXTS.get(path);
  if (file === undefined && text !== undefined) {
    file = ts.createSourceFile(path, text, languageVersion, true);
    libFiles.set(path, file);
  }
  return file;
}

const OPTIONS: ts.CompilerOptions = {
  // ES's library, for the types of what a fetcher is passed through
  // (`ReturnType<typeof f>`); not the DOM's, which no fetcher needs.
  lib: ["lib.esnext.d.ts"],
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
  const directories = new Set<string>([LIB_FOLDER]);
  for (const path of files.keys()) {
    for (let at = path; at.includes("/");) {
      at = at.slice(0, at.lastIndexOf("/"));
      if (directories.has(at)) break;
      directories.add(at);
    }
  }
  const textOf = (path: string) => files.get(path) ?? LIB_TEXTS.get(path);
  host.getCurrentDirectory = () => root;
  host.getDefaultLibLocation = () => LIB_FOLDER;
  host.getDefaultLibFileName = (options) =>
    `${LIB_FOLDER}/${ts.getDefaultLibFileName(options)}`;
  host.fileExists = (path) => textOf(path) !== undefined;
  host.readFile = textOf;
  host.directoryExists = (path) => directories.has(path.replace(/\/$/, ""));
  host.getDirectories = () => [];
  host.realpath = (path) => path;
  host.getSourceFile = (path, languageVersion) => {
    const text = files.get(path);
    if (text !== undefined) {
      return ts.createSourceFile(path, text, languageVersion, true);
    }
    return libFile(path, languageVersion);
  };
  return ts.createProgram({
    rootNames: [...files.keys()],
    options: OPTIONS,
    host,
  });
}
