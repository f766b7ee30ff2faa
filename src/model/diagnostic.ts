/**
 * Diagnostics: what the analyzer reports instead of a model when a project
 * cannot be described to clients.
 *
 * @module
 */

/** How bad a diagnostic is: an error stops generation, a warning does not. */
export type Severity = "error" | "warning";

/** One problem in a project's source, at a precise place. */
export interface Diagnostic {
  /** `error` when absent. */
  readonly severity?: Severity;
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

/**
 * Renders a diagnostic as `file:line:col - error CODE: message`, then an
 * indented `hint:` line when it has one (`warning` instead of `error` for a
 * warning).
 */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}`;
  const hint = diagnostic.hint === undefined
    ? ""
    : `\n  hint: ${diagnostic.hint}`;
  const severity = diagnostic.severity ?? "error";
  return `${where} - ${severity} ${diagnostic.code}: ${diagnostic.message}${hint}`;
}
