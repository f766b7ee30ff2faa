/**
 * The fetcher budget of the request being answered: the server sets it for
 * each request ({@link withFetcherBudget}), the store reads it while loading
 * a client fetcher ({@link effectiveBudget}). Kept out of `src/runtime/`,
 * whose modules import nothing (`node:async_hooks` would make every server
 * project's type check `deno check`'s instead of `tsgo`'s).
 *
 * @module
 */

import { AsyncLocalStorage } from "node:async_hooks";
import {
  DEFAULT_FETCHER_BUDGET,
  type FetcherBudget,
} from "../runtime/fetcher_budget.ts";

const requestBudget = new AsyncLocalStorage<Partial<FetcherBudget>>();

/** Runs `work` with the server's budget for client fetchers (a request). */
export function withFetcherBudget<T>(
  budget: Partial<FetcherBudget>,
  work: () => T,
): T {
  return requestBudget.run(budget, work);
}

/**
 * The budget a client fetcher runs on now: per limit, the tighter of the
 * current request's ({@link withFetcherBudget}) and `store`'s, the default
 * when neither gives it.
 */
export function effectiveBudget(
  store: Partial<FetcherBudget> | undefined,
): FetcherBudget {
  const request = requestBudget.getStore();
  // Read on every page a store loads: no arrays to build and spread.
  const limit = (key: keyof FetcherBudget) => {
    const fromRequest = request?.[key];
    const fromStore = store?.[key];
    if (fromRequest === undefined) {
      return fromStore === undefined ? DEFAULT_FETCHER_BUDGET[key] : fromStore;
    }
    return fromStore === undefined
      ? fromRequest
      : Math.min(fromRequest, fromStore);
  };
  return {
    maxObjects: limit("maxObjects"),
    maxBytes: limit("maxBytes"),
    maxOffset: limit("maxOffset"),
    maxSortedRows: limit("maxSortedRows"),
  };
}
