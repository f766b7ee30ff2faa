/**
 * Validation constraint tags (`Int & Minimum<1>`, `string & MaxLength<200>`)
 * -> the model's `Constraints`: which references are tags, their literal
 * arguments, whether each fits the type it is put on, and whether together
 * they leave any value (TAILOR026 when not).
 *
 * @module
 */

import type { Constraints, TypeRef } from "../model/api_model.ts";
import { FORMATS } from "../model/constraints.ts";
import { CODES, type DiagnosticSink } from "./codes.ts";
import { textOf, ts } from "./compiler.ts";
import type { Mapped, Site } from "./mapping.ts";
import {
  resolvedSymbol,
  runtimeNameOfSymbol,
  typeReferenceNameNode,
} from "./symbols.ts";

/** What a tag's argument is and which values it is put on. */
interface TagRule {
  /** The key of `Constraints` it sets. */
  readonly key: keyof Constraints;
  readonly argument: "number" | "count" | "string";
  readonly target: "number" | "string" | "array";
  /** The key it cannot stand beside (typia's `exclusive`). */
  readonly excludes?: keyof Constraints;
}

/** Each tag of `src/runtime/constraints.ts`, by name. */
const TAGS: ReadonlyMap<string, TagRule> = new Map([
  ["Minimum", {
    key: "minimum",
    argument: "number",
    target: "number",
    excludes: "exclusiveMinimum",
  }],
  ["ExclusiveMinimum", {
    key: "exclusiveMinimum",
    argument: "number",
    target: "number",
    excludes: "minimum",
  }],
  ["Maximum", {
    key: "maximum",
    argument: "number",
    target: "number",
    excludes: "exclusiveMaximum",
  }],
  ["ExclusiveMaximum", {
    key: "exclusiveMaximum",
    argument: "number",
    target: "number",
    excludes: "maximum",
  }],
  ["MinLength", { key: "minLength", argument: "count", target: "string" }],
  ["MaxLength", { key: "maxLength", argument: "count", target: "string" }],
  ["Pattern", { key: "pattern", argument: "string", target: "string" }],
  ["Format", { key: "format", argument: "string", target: "string" }],
  ["MinItems", { key: "minItems", argument: "count", target: "array" }],
  ["MaxItems", { key: "maxItems", argument: "count", target: "array" }],
]);

/** The order of keys in a model's `Constraints`. */
const KEYS: readonly (keyof Constraints)[] = [
  "minimum",
  "exclusiveMinimum",
  "maximum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minItems",
  "maxItems",
];

/** Whether `node` refers to one of the runtime's constraint tags. */
export function isConstraintTag(
  node: ts.TypeNode,
): node is ts.TypeReferenceNode {
  if (!ts.isTypeReferenceNode(node)) return false;
  const name = runtimeNameOfSymbol(
    resolvedSymbol(typeReferenceNameNode(node)),
  );
  return name !== undefined && TAGS.has(name);
}

/**
 * `mapped` with the constraints of `tags` added to those it has (from an
 * alias), or undefined when one is wrong (reported as TAILOR026).
 */
export function constrain(
  sink: DiagnosticSink,
  mapped: Mapped,
  tags: readonly ts.TypeReferenceNode[],
  site: Site,
): Mapped | undefined {
  const values = new Map<keyof Constraints, string | number>(
    Object.entries(mapped.constraints ?? {}) as [
      keyof Constraints,
      string | number,
    ][],
  );
  const bad = (node: ts.Node, why: string, hint: string): undefined => {
    sink.error(
      CODES.BAD_CONSTRAINT,
      node,
      `${site.where}: ${textOf(node)} ${why}`,
      hint,
    );
    return undefined;
  };
  for (const tag of tags) {
    const name = runtimeNameOfSymbol(
      resolvedSymbol(typeReferenceNameNode(tag)),
    )!;
    const rule = TAGS.get(name)!;
    const target = targetOf(mapped.type);
    if (target !== rule.target) {
      return bad(
        tag,
        `constrains a ${rule.target}, not ${describe(mapped.type)}`,
        `put ${name} on a ${rule.target} type`,
      );
    }
    const value = argumentOf(tag.typeArguments?.[0], rule);
    if (value === undefined) {
      return bad(
        tag,
        `needs ${
          rule.argument === "string"
            ? "a string literal"
            : rule.argument === "count"
            ? "a non-negative integer literal"
            : "a number literal"
        } argument`,
        `write the value itself, for example ${name}<${
          rule.argument === "string" ? '"…"' : "1"
        }>`,
      );
    }
    if (values.has(rule.key)) {
      return bad(tag, `is a second ${rule.key} constraint`, `keep one ${name}`);
    }
    if (rule.excludes !== undefined && values.has(rule.excludes)) {
      return bad(
        tag,
        `cannot stand beside a ${rule.excludes} bound`,
        "keep either the inclusive or the exclusive bound",
      );
    }
    const problem = rule.key === "pattern"
      ? patternProblem(value as string)
      : rule.key === "format" && !FORMATS.has(value as string)
      ? `names no known format (${[...FORMATS.keys()].join(", ")})`
      : undefined;
    if (problem !== undefined) return bad(tag, problem, "fix the argument");
    values.set(rule.key, value);
  }
  const constraints = Object.fromEntries(
    KEYS.filter((key) => values.has(key)).map((key) => [key, values.get(key)]),
  ) as Constraints;
  const empty = emptyRange(constraints);
  if (empty !== undefined) {
    const node = tags[tags.length - 1]!.parent;
    return bad(node, `admits no value: ${empty}`, "fix the bounds");
  }
  return { ...mapped, constraints };
}

/** What kind of value a type is, for the tags' targets. */
function targetOf(type: TypeRef): TagRule["target"] | undefined {
  if (type.kind === "array") return "array";
  if (type.kind !== "primitive") return undefined;
  if (type.name === "string") return "string";
  return type.name === "boolean" ? undefined : "number";
}

/** A type as a message names it. */
function describe(type: TypeRef): string {
  const name = type.kind === "primitive" ? type.name : `${type.kind} type`;
  return `${/^[aeiou]/.test(name) ? "an" : "a"} ${name}`;
}

/** The literal argument of a tag, when it is the kind the rule asks. */
function argumentOf(
  node: ts.TypeNode | undefined,
  rule: TagRule,
): string | number | undefined {
  if (node === undefined || !ts.isLiteralTypeNode(node)) return undefined;
  const literal = node.literal;
  if (rule.argument === "string") {
    return ts.isStringLiteral(literal) ? literal.text : undefined;
  }
  let value: number | undefined;
  if (ts.isNumericLiteral(literal)) value = Number(literal.text);
  if (
    ts.isPrefixUnaryExpression(literal) &&
    literal.operator === ts.SyntaxKind.MinusToken &&
    ts.isNumericLiteral(literal.operand)
  ) {
    value = -Number(literal.operand.text);
  }
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return rule.argument === "count" && !(Number.isSafeInteger(value) &&
      value >= 0)
    ? undefined
    : value;
}

/** Why a pattern is not an ECMAScript regular expression, or undefined. */
function patternProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern, "u");
    return undefined;
  } catch (error) {
    return `is not a regular expression: ${(error as SyntaxError).message}`;
  }
}

/** Why the bounds leave no value, or undefined when some value fits. */
function emptyRange(c: Constraints): string | undefined {
  const lower = c.minimum ?? c.exclusiveMinimum;
  const upper = c.maximum ?? c.exclusiveMaximum;
  const exclusive = c.exclusiveMinimum !== undefined ||
    c.exclusiveMaximum !== undefined;
  if (
    lower !== undefined && upper !== undefined &&
    (lower > upper || (lower === upper && exclusive))
  ) {
    return `the lower bound ${lower} is above the upper bound ${upper}`;
  }
  if ((c.minLength ?? 0) > (c.maxLength ?? Infinity)) {
    return `the least length ${c.minLength} is above the greatest ${c.maxLength}`;
  }
  if ((c.minItems ?? 0) > (c.maxItems ?? Infinity)) {
    return `the least item count ${c.minItems} is above the greatest ${c.maxItems}`;
  }
  return undefined;
}
