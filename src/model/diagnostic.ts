/**
 * Diagnostics: what the analyzer reports instead of a model when a project
 * cannot be described to clients.
 *
 * @module
 */

/** One problem in a project's source, at a precise place. */
export interface Diagnostic {
  /** Stable code, `TAILOR001`..., documented in README.md. */
  readonly code: string;
  /** Path relative to the project root, with `/` separators. */
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
  /** What is wrong, naming the class and method. */
  readonly message: string;
  /** What to do about it. */
  readonly hint?: string;
}

/** Renders a diagnostic as `file:line:col - error CODE: message (hint)`. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}`;
  const hint = diagnostic.hint === undefined
    ? ""
    : `\n  hint: ${diagnostic.hint}`;
  return `${where} - error ${diagnostic.code}: ${diagnostic.message}${hint}`;
}
