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
import { sliceList } from "./list_options.ts";

/** Upper bound of recursion levels for a recursive selection without depth. */
export const MAX_RECURSION_DEPTH = 64;

/** Options of {@link applyFetcher}. */
export interface ApplyFetcherOptions {
  /**
   * What a selected property without a value becomes: `"omit"` (default) is
   * left out, `"null"` is `null` (a null or undefined value, a reference to
   * an ancestor, and a recursive selection at its end), as a server in
   * `orm.client.ts.null-render-mode: null` sends it.
   */
  readonly absent?: "omit" | "null";
  /**
   * What a to-many selection's `orderBy`, `limit` and `offset` do:
   * `"slice"` (default) orders, skips and limits each list here;
   * `"as-loaded"` keeps each list as given, for data loaded with the
   * options already applied (a server trimming a store's answer, where
   * skipping `offset` again would lose children).
   */
  readonly lists?: "slice" | "as-loaded";
}

/**
 * Returns a new object graph holding exactly the fetcher's selections of
 * `data`: unfetched fields dropped, null or undefined values left out (so
 * optional types hold; `null` with `{ absent: "null" }`), associations
 * trimmed recursively, a to-many one's `orderBy`, `limit` and `offset`
 * applied to each list (see `list_options.ts`). A recursive
 * selection stops at its depth, at {@link MAX_RECURSION_DEPTH}, or where an
 * object would repeat one of its ancestors (cyclic graphs).
 *
 * The walk is iterative (a chain of any length cannot overflow the stack),
 * and an object reached again at the same place of the fetcher (same
 * selection and recursion level) is projected once and shared, so the work
 * is linear in the size of the data graph even where it is a DAG whose
 * unfolded tree is exponential. The result is acyclic.
 *
 * @throws TypeError when `fetcher` is not a fetcher or `data` not an object.
 */
export function applyFetcher<F extends AnyFetcher>(
  fetcher: F,
  data: object,
): ShapeOf<F>;
/** With `{ absent: "null" }` absent values are `null`, which `ShapeOf` does not say. */
export function applyFetcher(
  fetcher: AnyFetcher,
  data: object,
  options: ApplyFetcherOptions,
): Record<string, unknown>;
export function applyFetcher(
  fetcher: AnyFetcher,
  data: object,
  options: ApplyFetcherOptions = {},
): unknown {
  if (!isFetcher(fetcher)) throw new TypeError("applyFetcher needs a fetcher");
  if (typeof data !== "object" || data === null) {
    throw new TypeError("applyFetcher needs an object to project");
  }
  return new Projection(
    options.absent === "null",
    options.lists !== "as-loaded",
  ).run(fetcher, data);
}

type Association = Extract<Selection, { kind: "association" }>;
/** A selection with a child fetcher: an association or an embedded value. */
type Nested = Extract<Selection, { kind: "association" | "embedded" }>;
type Output = Record<string, unknown>;

/** Where a recursive selection continues below the object of a task. */
interface Recursion {
  readonly name: string;
  readonly selection: Association;
  readonly level: number;
}

/** One object to fill: the fetcher's selections of `source` into `output`. */
interface Task {
  readonly fetcher: AnyFetcher;
  readonly source: object;
  readonly output: Output;
  readonly recursion: Recursion | undefined;
}

/** Marks where an object leaves the path, once everything below it is done. */
interface Leave {
  readonly leave: object;
}

/** One call of `applyFetcher`: a depth-first walk on an explicit stack. */
class Projection {
  /** Objects on the path from the root to the task being filled. */
  readonly #ancestors = new Set<object>();
  /** Tasks to run and path ends, last in first out. */
  readonly #stack: (Task | Leave)[] = [];
  /** Outputs already scheduled, by place (fetcher or selection), level and source. */
  readonly #scheduled = new Map<object, Map<number, Map<object, Output>>>();
  /** Whether a selected property without a value is written as `null`. */
  readonly #nulls: boolean;
  /** Whether lists are ordered, skipped and limited by their options. */
  readonly #slice: boolean;

  constructor(nulls: boolean, slice: boolean) {
    this.#nulls = nulls;
    this.#slice = slice;
  }

  run(fetcher: AnyFetcher, data: object): Output {
    const root = this.#schedule(fetcher, data, fetcher, 0, undefined);
    for (let item = this.#stack.pop(); item; item = this.#stack.pop()) {
      if ("leave" in item) this.#ancestors.delete(item.leave);
      else this.#fill(item);
    }
    return root;
  }

  #fill({ fetcher, source, output, recursion }: Task): void {
    const fields = source as Record<string, unknown>;
    this.#ancestors.add(source);
    this.#stack.push({ leave: source });
    for (const [name, selection] of fetcher.selections) {
      const value = fields[name];
      if (value === null || value === undefined) {
        this.#absent(output, name);
      } else if (selection.kind === "scalar") {
        output[name] = value;
      } else {
        this.#set(output, name, this.#association(name, selection, value, 1));
      }
    }
    if (recursion === undefined) return;
    const { name, selection, level } = recursion;
    const limit = selection.recursive?.depth ?? MAX_RECURSION_DEPTH;
    const next = fields[name];
    if (level < limit && next !== null && next !== undefined) {
      this.#set(
        output,
        name,
        this.#association(name, selection, next, level + 1),
      );
    } else this.#absent(output, name);
  }

  /** Writes `value`, or what an absent value becomes. */
  #set(output: Output, name: string, value: unknown): void {
    if (value === undefined) this.#absent(output, name);
    else output[name] = value;
  }

  /** Leaves `name` out, or writes `null` when absent values are nulls. */
  #absent(output: Output, name: string): void {
    if (this.#nulls) output[name] = null;
  }

  #association(
    name: string,
    selection: Nested,
    value: unknown,
    level: number,
  ): unknown {
    const one = (item: unknown): Output | undefined => {
      if (typeof item !== "object" || item === null) return undefined;
      if (selection.kind === "embedded" || selection.recursive === undefined) {
        return this.#schedule(selection.child, item, selection.child, 0);
      }
      if (this.#ancestors.has(item)) return undefined;
      return this.#schedule(selection.child, item, selection, level, {
        name,
        selection,
        level,
      });
    };
    if (Array.isArray(value)) {
      const options = selection.kind === "association"
        ? selection.list
        : undefined;
      const list = options === undefined || !this.#slice
        ? value
        : sliceList(value, options);
      return list.map(one).filter((item) => item !== undefined);
    }
    return one(value);
  }

  /** The output of `source` at a place, scheduled to be filled on first use. */
  #schedule(
    fetcher: AnyFetcher,
    source: object,
    place: object,
    level: number,
    recursion?: Recursion,
  ): Output {
    let levels = this.#scheduled.get(place);
    if (levels === undefined) this.#scheduled.set(place, levels = new Map());
    let outputs = levels.get(level);
    if (outputs === undefined) levels.set(level, outputs = new Map());
    const known = outputs.get(source);
    if (known !== undefined) return known;
    const output: Output = {};
    outputs.set(source, output);
    this.#stack.push({ fetcher, source, output, recursion });
    return output;
  }
}
