/**
 * What a model's {@link Constraints} mean for a value: the formats Tailor
 * knows, with the expression each is checked by, and the check itself. The
 * analyzer accepts only these formats, the server's binder checks bound
 * parameters with {@link constraintViolation}, and its body validator gives
 * ajv the same formats, so a value is refused the same way wherever it
 * travels.
 *
 * @module
 */

import type { Constraints } from "./api_model.ts";

const DATE = "\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])";

/** Each format `Format<F>` takes, and the expression a value must match. */
export const FORMATS: ReadonlyMap<string, RegExp> = new Map([
  ["email", /^[^\s@]+@[^\s@]+\.[^\s@]+$/],
  ["uuid", /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i],
  ["uri", /^[a-z][a-z0-9+.-]*:\S*$/i],
  ["date", new RegExp(`^${DATE}$`)],
  [
    "date-time",
    new RegExp(
      `^${DATE}T([01]\\d|2[0-3]):[0-5]\\d:([0-5]\\d|60)(\\.\\d+)?` +
        "(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)$",
      "i",
    ),
  ],
]);

/** The least integer the server takes: -(2^53 - 1), published as `minimum`. */
export const MIN_INTEGER = Number.MIN_SAFE_INTEGER;
/** The greatest integer the server takes: 2^53 - 1, published as `maximum`. */
export const MAX_INTEGER = Number.MAX_SAFE_INTEGER;

/** Why an integer beyond ±(2^53 - 1) is refused. */
export const OUT_OF_RANGE =
  `is out of range: an integer is between ${MIN_INTEGER} and ${MAX_INTEGER}`;

/**
 * The length of a string as JSON Schema counts it (`minLength`,
 * `maxLength`): in code points, so an astral character (`😀`, two UTF-16
 * units) is one, as ajv counts a body's strings.
 */
export function codePoints(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/**
 * Why `value` breaks `constraints` ("must be at least 1, got -2"), or
 * undefined when it keeps them. A constraint whose kind does not fit the
 * value (a length on a number) is not checked here: the analyzer refused it.
 */
export function constraintViolation(
  value: unknown,
  constraints: Constraints,
): string | undefined {
  const c = constraints;
  if (typeof value === "number") {
    if (c.minimum !== undefined && !(c.minimum <= value)) {
      return `must be at least ${c.minimum}, got ${value}`;
    }
    if (c.exclusiveMinimum !== undefined && !(c.exclusiveMinimum < value)) {
      return `must be greater than ${c.exclusiveMinimum}, got ${value}`;
    }
    if (c.maximum !== undefined && !(value <= c.maximum)) {
      return `must be at most ${c.maximum}, got ${value}`;
    }
    if (c.exclusiveMaximum !== undefined && !(value < c.exclusiveMaximum)) {
      return `must be less than ${c.exclusiveMaximum}, got ${value}`;
    }
  }
  if (typeof value === "string") {
    const length = codePoints(value);
    if (c.minLength !== undefined && length < c.minLength) {
      return `must have at least ${c.minLength} characters, got ${length}`;
    }
    if (c.maxLength !== undefined && length > c.maxLength) {
      return `must have at most ${c.maxLength} characters, got ${length}`;
    }
    if (c.pattern !== undefined && !new RegExp(c.pattern, "u").test(value)) {
      return `must match the pattern ${c.pattern}`;
    }
    const format = c.format === undefined ? undefined : FORMATS.get(c.format);
    if (format !== undefined && !format.test(value)) {
      return `must be a valid ${c.format}`;
    }
  }
  if (Array.isArray(value)) {
    if (c.minItems !== undefined && value.length < c.minItems) {
      return `must have at least ${c.minItems} items, got ${value.length}`;
    }
    if (c.maxItems !== undefined && value.length > c.maxItems) {
      return `must have at most ${c.maxItems} items, got ${value.length}`;
    }
  }
  return undefined;
}
