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
}

/**
 * 10,000 objects and 1 MiB of JSON: a few tens of milliseconds of work,
 * far above what the bookstore's real answers need.
 */
export const DEFAULT_FETCHER_BUDGET: FetcherBudget = {
  maxObjects: 10_000,
  maxBytes: 1_048_576,
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

/**
 * A client fetcher asked for more than its budget: answered 422
 * `{ error: "fetcher-budget", limit: "maxObjects" | "maxBytes", max,
 * message }`. Loading stopped at the level that went over.
 */
export class FetcherBudgetError extends HttpError {
  /** The limit that was exceeded. */
  readonly limit: keyof FetcherBudget;

  /** `limit` of `max` exceeded (at least `reached`). */
  constructor(limit: keyof FetcherBudget, max: number, reached: number) {
    const what = limit === "maxObjects" ? "objects" : "bytes of JSON";
    const message =
      `the fetcher asks for more than ${max} ${what} (at least ${reached}): select fewer associations or nest them less`;
    super(422, { error: "fetcher-budget", limit, max, message }, message);
    this.name = "FetcherBudgetError";
    this.limit = limit;
  }
}
