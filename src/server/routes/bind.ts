/**
 * Parameter binding: turns the text of a path variable, query parameter or
 * header into the value of the declared type, or says why it does not fit.
 * Pure; the HTTP shell ({@link ./mount.ts}) reads the raw values.
 *
 * @module
 */

import type { ParameterModel, TypeRef } from "../../model/api_model.ts";
import { constraintViolation, OUT_OF_RANGE } from "../../model/constraints.ts";

/** A bound value, or the reason the text does not fit the type. */
export type Bound =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string };

/** Values of each enum of the model, by enum name. */
export type EnumValues = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * Binds a simple (non-body) parameter and checks its constraints. `raw` is
 * every value the request carries for it (repeated query keys give
 * several); none binds to `undefined` when the parameter is optional, so the
 * method's default applies.
 */
export function bindSimple(
  parameter: ParameterModel,
  raw: readonly string[],
  enums: EnumValues,
): Bound {
  const bound = bindValue(parameter, raw, enums);
  const { constraints } = parameter;
  if (!bound.ok || bound.value === undefined || constraints === undefined) {
    return bound;
  }
  const violation = constraintViolation(bound.value, constraints);
  return violation === undefined
    ? bound
    : { ok: false, message: `the ${where(parameter)} ${violation}` };
}

/** The value of a simple parameter, before its constraints are checked. */
function bindValue(
  parameter: ParameterModel,
  raw: readonly string[],
  enums: EnumValues,
): Bound {
  if (raw.length === 0) {
    return parameter.required
      ? { ok: false, message: `the ${where(parameter)} is required` }
      : { ok: true, value: undefined };
  }
  if (parameter.type.kind === "array") {
    const values: unknown[] = [];
    for (const text of raw.flatMap((r) => r.split(","))) {
      const bound = convert(parameter.type.element, text, enums);
      if (!bound.ok) return bound;
      values.push(bound.value);
    }
    return { ok: true, value: values };
  }
  if (raw.length > 1) {
    return {
      ok: false,
      message: `the ${where(parameter)} takes one value, got ${raw.length}`,
    };
  }
  return convert(parameter.type, raw[0]!, enums);
}

function where(parameter: ParameterModel): string {
  return parameter.in === "header"
    ? `header ${parameter.wireName}`
    : `${parameter.in} parameter ${parameter.wireName}`;
}

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Converts one text to a primitive or enum value. */
export function convert(type: TypeRef, text: string, enums: EnumValues): Bound {
  switch (type.kind) {
    case "primitive":
      switch (type.name) {
        case "string":
          return { ok: true, value: text };
        case "boolean":
          return text === "true" || text === "false"
            ? { ok: true, value: text === "true" }
            : { ok: false, message: `"${clip(text)}" is not true or false` };
        case "integer": {
          if (!INTEGER.test(text)) {
            return { ok: false, message: `"${clip(text)}" is not an integer` };
          }
          const value = Number(text);
          return Number.isSafeInteger(value)
            ? { ok: true, value }
            : { ok: false, message: `"${clip(text)}" ${OUT_OF_RANGE}` };
        }
        case "number":
          return NUMBER.test(text)
            ? { ok: true, value: Number(text) }
            : { ok: false, message: `"${clip(text)}" is not a number` };
      }
      break;
    case "enum": {
      const values = enums.get(type.name);
      return values?.has(text) ? { ok: true, value: text } : {
        ok: false,
        message: `"${clip(text)}" is not one of ${
          [...values ?? []].map((v) => `"${v}"`).join(", ")
        }`,
      };
    }
  }
  return { ok: false, message: `cannot read a ${type.kind} from text` };
}

/** A value quoted in a message, cut to a readable length. */
function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
