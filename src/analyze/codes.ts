/**
 * Stable diagnostic codes of the analyzer and the sink that collects
 * diagnostics with positions relative to the project root.
 *
 * The table is repeated in README.md beside this file; a code, once
 * published, keeps its meaning.
 *
 * @module
 */

import { relative } from "node:path";
import type { Diagnostic } from "../model/diagnostic.ts";
import { filePathOf, lineAndColumn, startOf, type ts } from "./compiler.ts";

/** Every diagnostic code with its meaning. */
export const CODES = {
  /** Warning: neither `@EnableImplicitApi()` nor `@Api()` in the project. */
  NOT_ENABLED: "TAILOR001",
  /** A returned or accepted type is too vague to describe. */
  VAGUE_TYPE: "TAILOR002",
  /** A method-level `@Api` group is not among its class's groups. */
  UNKNOWN_METHOD_GROUP: "TAILOR003",
  /** `FetchBy` names a constant that does not exist. */
  MISSING_FETCHER: "TAILOR004",
  /** `FetchBy` names a constant that is not a (typed) fetcher. */
  NOT_A_FETCHER: "TAILOR005",
  /** `FetchBy` names a fetcher of another entity than the one declared with it. */
  WRONG_FETCHER_ENTITY: "TAILOR006",
  /** Two operations answer the same HTTP method and path. */
  DUPLICATE_ROUTE: "TAILOR007",
  /** An operation has more than one request body. */
  TWO_BODIES: "TAILOR008",
  /** A path variable of the route has no `PathVariable` parameter. */
  UNBOUND_PATH_VARIABLE: "TAILOR009",
  /** A `PathVariable` parameter has no variable in the route's path. */
  MISSING_PATH_VARIABLE: "TAILOR010",
  /** A parameter outside the body has a type that is not simple. */
  NON_SIMPLE_PARAMETER: "TAILOR011",
  /** A type the client cannot express (a union of several types, a tuple...). */
  UNSUPPORTED_TYPE: "TAILOR012",
  /** `FetchBy` written in a form the analyzer cannot read. */
  MALFORMED_FETCH_BY: "TAILOR013",
  /** A decorator or marker argument that is not a literal. */
  NON_LITERAL_ARGUMENT: "TAILOR014",
  /** Two different declarations would get the same name on the client. */
  NAME_CLASH: "TAILOR015",
  /** Warning: explicit mode, `@Api` on a method of a class without `@Api`. */
  API_METHOD_OUTSIDE_API_CLASS: "TAILOR016",
  /** A source file of the project does not parse. */
  SYNTAX_ERROR: "TAILOR017",
  /** A decorator made from one of Tailor's in a way the analyzer cannot follow. */
  UNRESOLVED_DECORATOR: "TAILOR019",
  /** `@Controller` or `@EnableImplicitApi` on a class that is not top-level. */
  CLASS_NOT_TOP_LEVEL: "TAILOR020",
  /** A property of an entity or a type whose name is not an identifier. */
  PROPERTY_NAME: "TAILOR021",
  /** An operation has both a `RequestBody` and `RequestPart` parameters. */
  BODY_AND_PARTS: "TAILOR022",
  /** `@Throws` names something that is not a well-declared `ApiError` class. */
  BAD_ERROR_CLASS: "TAILOR023",
  /** Two error classes declare the same family and code. */
  DUPLICATE_ERROR_CODE: "TAILOR024",
  /** Tailor's decorators or marker types imported from a module that is not Tailor. */
  NOT_TAILOR_RUNTIME: "TAILOR025",
  /** A validation constraint tag that is impossible, contradictory or misplaced. */
  BAD_CONSTRAINT: "TAILOR026",
  /** An `@Embeddable()` or `@Embedded()` property the store and clients cannot hold. */
  BAD_EMBEDDABLE: "TAILOR027",
  /** An association's `orderBy`, `limit` or `offset` that cannot hold. */
  BAD_ASSOCIATION_OPTIONS: "TAILOR028",
  /** A discriminated union Tailor cannot describe (duplicate values, a member that is not a static type). */
  BAD_UNION: "TAILOR029",
  /** A `ClientFetcher<E>` parameter Tailor cannot serve: `E` is no entity, or two in one operation. */
  BAD_CLIENT_FETCHER: "TAILOR030",
} as const;

/** One of the codes of {@link CODES}. */
export type Code = typeof CODES[keyof typeof CODES];

/** What a warning carries; an error leaves `severity` out (its default). */
const WARNING = { severity: "warning" } as const;

/** Collects diagnostics; errors and warnings apart. */
export class DiagnosticSink {
  readonly errors: Diagnostic[] = [];
  readonly warnings: Diagnostic[] = [];
  readonly #root: string;
  readonly #seen = new Set<string>();

  constructor(root: string) {
    this.#root = root;
  }

  /** Reports an error at `node`. */
  error(code: Code, node: ts.Node, message: string, hint?: string): void {
    this.#add(this.errors, code, node, message, hint);
  }

  /** Reports a warning at `node`. */
  warning(code: Code, node: ts.Node, message: string, hint?: string): void {
    this.#add(this.warnings, code, node, message, hint, WARNING);
  }

  /** Reports an error at a character position of a source file. */
  errorAt(
    code: Code,
    sourceFile: ts.SourceFile,
    position: number,
    message: string,
    hint?: string,
  ): void {
    const { line, column } = lineAndColumn(sourceFile, position);
    this.#push(this.errors, {
      code,
      file: this.relativePath(filePathOf(sourceFile)),
      line,
      column,
      message,
      ...(hint === undefined ? {} : { hint }),
    });
  }

  /** Reports a warning about the project as a whole. */
  projectWarning(code: Code, message: string, hint?: string): void {
    this.warnings.push({
      ...WARNING,
      code,
      file: ".",
      line: 1,
      column: 1,
      message,
      ...(hint === undefined ? {} : { hint }),
    });
  }

  /** Relative position of a node, as the model's `SourceLocation`. */
  location(node: ts.Node): { file: string; line: number; column: number } {
    const { line, column } = lineAndColumn(node.getSourceFile(), startOf(node));
    return { file: this.relativePath(filePathOf(node)), line, column };
  }

  /** A path relative to the project root with `/` separators. */
  relativePath(path: string): string {
    return relative(this.#root, path).replaceAll("\\", "/");
  }

  #add(
    list: Diagnostic[],
    code: Code,
    node: ts.Node,
    message: string,
    hint: string | undefined,
    severity: typeof WARNING | undefined = undefined,
  ): void {
    this.#push(list, {
      ...severity,
      code,
      ...this.location(node),
      message,
      ...(hint === undefined ? {} : { hint }),
    });
  }

  #push(list: Diagnostic[], diagnostic: Diagnostic): void {
    const key = JSON.stringify(diagnostic);
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    list.push(diagnostic);
  }
}

/** Sorts diagnostics by file, line, column and code. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) =>
    compare(a.file, b.file) || a.line - b.line || a.column - b.column ||
    compare(a.code, b.code) || compare(a.message, b.message)
  );
}

/** Code-point order, independent of locale. */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
