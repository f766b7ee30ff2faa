/**
 * Counts what a client fetcher's answer will hold while the executor loads
 * it, level by level, and stops at the first level over its budget
 * (`FetcherBudget`, `src/runtime/fetcher_budget.ts`). An object shared by
 * several owners (a store referenced by many books) is written once per
 * owner in the JSON answer, so it counts once per copy.
 *
 * @module
 */

import {
  type FetcherBudget,
  FetcherBudgetError,
} from "../runtime/fetcher_budget.ts";

/** A loaded object and how many times the answer writes it. */
export interface Counted {
  /** The object's own entries so far (scalars). */
  readonly object: Readonly<Record<string, unknown>>;
  /** Times it is written in the answer (more than once when shared). */
  copies: number;
}

/** Objects and estimated JSON bytes loaded so far, against a budget. */
export class LoadMeter {
  readonly #budget: FetcherBudget;
  #objects = 0;
  #bytes = 0;
  #sortedRows = 0;

  /** A meter of nothing loaded yet. */
  constructor(budget: FetcherBudget) {
    this.#budget = budget;
  }

  /**
   * Rows the next statement needs at most: one more than the objects left,
   * so a statement returning that many is known to go over.
   */
  get rowLimit(): number {
    return this.#budget.maxObjects - this.#objects + 1;
  }

  /**
   * Rows a sorted level may rank before the budget is over: one more than
   * the ranked rows left, so a bounded count reaching it is known to go
   * over.
   */
  get sortedRowLimit(): number {
    return this.#budget.maxSortedRows - this.#sortedRows + 1;
  }

  /**
   * Counts the `rows` the next sorted or sliced level ranks.
   *
   * @throws FetcherBudgetError (`maxSortedRows`) when all levels together
   * rank more than the budget.
   */
  addSorted(rows: number): void {
    this.#sortedRows += rows;
    if (this.#sortedRows > this.#budget.maxSortedRows) {
      throw new FetcherBudgetError(
        "maxSortedRows",
        this.#budget.maxSortedRows,
        this.#sortedRows,
      );
    }
  }

  /**
   * Checks a to-many list's per-parent `offset`.
   *
   * @throws FetcherBudgetError (`maxOffset`) when it is over the budget.
   */
  checkOffset(offset: number): void {
    checkOffset(this.#budget, offset);
  }

  /**
   * Counts one level: `loaded` (their copies set), and, for an association
   * level, the entry `name` adds to each copy of its `owners`.
   *
   * @throws FetcherBudgetError when either total is over its limit.
   */
  addLevel(
    loaded: readonly Counted[],
    name?: string,
    owners: readonly Counted[] = [],
  ): void {
    let objects = 0;
    let bytes = 0;
    for (const node of loaded) {
      objects += node.copies;
      bytes += scalarBytes(node.object) * node.copies;
    }
    if (name !== undefined) {
      for (const node of owners) bytes += node.copies * (name.length + 6);
    }
    this.#add(objects, bytes);
  }

  #add(objects: number, bytes: number): void {
    this.#objects += objects;
    this.#bytes += bytes;
    if (this.#objects > this.#budget.maxObjects) {
      throw new FetcherBudgetError(
        "maxObjects",
        this.#budget.maxObjects,
        this.#objects,
      );
    }
    if (this.#bytes > this.#budget.maxBytes) {
      throw new FetcherBudgetError(
        "maxBytes",
        this.#budget.maxBytes,
        this.#bytes,
      );
    }
  }
}

/**
 * Checks the rows a read skips (`offset`) against `budget.maxOffset`.
 *
 * @throws FetcherBudgetError (`maxOffset`) when it is over.
 */
export function checkOffset(budget: FetcherBudget, offset: number): void {
  if (offset > budget.maxOffset) {
    throw new FetcherBudgetError("maxOffset", budget.maxOffset, offset);
  }
}

/**
 * Estimated bytes of an object's scalar entries in JSON (`{"name":"x"}`):
 * keys, values, quotes and punctuation; escapes and UTF-8 widths are not
 * counted. An association's entry (`"name":[]`) is counted per owner copy
 * by {@link LoadMeter.addLevel}.
 */
function scalarBytes(object: Readonly<Record<string, unknown>>): number {
  let bytes = 2;
  for (const key in object) {
    bytes += key.length + 4 + valueBytes(object[key]);
  }
  return bytes;
}

/**
 * Sets each target's copies: the sum of the copies of the owners whose key
 * (`ownerKey`) is the target's (`targetKey`).
 */
export function shareCopies<T extends Counted>(
  owners: readonly T[],
  ownerKey: (node: T) => unknown,
  targets: readonly T[],
  targetKey: (node: T) => unknown,
): void {
  const copies = new Map<unknown, number>();
  for (const node of owners) {
    const key = ownerKey(node);
    copies.set(key, (copies.get(key) ?? 0) + node.copies);
  }
  for (const node of targets) node.copies = copies.get(targetKey(node)) ?? 0;
}

function valueBytes(value: unknown): number {
  switch (typeof value) {
    case "string":
      return value.length + 2;
    case "number":
    case "boolean":
    case "bigint":
      return String(value).length;
    default:
      return 4;
  }
}
