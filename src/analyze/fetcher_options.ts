/**
 * The options object of an association selector in a fetcher chain
 * (`.books(child, { orderBy: { prop: "price", desc: true }, limit: 2 })`),
 * read from syntax: whether it makes the selection recursive (which changes
 * the shape), and what is wrong with its `orderBy`, `limit` and `offset`
 * (which never change the shape, so only literals are checked: limits are
 * non-negative integers, `orderBy` names a scalar property of the child,
 * and a to-one association takes none of them).
 *
 * @module
 */

import { textOf, ts } from "./compiler.ts";
import type { EntityInfo } from "./entities.ts";

/** A problem of one option, at the node that shows it. */
export interface OptionProblem {
  readonly node: ts.Node;
  readonly message: string;
  readonly hint: string;
}

/** What an options object says. */
export interface ReadOptions {
  /** Whether the selection recurses; undefined when that cannot be read. */
  readonly recursive: boolean | undefined;
  /** Problems of the list options (`orderBy`, `limit`, `offset`). */
  readonly problems: readonly OptionProblem[];
}

const LIST_OPTIONS: ReadonlySet<string> = new Set([
  "orderBy",
  "limit",
  "offset",
]);

/**
 * Reads the options `node` of the association `where` (`Owner.property`),
 * a list when `many`, to entities `target`.
 */
export function readAssociationOptions(
  node: ts.Node,
  target: EntityInfo,
  many: boolean,
  where: string,
): ReadOptions {
  if (!ts.isObjectLiteralExpression(node)) {
    return { recursive: undefined, problems: [] };
  }
  const problems: OptionProblem[] = [];
  let recursive: boolean | undefined = false;
  for (const member of node.properties) {
    if (!ts.isPropertyAssignment(member)) {
      recursive = undefined;
      continue;
    }
    const key = textOf(member.name);
    const value = member.initializer;
    if (key === "recursive" || key === "depth") {
      const literal = key === "recursive"
        ? value.kind === ts.SyntaxKind.TrueKeyword
        : ts.isNumericLiteral(value);
      if (recursive !== undefined) recursive = literal ? true : undefined;
    } else if (!LIST_OPTIONS.has(key)) {
      recursive = undefined;
    } else if (!many) {
      problems.push({
        node: member.name,
        message:
          `${where} is not a list: orderBy, limit and offset are for to-many associations`,
        hint: "remove the option, or select a one-to-many or many-to-many",
      });
    } else if (key === "orderBy") {
      problems.push(...orderProblems(value, target, where));
    } else {
      problems.push(...countProblems(value, key, where));
    }
  }
  return { recursive, problems };
}

/** A literal `limit` or `offset` that is not a non-negative integer. */
function countProblems(
  value: ts.Expression,
  key: string,
  where: string,
): OptionProblem[] {
  const negative = ts.isPrefixUnaryExpression(value) &&
    value.operator === ts.SyntaxKind.MinusToken &&
    ts.isNumericLiteral(value.operand);
  const number = ts.isNumericLiteral(value) ? Number(value.text) : undefined;
  if (!negative && (number === undefined || Number.isSafeInteger(number))) {
    return [];
  }
  return [{
    node: value,
    message: `${where}: ${key} must be a non-negative integer, found ${
      textOf(value)
    }`,
    hint: `write a whole number from 0, such as \`${key}: 10\``,
  }];
}

/** `orderBy` terms whose literal `prop` is not a scalar of the target. */
function orderProblems(
  value: ts.Expression,
  target: EntityInfo,
  where: string,
): OptionProblem[] {
  const terms = ts.isArrayLiteralExpression(value) ? value.elements : [value];
  const problems: OptionProblem[] = [];
  for (const term of terms) {
    if (!ts.isObjectLiteralExpression(term)) continue;
    for (const member of term.properties) {
      if (
        !ts.isPropertyAssignment(member) || textOf(member.name) !== "prop" ||
        !ts.isStringLiteralLike(member.initializer)
      ) {
        continue;
      }
      const prop = member.initializer.text;
      const property = target.properties.find((p) => p.name === prop);
      if (property?.kind === "scalar") continue;
      const scalars = target.properties.filter((p) => p.kind === "scalar")
        .map((p) => p.name);
      problems.push({
        node: member.initializer,
        message: property === undefined
          ? `${where}: orderBy names "${prop}", which ${target.name} does not have`
          : `${where}: orderBy names "${prop}", an association of ${target.name}, not a scalar property`,
        hint: `order by one of ${scalars.join(", ")}`,
      });
    }
  }
  return problems;
}
