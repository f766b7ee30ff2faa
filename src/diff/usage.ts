/**
 * Usage-aware levels, as graphql-inspector's "consider usage" and Apollo's
 * operation checks do: a change in an operation that a front end never
 * calls breaks nobody there. What a front end uses is read from its
 * sources (every identifier they name: `api.bookService.findBook` names
 * `bookService` and `findBook`) or from its fetcher manifest (`tailor
 * fetchers`: the properties its client-chosen shapes select). Both read
 * more than is used (a name in a comment counts), never less, so a change
 * is lowered only when the front end surely does not reach it.
 *
 * @module
 */

import type { Change } from "./change.ts";

/** What one front end uses. */
export interface FrontEndUsage {
  /** How the user named it (`web/`, `fetchers.json`). */
  readonly label: string;
  /**
   * Identifiers its sources name; undefined when only a manifest is known
   * (then every operation counts as used).
   */
  readonly identifiers?: ReadonlySet<string>;
  /**
   * Property names its client-chosen fetchers select; undefined without a
   * manifest.
   */
  readonly selected?: ReadonlySet<string>;
}

const COMPATIBLE = {
  ts: "compatible",
  java: "compatible",
  wire: "compatible",
} as const;

/** `changes` with those `usage` never reaches lowered to compatible. */
export function applyUsage(
  changes: readonly Change[],
  usage: FrontEndUsage,
  dynamicOperations: ReadonlySet<string>,
): Change[] {
  return changes.map((change) => {
    const reason = unusedReason(change, usage, dynamicOperations);
    return reason === undefined
      ? change
      : { ...change, levels: COMPATIBLE, unused: reason };
  });
}

function unusedReason(
  change: Change,
  usage: FrontEndUsage,
  dynamicOperations: ReadonlySet<string>,
): string | undefined {
  const operation = change.operation;
  if (operation === undefined || change.rule === "operation-added") {
    return undefined;
  }
  const [service = "", name = ""] = operation.split(".");
  const accessor = service.charAt(0).toLowerCase() + service.slice(1);
  if (
    usage.identifiers !== undefined &&
    !(usage.identifiers.has(accessor) && usage.identifiers.has(name))
  ) {
    return `${usage.label} never calls ${accessor}.${name}`;
  }
  if (
    usage.selected !== undefined && dynamicOperations.has(operation) &&
    change.path.startsWith("result.")
  ) {
    const properties = change.path.slice("result.".length).split(/[.[\]{}]+/)
      .filter((step) => /^[A-Za-z_$][\w$]*$/.test(step));
    const missing = properties.find((p) => !usage.selected!.has(p));
    if (missing !== undefined) {
      return `no fetcher of ${usage.label} selects ${missing}`;
    }
  }
  return undefined;
}

/** Every identifier in `text` (comments and strings included). */
export function identifiersOf(text: string): Set<string> {
  return new Set(text.match(/[A-Za-z_$][\w$]*/g) ?? []);
}
