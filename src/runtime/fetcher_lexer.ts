/**
 * The fetcher text's tokens: the lexer of `compileFetcher`, its positions
 * (1-based line and column, columns counting Unicode code points; `\r\n`,
 * `\n` and a lone `\r` each end a line) and its error.
 *
 * @module
 */

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

export interface Token {
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
export class Lexer {
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
export function describe(token: Token): string {
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

/** Throws a {@link FetcherSyntaxError} at `at`. */
export function fail(message: string, at: Token): never {
  throw new FetcherSyntaxError(message, at.line, at.column);
}

/** Throws "expected `what` but found ..." at `found`. */
export function expected(what: string, found: Token): never {
  fail(`expected ${what} but found ${describe(found)}`, found);
}

/** Line and column of a UTF-16 offset, counted as the lexer counts them. */
export function positionOf(text: string, offset: number): [number, number] {
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
