/**
 * One change `tailor diff` reports, and where it sits.
 *
 * @module
 */

import type { SourceLocation } from "../model/api_model.ts";
import { type Levels, type RuleId, RULES } from "./rules.ts";

/** One difference between two models, classified by a rule. */
export interface Change {
  readonly rule: RuleId;
  readonly levels: Levels;
  /** `BookService.findBook`; absent for a model-wide change. */
  readonly operation?: string;
  /** The DTO key of the fetched shape the change is in, if any. */
  readonly shape?: string;
  /**
   * Where in the operation: a parameter (`pageSize`, `body.name`), the
   * result (`result.rows[].store.name`) or an error (`errors.NotFound`);
   * empty for the operation itself.
   */
  readonly path: string;
  /** What changed, in a sentence without the operation's name. */
  readonly message: string;
  /** The operation in the head (the base's when it was removed). */
  readonly source?: SourceLocation;
  /** Why the levels were lowered for a front end that does not use it. */
  readonly unused?: string;
}

/** Where the walker is, for the changes it reports there. */
export interface Place {
  readonly operation?: string;
  readonly shape?: string;
  readonly path: string;
  readonly source?: SourceLocation;
}

/** Collects changes in the order they are found. */
export class ChangeList {
  readonly changes: Change[] = [];

  /** Records a change of `rule` at `place`. */
  add(rule: RuleId, place: Place, message: string): void {
    this.changes.push({
      rule,
      levels: RULES[rule].levels,
      ...(place.operation === undefined ? {} : { operation: place.operation }),
      ...(place.shape === undefined ? {} : { shape: place.shape }),
      path: place.path,
      message,
      ...(place.source === undefined ? {} : { source: place.source }),
    });
  }
}

/** `place` one step further down: `result` + `rows` -> `result.rows`. */
export function below(place: Place, step: string): Place {
  const path = place.path === ""
    ? step
    : step.startsWith("[") || step.startsWith("{")
    ? place.path + step
    : `${place.path}.${step}`;
  return { ...place, path };
}
