/**
 * Where the front end builds fetchers: each call of a builder's `fetcher`,
 * and each use of a `const` that holds a fetcher (`const base =
 * fetcher(Book).name()`), with the call chain that continues it
 * (`base.store()`), as the checker resolves the names.
 *
 * @module
 */

import { ts } from "../analyze/compiler.ts";
import {
  builderExportOf,
  isBuilder,
  ownFiles,
  resolvedSymbol,
} from "./builders.ts";
import { FACTORY } from "./evaluate.ts";

/** A chain of the front end that starts a fetcher or continues one. */
export interface Chain {
  /** `fetcher(Book)`, or a reference to a fetcher `const`. */
  readonly root: ts.Expression;
  /** The `const` `root` refers to, when it is a reference. */
  readonly constant?: ts.VariableDeclaration;
  /** The root, then each call, property access or wrapper around it. */
  readonly links: readonly ts.Expression[];
}

/** Finds the chains of one program; remembers which consts hold fetchers. */
export class ChainFinder {
  readonly #checker: ts.TypeChecker;
  readonly #fetcherConsts = new Map<ts.VariableDeclaration, boolean>();

  constructor(checker: ts.TypeChecker) {
    this.#checker = checker;
  }

  /** Every chain of the program's files but the generated ones, in order. */
  chains(program: ts.Program): Chain[] {
    const chains: Chain[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && this.#isFactoryCall(node)) {
        chains.push({ root: node, links: links(node) });
      } else if (ts.isIdentifier(node) && isValueReference(node)) {
        const constant = this.#fetcherConstOf(node);
        if (constant !== undefined) {
          chains.push({ root: node, constant, links: links(node) });
        }
      }
      const untraced = this.#untracedReceiver(node);
      if (untraced !== undefined) {
        chains.push({ root: untraced, links: links(untraced) });
      }
      ts.forEachChild(node, visit);
    };
    for (const file of ownFiles(program)) visit(file);
    return chains;
  }

  /**
   * For a selector call on a builder-typed value that no traced chain
   * starts (`f.price()` where `f` is a parameter, a `let`, what a function
   * returned), that value: a chain of its own, so that the fetcher it
   * builds is evaluated (an error where it cannot be), never missed.
   */
  #untracedReceiver(node: ts.Node): ts.Expression | undefined {
    if (
      !ts.isCallExpression(node) ||
      !ts.isPropertyAccessExpression(node.expression) ||
      node.expression.name.text === "toString"
    ) {
      return undefined;
    }
    const receiver = node.expression.expression;
    if (this.#startsFetcher(receiver) || this.#startsBuilderCall(receiver)) {
      return undefined;
    }
    const type = this.#checker.getTypeAtLocation(receiver);
    const symbol = type.aliasSymbol ?? type.getSymbol();
    const declaration = symbol?.declarations?.[0];
    return declaration !== undefined && isBuilder(declaration.getSourceFile())
      ? receiver
      : undefined;
  }

  /** Whether an expression is a chain rooted in a call of a builder export. */
  #startsBuilderCall(node: ts.Expression): boolean {
    const inner = unwrapped(node);
    if (ts.isCallExpression(inner)) {
      return builderExportOf(this.#checker, inner.expression) !== undefined ||
        this.#startsBuilderCall(inner.expression);
    }
    return ts.isPropertyAccessExpression(inner) &&
      this.#startsBuilderCall(inner.expression);
  }

  #isFactoryCall(node: ts.CallExpression): boolean {
    return builderExportOf(this.#checker, node.expression)?.name === FACTORY;
  }

  /** The fetcher `const` an identifier refers to, if it refers to one. */
  #fetcherConstOf(node: ts.Identifier): ts.VariableDeclaration | undefined {
    const symbol = resolvedSymbol(this.#checker, node);
    const declaration = symbol?.valueDeclaration;
    if (
      declaration === undefined || !ts.isVariableDeclaration(declaration) ||
      declaration.initializer === undefined ||
      (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) === 0
    ) {
      return undefined;
    }
    let holds = this.#fetcherConsts.get(declaration);
    if (holds === undefined) {
      this.#fetcherConsts.set(declaration, false); // against cycles
      holds = this.#startsFetcher(declaration.initializer);
      this.#fetcherConsts.set(declaration, holds);
    }
    return holds ? declaration : undefined;
  }

  /** Whether an expression is a chain rooted in a fetcher. */
  #startsFetcher(node: ts.Expression): boolean {
    const inner = unwrapped(node);
    if (ts.isCallExpression(inner)) {
      return this.#isFactoryCall(inner) ||
        this.#startsFetcher(inner.expression);
    }
    if (ts.isPropertyAccessExpression(inner)) {
      return this.#startsFetcher(inner.expression);
    }
    return ts.isIdentifier(inner) && this.#fetcherConstOf(inner) !== undefined;
  }
}

/** `node` without the parentheses, `as`, `satisfies` and `!` around it. */
export function unwrapped(node: ts.Expression): ts.Expression {
  return isWrapper(node) ? unwrapped(node.expression) : node;
}

/** The outermost wrapper (parentheses, `as`, `satisfies`, `!`) of `node`. */
export function outermostWrapper(node: ts.Expression): ts.Expression {
  let at = node;
  while (isWrapper(at.parent) && at.parent.expression === at) at = at.parent;
  return at;
}

type Wrapper =
  | ts.ParenthesizedExpression
  | ts.AsExpression
  | ts.SatisfiesExpression
  | ts.NonNullExpression
  | ts.TypeAssertion;

function isWrapper(node: ts.Node): node is Wrapper {
  return ts.isParenthesizedExpression(node) || ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node) ||
    ts.isTypeAssertionExpression(node);
}

/** `root`, then each expression that continues it: `.name`, `()`, wrappers. */
function links(root: ts.Expression): ts.Expression[] {
  const found = [root];
  for (let at: ts.Expression = root;;) {
    const parent = at.parent;
    if (
      (ts.isCallExpression(parent) || ts.isPropertyAccessExpression(parent) ||
        isWrapper(parent)) && parent.expression === at
    ) {
      found.push(parent);
      at = parent;
    } else {
      return found;
    }
  }
}

/**
 * Whether an identifier stands for a value here: not a declared name, a
 * property's name, an import or export specifier, or part of a type.
 */
function isValueReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isShorthandPropertyAssignment(parent)) return true;
  if ((parent as { name?: ts.Node }).name === node) return false;
  if (ts.isPropertyAccessExpression(parent)) return parent.expression === node;
  return !(ts.isQualifiedName(parent) || ts.isTypeReferenceNode(parent) ||
    ts.isTypeQueryNode(parent) || ts.isImportSpecifier(parent) ||
    ts.isExportSpecifier(parent) || ts.isImportClause(parent) ||
    ts.isNamespaceImport(parent));
}
