/**
 * The fetcher compiler: fetcher text -> fetcher.
 *
 * The text form is the one `String(fetcher)` renders, so every fetcher's text
 * compiles back to an equal fetcher:
 *
 * ```text
 * { id name store { id name } authors { firstName, lastName } }
 * { name kind childNodes(recursive) { name kind } }
 * { name parent(depth: 3) { name } }
 * ```
 *
 * Grammar (whitespace is space, tab, line feed, carriage return, form feed
 * and vertical tab; it separates tokens and is otherwise ignored):
 *
 * ```text
 * fetcher  = body EOF
 * body     = "{" [ field [ "," ] { field [ "," ] } ] "}"
 * field    = NAME [ options ] [ body ]
 * options  = "(" option { "," option } ")"
 * option   = "recursive" | "depth" ":" INTEGER
 * NAME     = identifier (ID_Start or "$" or "_", then ID_Continue or "$")
 * INTEGER  = decimal digits, a positive safe integer
 * ```
 *
 * Decisions:
 *
 * - Fields are separated by whitespace, by one comma, or both. A field may be
 *   followed by at most one comma, so a single trailing comma before `}` is
 *   accepted (`{ name, }`), while a leading comma (`{ , name }`), an empty
 *   entry (`{ name,, edition }`) and a lone comma (`{ , }`) are rejected.
 * - `id` is always selected; writing it is allowed. `{}` is the id alone.
 * - A field may appear once per body; a duplicate is an error.
 * - An association without a body selects the target's id alone. A body is
 *   only for associations; options are only for self-associations
 *   (`(recursive)`, `(depth: N)`, or both: a depth implies recursion).
 * - Computed (`@Formula`) properties are selected like scalars.
 * - `depth: N` is at most `maxRecursionDepth` (default
 *   {@link MAX_RECURSION_DEPTH}), so a client cannot ask a server to walk an
 *   arbitrarily long chain; a server may raise the limit.
 * - Length is checked before anything else; nesting deeper than `maxDepth`
 *   braces is rejected where the offending `{` stands, so the recursive
 *   descent never exhausts the stack.
 *
 * - The fetcher returned runs on a work budget (`fetcher_budget.ts`): the
 *   text limits bound the text, not what it loads.
 *
 * For any string, `compileFetcher` either returns a fetcher or throws a
 * {@link FetcherSyntaxError} with a 1-based line and column (columns count
 * Unicode code points; `\r\n`, `\n` and a lone `\r` each end a line).
 *
 * @module
 */

import type { AnyClass } from "./metadata.ts";
import { type AnyFetcher, fetcherOf, type Selection } from "./fetcher.ts";
import { type EntityMetadata, entityMetadata } from "./entity.ts";
import { MAX_RECURSION_DEPTH } from "./apply_fetcher.ts";
import { markClientFetcher } from "./fetcher_budget.ts";

/** Limits of `compileFetcher`, so that a hostile string cannot exhaust a server. */
export interface CompileFetcherOptions {
  /** Maximum nesting depth of braces. Default 16. */
  readonly maxDepth?: number;
  /** Maximum length of the text in characters. Default 8192. */
  readonly maxLength?: number;
  /** Maximum `depth: N` of a recursive selection. Default 64. */
  readonly maxRecursionDepth?: number;
}

/** A fetcher text that does not compile, with its 1-based position. */
export class FetcherSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${message} at ${line}:${column}`);
    this.name = "FetcherSyntaxError";
  }
}

/** Default of {@link CompileFetcherOptions.maxDepth}. */
const DEFAULT_MAX_DEPTH = 16;
/** Default of {@link CompileFetcherOptions.maxLength}. */
export const DEFAULT_MAX_LENGTH = 8192;
/** Hard ceiling of `maxDepth`, which keeps the recursive descent stack-safe. */
const MAX_DEPTH_CEILING = 256;

type TokenKind =
  | "{"
  | "}"
  | "("
  | ")"
  | ","
  | ":"
  | "name"
  | "integer"
  | "invalid"
  | "end";

interface Token {
  readonly kind: TokenKind;
  /** Source text of the token (empty at the end). */
  readonly text: string;
  readonly line: number;
  readonly column: number;
}

const PUNCTUATION: ReadonlySet<string> = new Set([
  "{",
  "}",
  "(",
  ")",
  ",",
  ":",
]);
const NAME = /[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*/uy;
const INTEGER = /[0-9]+/y;

function isWhitespace(c: string): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\r" ||
    c === "\f" || c === "\v";
}

/** Splits the text into tokens on demand, tracking line and column. */
class Lexer {
  #offset = 0;
  #line = 1;
  #column = 1;
  #peeked: Token | undefined;

  constructor(private readonly text: string) {}

  peek(): Token {
    this.#peeked ??= this.#scan();
    return this.#peeked;
  }

  next(): Token {
    const token = this.peek();
    this.#peeked = undefined;
    return token;
  }

  /** Moves over `count` UTF-16 units on one line (no line breaks inside). */
  #advanceInLine(count: number): void {
    const end = this.#offset + count;
    while (this.#offset < end) {
      const code = this.text.charCodeAt(this.#offset);
      const pair = code >= 0xd800 && code <= 0xdbff &&
        this.#offset + 1 < end &&
        isLowSurrogate(this.text.charCodeAt(this.#offset + 1));
      this.#offset += pair ? 2 : 1;
      this.#column++;
    }
  }

  #skipWhitespace(): void {
    const text = this.text;
    while (this.#offset < text.length) {
      const c = text[this.#offset] as string;
      if (!isWhitespace(c)) return;
      this.#offset++;
      if (c === "\n" || (c === "\r" && text[this.#offset] !== "\n")) {
        this.#line++;
        this.#column = 1;
      } else if (c !== "\r") {
        this.#column++;
      }
    }
  }

  #scan(): Token {
    this.#skipWhitespace();
    const text = this.text;
    const line = this.#line;
    const column = this.#column;
    if (this.#offset >= text.length) {
      return { kind: "end", text: "", line, column };
    }
    const c = text[this.#offset] as string;
    let kind: TokenKind;
    let length: number;
    if (PUNCTUATION.has(c)) {
      kind = c as TokenKind;
      length = 1;
    } else if (matchAt(NAME, text, this.#offset)) {
      kind = "name";
      length = NAME.lastIndex - this.#offset;
    } else if (matchAt(INTEGER, text, this.#offset)) {
      kind = "integer";
      length = INTEGER.lastIndex - this.#offset;
    } else {
      kind = "invalid";
      const code = text.charCodeAt(this.#offset);
      length = code >= 0xd800 && code <= 0xdbff &&
          isLowSurrogate(text.charCodeAt(this.#offset + 1))
        ? 2
        : 1;
    }
    const token = {
      kind,
      text: text.slice(this.#offset, this.#offset + length),
      line,
      column,
    };
    this.#advanceInLine(length);
    return token;
  }
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function matchAt(pattern: RegExp, text: string, offset: number): boolean {
  pattern.lastIndex = offset;
  return pattern.test(text);
}

/** How a token reads in an error message. */
function describe(token: Token): string {
  switch (token.kind) {
    case "end":
      return "end of input";
    case "invalid":
      return `character ${JSON.stringify(token.text)}`;
    case "name":
    case "integer":
      return JSON.stringify(
        token.text.length > 40 ? token.text.slice(0, 40) + "…" : token.text,
      );
    default:
      return `"${token.kind}"`;
  }
}

function fail(message: string, at: Token): never {
  throw new FetcherSyntaxError(message, at.line, at.column);
}

function expected(what: string, found: Token): never {
  fail(`expected ${what} but found ${describe(found)}`, found);
}

class Parser {
  readonly #lexer: Lexer;

  constructor(
    text: string,
    private readonly maxDepth: number,
    private readonly maxRecursionDepth: number,
  ) {
    this.#lexer = new Lexer(text);
  }

  parse(entity: EntityMetadata): AnyFetcher {
    const first = this.#lexer.peek();
    if (first.kind !== "{") expected(`"{"`, first);
    const result = this.#body(entity, 1);
    const rest = this.#lexer.peek();
    if (rest.kind !== "end") expected("end of input", rest);
    return result;
  }

  /** `{ field* }` of `entity`, the lexer standing on `{`. */
  #body(entity: EntityMetadata, depth: number): AnyFetcher {
    const open = this.#lexer.next();
    if (depth > this.maxDepth) {
      fail(`nesting deeper than ${this.maxDepth} braces`, open);
    }
    const selections = new Map<string, Selection>();
    for (;;) {
      const token = this.#lexer.peek();
      if (token.kind === "}") {
        this.#lexer.next();
        return fetcherOf(entity.type, selections);
      }
      if (token.kind === "end") expected(`"}"`, token);
      if (token.kind !== "name") expected(`field name or "}"`, token);
      this.#field(entity, selections, depth);
      const after = this.#lexer.peek();
      if (after.kind === ",") {
        this.#lexer.next();
        const next = this.#lexer.peek();
        if (next.kind === "end") expected(`"}"`, next);
        if (next.kind !== "name" && next.kind !== "}") {
          expected(`field name or "}"`, next);
        }
      } else if (after.kind === "end") {
        expected(`"}"`, after);
      } else if (after.kind !== "name" && after.kind !== "}") {
        expected(`field name, "," or "}"`, after);
      }
    }
  }

  /** One field of `entity`, the lexer standing on its name. */
  #field(
    entity: EntityMetadata,
    selections: Map<string, Selection>,
    depth: number,
  ): void {
    const nameToken = this.#lexer.next();
    const name = nameToken.text;
    const property = entity.properties.get(name);
    if (property === undefined) {
      fail(`unknown field ${describe(nameToken)} of ${entity.name}`, nameToken);
    }
    if (selections.has(name)) {
      fail(`duplicate field "${name}" of ${entity.name}`, nameToken);
    }
    if (property.kind !== "association") {
      const next = this.#lexer.peek();
      if (next.kind === "{") {
        fail(
          `scalar field "${name}" of ${entity.name} cannot have a body`,
          next,
        );
      }
      if (next.kind === "(") {
        fail(
          `scalar field "${name}" of ${entity.name} takes no options`,
          next,
        );
      }
      selections.set(name, { kind: "scalar" });
      return;
    }
    const target = entityMetadata(property.target());
    let recursive: { depth?: number } | undefined;
    const open = this.#lexer.peek();
    if (open.kind === "(") {
      if (target.type !== entity.type) {
        fail(
          `association "${name}" of ${entity.name} is not a self-association and cannot be recursive`,
          open,
        );
      }
      recursive = this.#options();
    }
    const child = this.#lexer.peek().kind === "{"
      ? this.#body(target, depth + 1)
      : fetcherOf(target.type, new Map());
    selections.set(
      name,
      recursive === undefined
        ? { kind: "association", child }
        : { kind: "association", child, recursive },
    );
  }

  /** `(recursive, depth: N)`, the lexer standing on `(`. */
  #options(): { depth?: number } {
    this.#lexer.next();
    let recursive = false;
    let depth: number | undefined;
    for (;;) {
      const option = this.#lexer.next();
      if (option.kind === "name" && option.text === "recursive") {
        if (recursive) fail(`duplicate option "recursive"`, option);
        recursive = true;
      } else if (option.kind === "name" && option.text === "depth") {
        if (depth !== undefined) fail(`duplicate option "depth"`, option);
        const colon = this.#lexer.next();
        if (colon.kind !== ":") expected(`":"`, colon);
        const value = this.#lexer.next();
        if (value.kind !== "integer") expected("a positive integer", value);
        depth = Number(value.text);
        if (depth < 1 || depth > this.maxRecursionDepth) {
          fail(
            `depth must be a positive integer up to ${this.maxRecursionDepth}, found ${
              describe(value)
            }`,
            value,
          );
        }
      } else {
        expected(`"recursive" or "depth"`, option);
      }
      const after = this.#lexer.next();
      if (after.kind === ")") break;
      if (after.kind !== ",") expected(`"," or ")"`, after);
    }
    return depth === undefined ? {} : { depth };
  }
}

function limit(
  value: number | undefined,
  fallback: number,
  max: number,
  name: string,
): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new RangeError(`${name} must be an integer from 1 to ${max}`);
  }
  return value;
}

/** Line and column of a UTF-16 offset, counted as the lexer counts them. */
function positionOf(text: string, offset: number): [number, number] {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset; i++) {
    const c = text[i];
    const code = text.charCodeAt(i);
    if (c === "\n" || (c === "\r" && text[i + 1] !== "\n")) {
      line++;
      column = 1;
    } else if (c === "\r" || (isLowSurrogate(code) && i > 0 && isHigh(i - 1))) {
      // second half of "\r\n" or of a surrogate pair: same character
    } else {
      column++;
    }
  }
  return [line, column];

  function isHigh(at: number): boolean {
    const code = text.charCodeAt(at);
    return code >= 0xd800 && code <= 0xdbff;
  }
}

/**
 * Compiles fetcher text such as `{ name store { name } }` for an entity.
 *
 * @throws FetcherSyntaxError for any text that does not compile (and for no
 *   other reason, whatever the string).
 * @throws TypeError when `entity` is not an `@Entity()` class or `text` is not
 *   a string; RangeError when an option is not an integer from 1 to its
 *   ceiling (`maxDepth` at most 256).
 */
export function compileFetcher(
  entity: AnyClass,
  text: string,
  options: CompileFetcherOptions = {},
): AnyFetcher {
  const maxLength = limit(
    options.maxLength,
    DEFAULT_MAX_LENGTH,
    Number.MAX_SAFE_INTEGER,
    "maxLength",
  );
  const maxDepth = limit(
    options.maxDepth,
    DEFAULT_MAX_DEPTH,
    MAX_DEPTH_CEILING,
    "maxDepth",
  );
  const maxRecursionDepth = limit(
    options.maxRecursionDepth,
    MAX_RECURSION_DEPTH,
    Number.MAX_SAFE_INTEGER,
    "maxRecursionDepth",
  );
  if (typeof text !== "string") {
    throw new TypeError("compileFetcher needs the fetcher text as a string");
  }
  const metadata = entityMetadata(entity);
  if (text.length > maxLength) {
    const [line, column] = positionOf(text, maxLength);
    throw new FetcherSyntaxError(
      `fetcher text longer than ${maxLength} characters`,
      line,
      column,
    );
  }
  return markClientFetcher(
    new Parser(text, maxDepth, maxRecursionDepth).parse(metadata),
  );
}
