/**
 * SQL pieces a store keeps between queries, so the same fetcher asked again
 * writes the same SQL without rebuilding it (the executor,
 * `fetch_executor.ts`, builds them).
 *
 * @module
 */

import type { AnyFetcher } from "../runtime/fetcher.ts";
import type { ColumnType } from "./dialect.ts";
import type { SortTerm } from "./sort_code.ts";

/**
 * SQL pieces of one store that depend only on a fetcher or a sort (select
 * lists, `ORDER BY` terms, the columns to decode), built on first use: the
 * same fetcher asked again writes the same SQL without rebuilding it.
 */
export class QueryPieces {
  readonly #selects = new WeakMap<AnyFetcher, Map<string, readonly string[]>>();
  readonly #orders = new WeakMap<readonly SortTerm[], string>();
  readonly #heads = new WeakMap<AnyFetcher, string>();
  readonly #decoders = new WeakMap<AnyFetcher, readonly ScalarColumn[]>();
  readonly #statements = new WeakMap<
    AnyFetcher,
    WeakMap<readonly SortTerm[], Map<number, string>>
  >();

  /** The select list of `fetcher` (with `also`), built by `build` once. */
  select(
    fetcher: AnyFetcher,
    also: string,
    build: () => string[],
  ): string[] {
    let byAlso = this.#selects.get(fetcher);
    if (byAlso === undefined) this.#selects.set(fetcher, byAlso = new Map());
    let columns = byAlso.get(also);
    if (columns === undefined) byAlso.set(also, columns = build());
    return [...columns];
  }

  /** `SELECT <columns>` of a root query, built by `build` once. */
  head(fetcher: AnyFetcher, build: () => string): string {
    let head = this.#heads.get(fetcher);
    if (head === undefined) this.#heads.set(fetcher, head = build());
    return head;
  }

  /** The `ORDER BY` terms of `sort`, built by `build` once per array. */
  order(sort: readonly SortTerm[], build: () => string): string {
    let order = this.#orders.get(sort);
    if (order === undefined) this.#orders.set(sort, order = build());
    return order;
  }

  /**
   * A root statement of `fetcher` without filters or conditions, by `sort`
   * and `shape` (a number standing for what else its text depends on),
   * built by `build` once.
   */
  statement(
    fetcher: AnyFetcher,
    sort: readonly SortTerm[],
    shape: number,
    build: () => string,
  ): string {
    let bySort = this.#statements.get(fetcher);
    if (bySort === undefined) {
      this.#statements.set(fetcher, bySort = new WeakMap());
    }
    let byShape = bySort.get(sort);
    if (byShape === undefined) bySort.set(sort, byShape = new Map());
    let text = byShape.get(shape);
    if (text === undefined) byShape.set(shape, text = build());
    return text;
  }

  /** The scalar columns of `fetcher` to decode, built by `build` once. */
  decoders(
    fetcher: AnyFetcher,
    build: () => readonly ScalarColumn[],
  ): readonly ScalarColumn[] {
    let columns = this.#decoders.get(fetcher);
    if (columns === undefined) this.#decoders.set(fetcher, columns = build());
    return columns;
  }
}

/** A selected scalar and its declared column type. */
export interface ScalarColumn {
  /** The row key (a field of an embedded value: its dotted path). */
  readonly name: string;
  readonly type: ColumnType | undefined;
  /** A field of an embedded value: where it goes in the object. */
  readonly path?: readonly string[];
  /** An embedded object at `path` that every row has, its fields null or not. */
  readonly object?: true;
}
