/**
 * Shape projection: trims an object graph to exactly a fetcher's shape, so a
 * response carries the fields its type promises and nothing else.
 *
 * @module
 */

import {
  type AnyFetcher,
  isFetcher,
  type Selection,
  type ShapeOf,
} from "./fetcher.ts";

/** Upper bound of recursion levels for a recursive selection without depth. */
export const MAX_RECURSION_DEPTH = 64;

/**
 * Returns a new object graph holding exactly the fetcher's selections of
 * `data`: unfetched fields dropped, null or undefined values left out (so
 * optional types hold), associations trimmed recursively. A recursive
 * selection stops at its depth, at {@link MAX_RECURSION_DEPTH}, or where an
 * object would repeat one of its ancestors (cyclic graphs).
 */
export function applyFetcher<F extends AnyFetcher>(
  fetcher: F,
  data: object,
): ShapeOf<F> {
  if (!isFetcher(fetcher)) throw new TypeError("applyFetcher needs a fetcher");
  return project(fetcher, data, new Set()) as ShapeOf<F>;
}

function project(
  fetcher: AnyFetcher,
  data: object,
  ancestors: Set<object>,
): Record<string, unknown> {
  const source = data as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  ancestors.add(data);
  for (const [name, selection] of fetcher.selections) {
    const value = source[name];
    if (value === null || value === undefined) continue;
    if (selection.kind === "scalar") {
      result[name] = value;
      continue;
    }
    const projected = projectAssociation(name, selection, value, ancestors, 1);
    if (projected !== undefined) result[name] = projected;
  }
  ancestors.delete(data);
  return result;
}

function projectAssociation(
  name: string,
  selection: Extract<Selection, { kind: "association" }>,
  value: unknown,
  ancestors: Set<object>,
  level: number,
): unknown {
  const one = (item: unknown): Record<string, unknown> | undefined => {
    if (typeof item !== "object" || item === null) return undefined;
    if (selection.recursive === undefined) {
      return project(selection.child, item, ancestors);
    }
    return projectRecursive(name, selection, item, ancestors, level);
  };
  if (Array.isArray(value)) {
    return value.map(one).filter((item) => item !== undefined);
  }
  return one(value);
}

function projectRecursive(
  name: string,
  selection: Extract<Selection, { kind: "association" }>,
  item: object,
  ancestors: Set<object>,
  level: number,
): Record<string, unknown> | undefined {
  if (ancestors.has(item)) return undefined;
  const node = project(selection.child, item, ancestors);
  const limit = selection.recursive?.depth ?? MAX_RECURSION_DEPTH;
  const next = (item as Record<string, unknown>)[name];
  if (level < limit && next !== null && next !== undefined) {
    ancestors.add(item);
    const deeper = projectAssociation(
      name,
      selection,
      next,
      ancestors,
      level + 1,
    );
    ancestors.delete(item);
    if (deeper !== undefined) node[name] = deeper;
  }
  return node;
}
