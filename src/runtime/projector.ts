/**
 * Compiled projection: {@link applyFetcher} turned into a function of the
 * data, built once per fetcher (a server builds one per route at start-up).
 * A fetcher with no recursive selection anywhere becomes a plain walk of its
 * selections (no stack, no bookkeeping); a recursive one keeps
 * `applyFetcher`, which guards against cycles and depth. Both give the same
 * JSON: `projector_test.ts` checks it on the fixtures' fetchers and on
 * random fetchers and graphs.
 *
 * @module
 */

import { applyFetcher, type ApplyFetcherOptions } from "./apply_fetcher.ts";
import { type AnyFetcher, isFetcher } from "./fetcher.ts";
import { type ListSelection, sliceList } from "./list_options.ts";

/** Projects one object to a fetcher's shape (what `applyFetcher` returns). */
export type Projector = (data: object) => Record<string, unknown>;

/**
 * The projection of `fetcher` as a function: `compileProjector(f, o)(data)`
 * serializes to the same JSON as `applyFetcher(f, data, o)`, for any object
 * `data`.
 *
 * @throws TypeError when `fetcher` is not a fetcher.
 */
export function compileProjector(
  fetcher: AnyFetcher,
  options: ApplyFetcherOptions = {},
): Projector {
  if (!isFetcher(fetcher)) {
    throw new TypeError("compileProjector needs a fetcher");
  }
  const slice = options.lists !== "as-loaded";
  return plainProjector(fetcher, options.absent === "null", slice) ??
    ((data) => applyFetcher(fetcher, data, options));
}

/**
 * The walk of a fetcher without recursive selections, or undefined when it
 * has one. Without recursion the walk follows the fetcher, whose depth is
 * fixed, so a cyclic graph ends and the stack stays shallow.
 */
function plainProjector(
  fetcher: AnyFetcher,
  nulls: boolean,
  slice: boolean,
): Projector | undefined {
  const names: string[] = [];
  const children: (Projector | undefined)[] = [];
  const lists: (ListSelection | undefined)[] = [];
  for (const [name, selection] of fetcher.selections) {
    let child: Projector | undefined;
    if (selection.kind !== "scalar") {
      if (
        selection.kind === "association" && selection.recursive !== undefined
      ) {
        return undefined;
      }
      child = plainProjector(selection.child, nulls, slice);
      if (child === undefined) return undefined;
    }
    names.push(name);
    children.push(child);
    lists.push(
      slice && selection.kind === "association" ? selection.list : undefined,
    );
  }
  const count = names.length;
  return (data) => {
    const source = data as Record<string, unknown>;
    const output: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) {
      const name = names[i]!;
      const value = source[name];
      const child = children[i];
      if (value === null || value === undefined) {
        if (nulls) output[name] = null;
      } else if (child === undefined) {
        output[name] = value;
      } else if (Array.isArray(value)) {
        const items: Record<string, unknown>[] = [];
        const list = lists[i];
        for (
          const item of list === undefined ? value : sliceList(value, list)
        ) {
          if (typeof item === "object" && item !== null) {
            items.push(child(item));
          }
        }
        output[name] = items;
      } else if (typeof value === "object") {
        output[name] = child(value);
      } else if (nulls) {
        output[name] = null;
      }
    }
    return output;
  };
}
