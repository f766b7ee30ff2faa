/**
 * Whether two versions of a TypeScript file differ only in comments (and
 * the spaces between tokens): then any mix of old and new files type-checks
 * as the old client does, and `api --watch` may rename them in one by one
 * instead of swapping the whole directory. Pure, no dependencies (it runs
 * in `tailor-api` on Node).
 *
 * The scan knows strings, template literals and comments. It gives up (the
 * files count as changed in code) on anything it cannot tell apart without
 * a parser (a `/` that starts no comment: a division or a regular
 * expression), on a comment that steers the checker (`@ts-`, `@jsx`,
 * `/// <reference>`) and on a change in where lines break.
 *
 * @module
 */

/** A run of identifier characters, from `lastIndex`. */
const WORD = /[\w$]+/y;

/** Comments the type checker reads. */
const CHECKER_COMMENT = /@ts-|@jsx|^\/\/\/\s*</;

/** True when `before` and `after` hold the same code, comments aside. */
export function sameCode(before: string, after: string): boolean {
  if (before === after) return true;
  const code = codeOf(before);
  return code !== undefined && code === codeOf(after);
}

/**
 * The tokens of `text` without comments, each run of spaces and comments
 * as one space (or one line break, if it held one: line breaks matter for
 * automatic semicolons); undefined when the scan gives up.
 */
export function codeOf(text: string): string | undefined {
  const out: string[] = [];
  /** Open `${` substitutions: the brace depth inside each. */
  const substitutions: number[] = [];
  let braces = 0;
  /** 0: no space pending, 1: a space, 2: a line break. */
  let gap = 0;
  const emit = (token: string) => {
    if (gap > 0 && out.length > 0) out.push(gap === 2 ? "\n" : " ");
    gap = 0;
    out.push(token);
  };
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (char === "\n" || char === "\r") {
      gap = 2;
      at++;
    } else if (char === " " || char === "\t" || /\s/.test(char)) {
      gap = Math.max(gap, 1);
      at++;
    } else if (char === "/") {
      const next = text[at + 1];
      const end = next === "/"
        ? lineEnd(text, at)
        : next === "*"
        ? text.indexOf("*/", at + 2) + 2
        : -1;
      if (end < 2) return undefined;
      const comment = text.slice(at, end);
      if (CHECKER_COMMENT.test(comment)) return undefined;
      gap = Math.max(gap, /[\n\r]/.test(comment) ? 2 : 1);
      at = end;
    } else if (char === "'" || char === '"') {
      const end = stringEnd(text, at);
      if (end < 0) return undefined;
      emit(text.slice(at, end));
      at = end;
    } else if (
      char === "`" || (char === "}" && braces === 0 && substitutions.length > 0)
    ) {
      if (char === "}") braces = substitutions.pop()!;
      const end = templateEnd(text, at + 1);
      if (end < 0) return undefined;
      emit(text.slice(at, end));
      if (text[end - 1] === "{") {
        substitutions.push(braces);
        braces = 0;
      }
      at = end;
    } else {
      if (char === "{") braces++;
      if (char === "}") braces--;
      WORD.lastIndex = at;
      const end = WORD.test(text) ? WORD.lastIndex : at + 1;
      emit(text.slice(at, end));
      at = end;
    }
  }
  return substitutions.length === 0 ? out.join("") : undefined;
}

/** The end of the line comment at `at` (its line break excluded). */
function lineEnd(text: string, at: number): number {
  const end = text.slice(at).search(/[\n\r]/);
  return end < 0 ? text.length : at + end;
}

/** The index after the string literal opening at `at`, or -1. */
function stringEnd(text: string, at: number): number {
  const quote = text[at];
  for (let i = at + 1; i < text.length; i++) {
    const char = text[i];
    if (char === "\\") i++;
    else if (char === quote) return i + 1;
    else if (char === "\n" || char === "\r") return -1;
  }
  return -1;
}

/**
 * The index after a template literal's part starting at `at` (after its
 * backtick or `}`): after the closing backtick or after `${`; or -1.
 */
function templateEnd(text: string, at: number): number {
  for (let i = at; i < text.length; i++) {
    const char = text[i];
    if (char === "\\") i++;
    else if (char === "`") return i + 1;
    else if (char === "$" && text[i + 1] === "{") return i + 2;
  }
  return -1;
}
