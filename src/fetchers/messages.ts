/**
 * How the evaluation names what it could not evaluate: a node's text,
 * shortened, and what kind of declaration or expression it is.
 *
 * @module
 */

import { ts } from "../analyze/compiler.ts";

/** The first line of a node's text, shortened. */
export function brief(node: ts.Node): string {
  const text = node.getText().split("\n")[0]!.trim();
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** What a declaration is, for a message: `a parameter of a function`. */
export function kindOf(declaration: ts.Declaration): string {
  if (ts.isParameter(declaration)) return "a parameter of a function";
  if (ts.isVariableDeclaration(declaration)) {
    if (declaration.initializer === undefined) {
      return "a variable without a value";
    }
    if (!ts.isIdentifier(declaration.name)) return "a destructured variable";
    return "a `let` or `var` variable (only a `const` can be evaluated)";
  }
  if (ts.isFunctionDeclaration(declaration)) return "a function";
  if (ts.isClassDeclaration(declaration)) return "a class";
  if (ts.isEnumMember(declaration) || ts.isEnumDeclaration(declaration)) {
    return "an enum";
  }
  if (ts.isBindingElement(declaration)) return "a destructured variable";
  return "not a `const`";
}

/** What an expression is, for a message. */
export function describe(node: ts.Node): string {
  if (ts.isConditionalExpression(node)) {
    return `the conditional \`${brief(node)}\``;
  }
  if (ts.isBinaryExpression(node)) {
    return `the operator expression \`${brief(node)}\``;
  }
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    return "a function expression";
  }
  if (ts.isAwaitExpression(node)) return `the await \`${brief(node)}\``;
  return `\`${brief(node)}\``;
}
