/**
 * npm TypeScript's compiler run in-process on a project directory with its
 * own `tsconfig.json`, as `tsc -p DIR` would. The standard library files are
 * parsed once and shared between projects, so a matrix of small projects
 * type-checks in seconds.
 *
 * @module
 */

// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import ts from "npm:typescript@5.9.3";

/** One compiler diagnostic. */
export interface TscDiagnostic {
  /** `TS5097`. */
  readonly code: string;
  /** Path relative to the project, when the diagnostic has a file. */
  readonly file?: string;
  /** 1-based line, when the diagnostic has a file. */
  readonly line?: number;
  readonly message: string;
}

/** The version of the compiler. */
export const TYPESCRIPT_VERSION: string = ts.version;

const libCache = new Map<string, ts.SourceFile>();

/** A compiler host that parses each standard library file once. */
function cachingHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const libFile = ts.getDefaultLibFilePath(options);
  const libDir = libFile.slice(0, libFile.lastIndexOf("/") + 1);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, create) => {
    if (!fileName.startsWith(libDir)) {
      return getSourceFile(fileName, languageVersion, onError, create);
    }
    const version = typeof languageVersion === "object"
      ? `${languageVersion.languageVersion}/${languageVersion.impliedNodeFormat}`
      : String(languageVersion);
    const key = `${fileName}|${version}`;
    let file = libCache.get(key);
    if (file === undefined) {
      file = getSourceFile(fileName, languageVersion, onError, create);
      if (file !== undefined) libCache.set(key, file);
    }
    return file;
  };
  return host;
}

function toDiagnostic(dir: string, diagnostic: ts.Diagnostic): TscDiagnostic {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
  const code = `TS${diagnostic.code}`;
  if (diagnostic.file === undefined || diagnostic.start === undefined) {
    return { code, message };
  }
  const { line } = diagnostic.file.getLineAndCharacterOfPosition(
    diagnostic.start,
  );
  const file = diagnostic.file.fileName.startsWith(`${dir}/`)
    ? diagnostic.file.fileName.slice(dir.length + 1)
    : diagnostic.file.fileName;
  return { code, file, line: line + 1, message };
}

/**
 * Type-checks the project in `dir` by its `tsconfig.json`, and writes its
 * output when the configuration emits and there are no errors.
 */
export function compileProject(dir: string): TscDiagnostic[] {
  const problems: ts.Diagnostic[] = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(
    `${dir}/tsconfig.json`,
    undefined,
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => problems.push(d),
    },
  );
  if (parsed === undefined) return problems.map((d) => toDiagnostic(dir, d));
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    host: cachingHost(parsed.options),
    configFileParsingDiagnostics: parsed.errors,
  });
  const diagnostics = [...ts.getPreEmitDiagnostics(program)];
  if (diagnostics.length === 0 && !parsed.options.noEmit) {
    diagnostics.push(...program.emit().diagnostics);
  }
  return diagnostics.map((d) => toDiagnostic(dir, d));
}

/** One line per diagnostic, `file:line - TSnnnn: message`. */
export function formatDiagnostics(
  diagnostics: readonly TscDiagnostic[],
): string {
  return diagnostics.map((d) =>
    `${d.file ?? ""}${d.line === undefined ? "" : `:${d.line}`} - ${d.code}: ${
      d.message.split("\n")[0]
    }`
  ).join("\n");
}
