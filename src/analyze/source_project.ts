/**
 * A project's parsed source files and the TypeScript program over them,
 * made with the compiler API alone. The project's own files are the
 * program's roots; the files they import (the runtime, shared modules) and
 * TypeScript's `lib` files are parsed when the program first asks for them
 * and kept until watch mode says one changed. A changed file is parsed
 * again, and the next program reuses every other file (`oldProgram`). The
 * files get their parent pointers when a program's checker is made.
 *
 * This replaces ts-morph's `Project`, which the analysis no longer needs:
 * its wrappers, file system layer and language-service document registry
 * cost 0.15 s of a cold run at 1,000 endpoints and 0.2 s at 4,000. The lib
 * files are held in memory (lib_files.ts): nothing is read from disk for
 * them.
 *
 * Tailor's own modules that a project imports (its runtime, its store) are
 * read as their declarations (tailor_declarations.ts): the analysis needs
 * their types, not their code.
 *
 * Module specifiers are resolved by a {@link SpecifierResolver} first (the
 * project's Deno resolution, see deno_resolution.ts), then by TypeScript's
 * own resolution for what it does not map to an existing file.
 *
 * @module
 */

import { ts } from "@ts-morph/common";
import { LIB_FOLDER, LIB_TEXTS } from "./lib_files.ts";
import { isTailorModule, TailorDeclarations } from "./tailor_declarations.ts";

const CASE_SENSITIVE = Deno.build.os !== "windows" &&
  Deno.build.os !== "darwin";

/** Text of a file as it is on disk, a byte order mark included. */
const DECODER = new TextDecoder("utf-8", { ignoreBOM: true });

/** Declaration texts of Tailor's modules, kept in the user cache. */
const TAILOR_DECLARATIONS = new TailorDeclarations();

/**
 * Maps a module specifier imported by `referrer` (absolute) to a local
 * file, or undefined to leave it to TypeScript's resolution.
 */
export interface SpecifierResolver {
  resolve(specifier: string, referrer: string): string | undefined;
}

/** The extension TypeScript gives a resolved module, from its path. */
const MODULE_EXTENSION = /(\.d\.[mc]?ts|\.[mc]?tsx?|\.[mc]?jsx?|\.json)$/;

/** Source files of one project, and the program made of them. */
export class SourceProject {
  /** The compiler options every program of this project uses. */
  readonly compilerOptions: ts.CompilerOptions;
  readonly #roots = new Map<string, ts.SourceFile>();
  readonly #others = new Map<string, ts.SourceFile | undefined>();
  readonly #exists = new Map<string, boolean>();
  readonly #host: ts.CompilerHost;
  readonly #root: string;
  readonly #resolver: SpecifierResolver | undefined;
  readonly #resolutionCache: ts.ModuleResolutionCache;
  /** Resolutions by mode, directory of the importer and specifier. */
  readonly #resolved = new Map<
    string,
    ts.ResolvedModuleWithFailedLookupLocations
  >();
  #program: ts.Program | undefined;
  #importsVersion = 0;
  /** The last program, which the next one reuses. */
  #oldProgram: ts.Program | undefined;

  /**
   * An empty project of the directory `root`, with these options; module
   * specifiers go through `resolver` first, when given.
   */
  constructor(
    root: string,
    compilerOptions: ts.CompilerOptions,
    resolver?: SpecifierResolver,
  ) {
    this.#root = root;
    this.compilerOptions = compilerOptions;
    this.#resolver = resolver;
    this.#host = this.#compilerHost();
    this.#resolutionCache = ts.createModuleResolutionCache(
      root,
      this.#host.getCanonicalFileName,
      compilerOptions,
    );
  }

  /** True when `path` (absolute) is one of the project's files. */
  has(path: string): boolean {
    return this.#roots.has(path);
  }

  /** The parsed project file at `path` (absolute); throws when it is not one. */
  sourceFile(path: string): ts.SourceFile {
    const file = this.#roots.get(path);
    if (file === undefined) throw new Error(`not a project file: ${path}`);
    return file;
  }

  /**
   * Reads and parses the project's files for its first program, without
   * parent pointers: the program's binder sets them when its checker is
   * made, as in TypeScript's own compiler (15 % of the parse). Nodes of
   * these files are not to be read before that.
   */
  load(paths: readonly string[]): void {
    for (const path of paths) {
      this.#roots.set(path, this.#parse(path, readText(path), false));
    }
    this.#changed();
  }

  /**
   * Reads and parses `path` (absolute) as a project file, parent pointers
   * set: its nodes may be read (printed, compared) before a checker binds it.
   */
  add(path: string): void {
    this.#roots.set(path, this.#parse(path, readText(path), true));
    this.#changed();
  }

  /**
   * Parses the project file at `path` again from the same text, as if an
   * edit had left it as it is: the next program and analysis see a new
   * file (watch mode rehearses an edit this way, see `WatchSession`).
   */
  reparse(path: string): void {
    const old = this.sourceFile(path);
    this.#roots.set(path, this.#parse(path, old.text, true));
    this.#changed();
  }

  /** Drops the project file at `path`. */
  remove(path: string): void {
    if (this.#roots.delete(path)) this.#changed();
  }

  /**
   * Reads the project file at `path` again: true when its text changed
   * (it is parsed again) or it is gone (it is dropped), false when it is
   * the same (the parsed file is kept).
   */
  refresh(path: string): boolean {
    const old = this.sourceFile(path);
    let text: string;
    try {
      text = readText(path);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      this.remove(path);
      return true;
    }
    if (text === old.text) return false;
    this.#roots.set(path, this.#parse(path, text, true));
    this.#changed();
    return true;
  }

  /**
   * The files the programs read beside the project's own (imported
   * modules, not TypeScript's `lib` nor anything under `node_modules`):
   * what watch mode watches besides the root.
   */
  importedFiles(): string[] {
    const paths: string[] = [];
    for (const [path, file] of this.#others) {
      if (file === undefined || LIB_TEXTS.has(path)) continue;
      if (path.split("/").includes("node_modules")) continue;
      paths.push(path);
    }
    return paths;
  }

  /**
   * Counts the changes of {@link importedFiles} that
   * {@link refreshImported} found: an analysis made at another count may
   * have read an older text.
   */
  get importsVersion(): number {
    return this.#importsVersion;
  }

  /**
   * Reads an imported file (one of {@link importedFiles}) again: true when
   * its text changed or it is gone (the next program reads it anew), false
   * when it is the same or not one of them.
   */
  refreshImported(path: string): boolean {
    const old = this.#others.get(path);
    if (old === undefined || LIB_TEXTS.has(path)) return false;
    let text: string | undefined;
    try {
      text = importedText(path);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
    if (text === old.text) return false;
    this.#others.delete(path);
    this.#importsVersion++;
    this.#changed();
    return true;
  }

  /** The program of the project's files as they are now. */
  program(): ts.Program {
    this.#program ??= ts.createProgram({
      rootNames: [...this.#roots.keys()],
      options: this.compilerOptions,
      host: this.#host,
      ...(this.#oldProgram === undefined
        ? {}
        : { oldProgram: this.#oldProgram }),
    });
    return this.#program;
  }

  /**
   * The module `specifier` imported by `containingFile` (absolute) resolves
   * to: the resolver's file when it exists, else TypeScript's answer. Kept
   * per directory until a file changes.
   */
  resolveModule(
    specifier: string,
    containingFile: string,
    mode?: ts.ResolutionMode,
  ): ts.ResolvedModuleWithFailedLookupLocations {
    const dir = containingFile.slice(0, containingFile.lastIndexOf("/"));
    const key = `${mode}\0${dir}\0${specifier}`;
    let resolved = this.#resolved.get(key);
    if (resolved === undefined) {
      resolved = this.#resolveModule(specifier, containingFile, mode);
      this.#resolved.set(key, resolved);
    }
    return resolved;
  }

  #resolveModule(
    specifier: string,
    containingFile: string,
    mode: ts.ResolutionMode,
  ): ts.ResolvedModuleWithFailedLookupLocations {
    const path = containingFile.includes("/node_modules/")
      ? undefined
      : this.#resolver?.resolve(specifier, containingFile);
    const extension = path === undefined
      ? undefined
      : MODULE_EXTENSION.exec(path)?.[1];
    if (
      path !== undefined && extension !== undefined && this.#fileExists(path)
    ) {
      return {
        resolvedModule: {
          resolvedFileName: path,
          extension,
          isExternalLibraryImport: path.includes("/node_modules/"),
        },
      };
    }
    return ts.resolveModuleName(
      specifier,
      containingFile,
      this.compilerOptions,
      this.#host,
      this.#resolutionCache,
      undefined,
      mode,
    );
  }

  #changed(): void {
    if (this.#program !== undefined) this.#oldProgram = this.#program;
    this.#program = undefined;
    this.#exists.clear();
    this.#resolutionCache.clear();
    this.#resolved.clear();
  }

  #parse(path: string, text: string, parents: boolean): ts.SourceFile {
    return ts.createSourceFile(
      path,
      text,
      {
        languageVersion: this.compilerOptions.target ?? ts.ScriptTarget.ESNext,
      },
      parents,
    );
  }

  /** A file the program reads that is not a project file: parsed once. */
  #other(path: string): ts.SourceFile | undefined {
    if (this.#others.has(path)) return this.#others.get(path);
    const text = this.#readFile(path);
    const file = text === undefined
      ? undefined
      : this.#parse(path, text, false);
    this.#others.set(path, file);
    return file;
  }

  #readFile(path: string): string | undefined {
    const lib = LIB_TEXTS.get(path);
    if (lib !== undefined) return lib;
    try {
      return importedText(path);
    } catch {
      return undefined;
    }
  }

  #fileExists(path: string): boolean {
    if (this.#roots.has(path) || LIB_TEXTS.has(path)) return true;
    let exists = this.#exists.get(path);
    if (exists === undefined) {
      exists = statSync(path)?.isFile ?? false;
      this.#exists.set(path, exists);
    }
    return exists;
  }

  #compilerHost(): ts.CompilerHost {
    const canonical = (name: string) =>
      CASE_SENSITIVE ? name : name.toLowerCase();
    return {
      getSourceFile: (path) => this.#roots.get(path) ?? this.#other(path),
      getDefaultLibFileName: (options) =>
        `${LIB_FOLDER}/${ts.getDefaultLibFileName(options)}`,
      getDefaultLibLocation: () => LIB_FOLDER,
      writeFile: () => {},
      getCurrentDirectory: () => this.#root,
      getCanonicalFileName: canonical,
      useCaseSensitiveFileNames: () => CASE_SENSITIVE,
      getNewLine: () => "\n",
      fileExists: (path) => this.#fileExists(path),
      readFile: (path) => this.#roots.get(path)?.text ?? this.#readFile(path),
      directoryExists: (path) =>
        path === LIB_FOLDER ||
        (statSync(path)?.isDirectory ?? false),
      resolveModuleNameLiterals: (literals, containingFile, _, options, file) =>
        literals.map((literal) =>
          this.resolveModule(
            literal.text,
            containingFile,
            ts.getModeForUsageLocation(file, literal, options),
          )
        ),
      getDirectories: (path) => {
        try {
          return [...Deno.readDirSync(path)]
            .filter((entry) => entry.isDirectory).map((entry) => entry.name);
        } catch {
          return [];
        }
      },
    };
  }
}

function readText(path: string): string {
  return DECODER.decode(Deno.readFileSync(path));
}

/** The text of a file the program reads beside the project's own. */
function importedText(path: string): string {
  const text = readText(path);
  return isTailorModule(path) ? TAILOR_DECLARATIONS.textOf(path, text) : text;
}

function statSync(path: string): Deno.FileInfo | undefined {
  try {
    return Deno.statSync(path);
  } catch {
    return undefined;
  }
}
