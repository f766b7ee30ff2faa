/**
 * Whether a value's validation constraints admit fewer values than before
 * (tightened), more (loosened), or some of each.
 *
 * @module
 */

import type { Constraints } from "../model/api_model.ts";

/** How the set of admitted values moved. */
export interface ConstraintChange {
  /** Some value admitted before is refused now. */
  readonly tightened: boolean;
  /** Some value refused before is admitted now. */
  readonly loosened: boolean;
}

interface Bound {
  readonly value: number;
  readonly exclusive: boolean;
}

/** Compares two constraint sets; undefined when they admit the same values. */
export function constraintChange(
  base: Constraints | undefined,
  head: Constraints | undefined,
): ConstraintChange | undefined {
  const b = base ?? {}, h = head ?? {};
  const moves = [
    lowerMove(lower(b), lower(h)),
    lowerMove(upper(b, -1), upper(h, -1)),
    lowerMove(count(b.minLength), count(h.minLength)),
    lowerMove(count(b.maxLength, -1), count(h.maxLength, -1)),
    lowerMove(count(b.minItems), count(h.minItems)),
    lowerMove(count(b.maxItems, -1), count(h.maxItems, -1)),
    textMove(b.pattern, h.pattern),
    textMove(b.format, h.format),
  ];
  const tightened = moves.some((move) => move.tightened);
  const loosened = moves.some((move) => move.loosened);
  return tightened || loosened ? { tightened, loosened } : undefined;
}

function lower(c: Constraints): Bound | undefined {
  if (c.minimum !== undefined) return { value: c.minimum, exclusive: false };
  if (c.exclusiveMinimum !== undefined) {
    return { value: c.exclusiveMinimum, exclusive: true };
  }
  return undefined;
}

/** An upper bound as a lower bound of the negated value. */
function upper(c: Constraints, sign: -1): Bound | undefined {
  if (c.maximum !== undefined) {
    return { value: sign * c.maximum, exclusive: false };
  }
  if (c.exclusiveMaximum !== undefined) {
    return { value: sign * c.exclusiveMaximum, exclusive: true };
  }
  return undefined;
}

/** A least count (or, negated, a greatest count) as a lower bound. */
function count(n: number | undefined, sign: 1 | -1 = 1): Bound | undefined {
  return n === undefined ? undefined : { value: sign * n, exclusive: false };
}

/** How a lower bound moved: up tightens, down loosens. */
function lowerMove(
  base: Bound | undefined,
  head: Bound | undefined,
): ConstraintChange {
  if (base === undefined && head === undefined) return SAME;
  if (base === undefined) return TIGHTENED;
  if (head === undefined) return LOOSENED;
  if (head.value > base.value) return TIGHTENED;
  if (head.value < base.value) return LOOSENED;
  if (head.exclusive === base.exclusive) return SAME;
  return head.exclusive ? TIGHTENED : LOOSENED;
}

/** A pattern or format: added tightens, removed loosens, changed does both. */
function textMove(
  base: string | undefined,
  head: string | undefined,
): ConstraintChange {
  if (base === head) return SAME;
  if (base === undefined) return TIGHTENED;
  if (head === undefined) return LOOSENED;
  return { tightened: true, loosened: true };
}

const SAME: ConstraintChange = { tightened: false, loosened: false };
const TIGHTENED: ConstraintChange = { tightened: true, loosened: false };
const LOOSENED: ConstraintChange = { tightened: false, loosened: true };
