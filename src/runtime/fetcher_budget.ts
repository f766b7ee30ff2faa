/**
 * The work budget of a fetcher compiled from client text (`?fetcherCode=`):
 * the text limits bound its length and nesting, not what it loads, and a
 * 150-character fetcher can load an answer of megabytes (each association
 * level multiplies the rows). A store executing a client fetcher counts the
 * objects the answer will hold and their JSON bytes level by level, and
 * stops with a {@link FetcherBudgetError} (422) at the first level over
 * budget, before running the next statement. Fetchers written in the server
 * (`FetchBy` constants) have no budget.
 *
 * Where the budget comes from, limit by limit: the tighter of the server's
 * (`createServer({ fetcherBudget })`, for its requests) and the store's
 * (`new Store({ fetcherBudget })`); {@link DEFAULT_FETCHER_BUDGET} when
 * neither gives one (`src/store/request_budget.ts`). This module stays free
 * of imports, `node:` ones included, as the whole runtime does: a project
 * importing only the runtime is plain TypeScript, which `tsgo` checks.
 *
 * @module
 */

import type { AnyFetcher } from "./fetcher.ts";
import { HttpError } from "./http_error.ts";

/** Most work a client fetcher may ask for in one request. */
export interface FetcherBudget {
  /** Objects in the answer (each copy of a shared object counts). */
  readonly maxObjects: number;
  /** Bytes of the answer's JSON, estimated while loading. */
  readonly maxBytes: number;
  /**
   * Rows skipped before the first one returned, by a page or list
   * (`pageIndex × pageSize`, `offset`) or per parent by a to-many list
   * (`books(offset: N)`): the database ranks every skipped row, so deep
   * offsets cost as much as returning them. Checked for every read, server
   * fetchers included (the offset comes from the request).
   */
  readonly maxOffset: number;
  /**
   * Rows the database must rank for a client fetcher's sorted or sliced
   * to-many levels (`books(orderBy: ..., limit: ...)`), all levels
   * together: every child of the level's parents is sorted, however few
   * are kept. Counted (a bounded count) before each such level runs.
   */
  readonly maxSortedRows: number;
}

/**
 * 10,000 objects, 1 MiB of JSON, offsets up to 1,000 rows and 10,000
 * ranked rows: at most about 100 ms of database work on a table of
 * 200,000 books with 500-character names (`deno task bench`, docs/performance.md),
 * far above what the bookstore's real answers need.
 */
export const DEFAULT_FETCHER_BUDGET: FetcherBudget = {
  maxObjects: 10_000,
  maxBytes: 1_048_576,
  maxOffset: 1_000,
  maxSortedRows: 10_000,
};

/** Fetchers compiled from client text. */
const clientFetchers = new WeakSet<AnyFetcher>();

/** Marks `fetcher` as compiled from client text: it runs on a budget. */
export function markClientFetcher(fetcher: AnyFetcher): AnyFetcher {
  clientFetchers.add(fetcher);
  return fetcher;
}

/** Whether `fetcher` was compiled from client text (and so has a budget). */
export function isClientFetcher(fetcher: AnyFetcher): boolean {
  return clientFetchers.has(fetcher);
}

/** Checks a budget's limits are positive integers; returns it. */
export function checkBudget(
  budget: Partial<FetcherBudget>,
  owner: string,
): Partial<FetcherBudget> {
  for (const [key, value] of Object.entries(budget)) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 1)) {
      throw new TypeError(
        `${owner} fetcherBudget.${key} must be a positive integer, got ${value}`,
      );
    }
  }
  return budget;
}

/** What each limit counts, in an error message. */
const LIMIT_UNITS: Readonly<Record<keyof FetcherBudget, string>> = {
  maxObjects: "objects",
  maxBytes: "bytes of JSON",
  maxOffset: "skipped rows (offset)",
  maxSortedRows: "rows to sort in its ordered or sliced lists",
};

/** What to do instead, per limit, in an error message. */
const LIMIT_HINTS: Readonly<Record<keyof FetcherBudget, string>> = {
  maxObjects: "select fewer associations or nest them less",
  maxBytes: "select fewer associations or nest them less",
  maxOffset:
    "narrow the query with a condition or a sort instead of skipping rows",
  maxSortedRows:
    "order or slice fewer or smaller lists, or select them without orderBy, limit and offset",
};

/**
 * A request asked for more work than its budget: answered 422
 * `{ error: "fetcher-budget", limit: "maxObjects" | "maxBytes" |
 * "maxOffset" | "maxSortedRows", max, message }`. Loading stopped before
 * the statement that went over.
 */
export class FetcherBudgetError extends HttpError {
  /** The limit that was exceeded. */
  readonly limit: keyof FetcherBudget;

  /** `limit` of `max` exceeded (at least `reached`). */
  constructor(limit: keyof FetcherBudget, max: number, reached: number) {
    const who = limit === "maxOffset" ? "request" : "fetcher";
    const message = `the ${who} asks for more than ${max} ${
      LIMIT_UNITS[limit]
    } (at least ${reached}): ${LIMIT_HINTS[limit]}`;
    super(422, { error: "fetcher-budget", limit, max, message }, message);
    this.name = "FetcherBudgetError";
    this.limit = limit;
  }
}
