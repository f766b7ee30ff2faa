/**
 * The fetcher compiler: fetcher text -> fetcher. (Stub; see issue 2.)
 *
 * @module
 */

import type { AnyClass } from "./metadata.ts";
import type { AnyFetcher } from "./fetcher.ts";

/** Limits of `compileFetcher`, so that a hostile string cannot exhaust a server. */
export interface CompileFetcherOptions {
  /** Maximum nesting depth of braces. Default 16. */
  readonly maxDepth?: number;
  /** Maximum length of the text in characters. Default 8192. */
  readonly maxLength?: number;
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

/** Compiles fetcher text such as `{ name store { name } }` for an entity. */
export function compileFetcher(
  _entity: AnyClass,
  _text: string,
  _options: CompileFetcherOptions = {},
): AnyFetcher {
  throw new FetcherSyntaxError("not implemented", 1, 1);
}
