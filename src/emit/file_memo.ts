/**
 * Reuse of per-file work across renders of successive models (watch mode):
 * an emitter asks its {@link FileMemo} for a file's text, naming the model
 * object the file is made of (`owner`) and every other input the text reads
 * (`deps`); a memo that kept the text made last time from the same owner and
 * the same deps (`===`) hands it back instead of computing it again.
 *
 * Models are never mutated, and the incremental analysis reuses the objects
 * of the parts an edit did not touch, so identity is a sound key. Emitters
 * stay pure: with {@link NO_MEMO} (the default) every text is computed.
 *
 * @module
 */

/** Where an emitter gets per-file results: computed, or kept from before. */
export interface FileMemo {
  /**
   * `compute()`, or the value it gave for the same `kind` and `owner` last
   * time when every one of `deps` is the same (`===`) as then and `usable`
   * (if given) accepts it.
   */
  reuse<T>(
    kind: string,
    owner: object,
    deps: readonly unknown[],
    compute: () => T,
    usable?: (kept: T) => boolean,
  ): T;
  /**
   * `value`, or the value given last time under `kind` when that one is
   * equal to it (`equal`): a whole-model input that, kept identical, keeps
   * the results keyed by it reusable.
   */
  stable<T>(kind: string, value: T, equal: (a: T, b: T) => boolean): T;
}

/** A memo that keeps nothing: every result is computed. */
export const NO_MEMO: FileMemo = {
  reuse: (_kind, _owner, _deps, compute) => compute(),
  stable: (_kind, value) => value,
};

interface Entry {
  readonly deps: readonly unknown[];
  readonly value: unknown;
}

/** A memo that keeps the last result per kind and owner. */
export class RenderMemo implements FileMemo {
  readonly #entries = new WeakMap<object, Map<string, Entry>>();
  readonly #stable = new Map<string, unknown>();
  #computed = new Map<string, number>();

  readonly reuse: FileMemo["reuse"] = (kind, owner, deps, compute, usable) => {
    let byKind = this.#entries.get(owner);
    const entry = byKind?.get(kind);
    if (
      entry !== undefined && sameItems(entry.deps, deps) &&
      (usable === undefined ||
        usable(entry.value as ReturnType<typeof compute>))
    ) {
      return entry.value as ReturnType<typeof compute>;
    }
    const value = compute();
    this.#computed.set(kind, (this.#computed.get(kind) ?? 0) + 1);
    if (byKind === undefined) {
      byKind = new Map();
      this.#entries.set(owner, byKind);
    }
    byKind.set(kind, { deps, value });
    return value;
  };

  stable<T>(kind: string, value: T, equal: (a: T, b: T) => boolean): T {
    if (this.#stable.has(kind)) {
      const last = this.#stable.get(kind) as T;
      if (equal(last, value)) return last;
    }
    this.#stable.set(kind, value);
    return value;
  }

  /**
   * How many results of each kind were computed (not reused) since the last
   * call, which starts counting again.
   */
  takeCounts(): Map<string, number> {
    const counts = this.#computed;
    this.#computed = new Map();
    return counts;
  }
}

/** Whether two lists hold the same items (`===`) in the same order. */
export function sameItems(
  a: readonly unknown[],
  b: readonly unknown[],
): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Deep equality of plain data: primitives, arrays, plain objects (same keys
 * in the same order), Maps (same entries in the same order) and Sets.
 * Object properties named in `ignored` are not compared (at any depth).
 */
export function sameValue(
  a: unknown,
  b: unknown,
  ignored: ReadonlySet<string> = NOTHING,
): boolean {
  if (a === b) return true;
  if (
    typeof a !== "object" || typeof b !== "object" || a === null || b === null
  ) {
    return false;
  }
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) {
      return false;
    }
    const left = [...a];
    const right = [...b];
    return left.every(([key, value], i) =>
      key === right[i]![0] && sameValue(value, right[i]![1], ignored)
    );
  }
  if (a instanceof Set || b instanceof Set) {
    if (!(a instanceof Set && b instanceof Set) || a.size !== b.size) {
      return false;
    }
    const right = [...b];
    return [...a].every((value, i) => value === right[i]);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  const otherKeys = Object.keys(b);
  if (keys.length !== otherKeys.length) return false;
  return keys.every((key, i) =>
    key === otherKeys[i] &&
    (ignored.has(key) ||
      sameValue(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        ignored,
      ))
  );
}

const NOTHING: ReadonlySet<string> = new Set();
