/**
 * A bounded cache of compiled fetchers keyed by their text, for endpoints
 * that take a fetcher from the client (`?fetcherCode=`): the same text is
 * compiled once, memory stays bounded whatever clients send.
 *
 * @module
 */

import type { AnyFetcher } from "../runtime/fetcher.ts";

/** Default number of fetcher texts a {@link FetcherCache} keeps. */
export const FETCHER_CACHE_SIZE = 100;

/** Compiled fetchers by text; the least recently used one goes first. */
export class FetcherCache {
  readonly #compile: (code: string) => AnyFetcher;
  readonly #capacity: number;
  readonly #fetchers = new Map<string, AnyFetcher>();

  /** A cache over `compile` (which throws for bad text: nothing is kept). */
  constructor(
    compile: (code: string) => AnyFetcher,
    capacity = FETCHER_CACHE_SIZE,
  ) {
    this.#compile = compile;
    this.#capacity = capacity;
  }

  /** Number of texts kept. */
  get size(): number {
    return this.#fetchers.size;
  }

  /** The fetcher of `code`, compiled on first use. */
  get(code: string): AnyFetcher {
    const fetcher = this.#fetchers.get(code) ?? this.#compile(code);
    this.#fetchers.delete(code);
    this.#fetchers.set(code, fetcher);
    if (this.#fetchers.size > this.#capacity) {
      this.#fetchers.delete(this.#fetchers.keys().next().value!);
    }
    return fetcher;
  }
}
