/**
 * A parameter's or record component's validation constraints as Jakarta
 * Bean Validation annotations (`jakarta.validation.constraints`): `@Min`,
 * `@Max` (integers), `@DecimalMin`/`@DecimalMax` (other numbers and
 * exclusive bounds, `inclusive = false`), `@Size` (string length or item
 * count), `@Pattern`, `@Email`. The other formats have no annotation there;
 * the document still carries them.
 *
 * @module
 */

import type { Constraints, TypeRef } from "../../model/api_model.ts";
import { type CompilationUnit, javaString } from "./java_source.ts";

const VALIDATION = "jakarta.validation.constraints";

/** The annotations of `constraints` on a value of `type`, each with a trailing space. */
export function constraintAnnotations(
  constraints: Constraints | undefined,
  type: TypeRef,
  unit: CompilationUnit,
): string {
  if (constraints === undefined) return "";
  const c = constraints;
  const at = (name: string, args: string) =>
    `@${unit.ref(VALIDATION, name)}(${args}) `;
  const integer = type.kind === "primitive" && type.name === "integer";
  const bound = (
    value: number | undefined,
    exact: "Min" | "Max",
    inclusive: boolean,
  ): string => {
    if (value === undefined) return "";
    if (inclusive && integer && Number.isSafeInteger(value)) {
      return at(exact, javaLong(value));
    }
    const text = javaString(String(value));
    return at(
      `Decimal${exact}`,
      inclusive ? text : `value = ${text}, inclusive = false`,
    );
  };
  const size = (min: number | undefined, max: number | undefined): string => {
    const args = [
      ...(min === undefined ? [] : [`min = ${min}`]),
      ...(max === undefined ? [] : [`max = ${max}`]),
    ];
    return args.length === 0 ? "" : at("Size", args.join(", "));
  };
  return [
    bound(c.minimum, "Min", true),
    bound(c.exclusiveMinimum, "Min", false),
    bound(c.maximum, "Max", true),
    bound(c.exclusiveMaximum, "Max", false),
    size(c.minLength, c.maxLength),
    size(c.minItems, c.maxItems),
    c.pattern === undefined
      ? ""
      : at("Pattern", `regexp = ${javaString(wholeMatch(c.pattern))}`),
    c.format === "email" ? `@${unit.ref(VALIDATION, "Email")} ` : "",
  ].join("");
}

/** A `long` literal: `L` only past `int`. */
function javaLong(value: number): string {
  return Math.abs(value) > 2147483647 ? `${value}L` : String(value);
}

/**
 * `pattern` as `@Pattern` reads it: the whole value must match, where the
 * document's pattern may match anywhere, so an unanchored one is wrapped.
 */
function wholeMatch(pattern: string): string {
  return pattern.startsWith("^") && pattern.endsWith("$")
    ? pattern
    : `(?s).*(?:${pattern}).*`;
}
