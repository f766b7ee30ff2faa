/**
 * The canonical text and id of a fetcher: the text form `fetcherText`
 * prints (properties in declaration order, options normalized), and the
 * lowercase hex SHA-256 of its UTF-8 bytes. The generated TypeScript client
 * computes the same two for the fetchers its builder makes, so a persisted
 * fetcher travels as `?fetcherId=<id>` and the server's manifest lists it.
 *
 * @module
 */

import type { AnyClass } from "./metadata.ts";
import { type AnyFetcher, fetcherText } from "./fetcher.ts";
import { compileFetcher } from "./fetcher_compiler.ts";
import { sha256Hex } from "./sha256.ts";

/** The id of a fetcher's canonical text. */
export function fetcherId(fetcher: AnyFetcher): string {
  return sha256Hex(fetcherText(fetcher));
}

/**
 * The canonical text of fetcher text written for `entity`.
 *
 * @throws FetcherSyntaxError when the text does not compile.
 */
export function canonicalFetcherText(entity: AnyClass, text: string): string {
  return fetcherText(compileFetcher(entity, text));
}
