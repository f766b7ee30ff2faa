/**
 * Fetchers evaluated from the front end's source, against the real builder:
 * the expression is interpreted node by node, and every builder function
 * it names (`fetcher`, `embeddable`, a token, a selector) is the loaded
 * module's own, so the text and id are exactly the builder's.
 *
 * What evaluates: string, number, boolean, `null` and `undefined` literals,
 * template literals of such, object and array literals (spreads of such
 * included), `as`/`satisfies`/`!`/parentheses, a `const` whose initializer
 * evaluates (in any file of the front end, imported under any name), the
 * builder's exports, calls of the builder's functions and of a built
 * fetcher's selectors, and property access on what evaluated. Anything else
 * (a parameter, a `let`, a call of another function, a conditional, an
 * operator) is a {@link NotStatic} at that node.
 *
 * @module
 */

import { ts } from "../analyze/compiler.ts";
import { builderExportOf, resolvedSymbol } from "./builders.ts";
import { brief, describe, kindOf } from "./messages.ts";

/** The builder's entity fetcher factory: `fetcher(Book)`. */
export const FACTORY = "fetcher";

/** A loaded builder module: its exports by name. */
export type BuilderModule = Readonly<Record<string, unknown>>;

/** The functions a generated builder exports, which this evaluation calls. */
const BUILDER_FUNCTIONS = [FACTORY, "embeddable", "fetcherText", "fetcherId"];

/**
 * What a loaded module lacks to be a builder (`lacks fetcherId()`), or
 * undefined when it has every function this evaluation calls.
 */
export function builderProblem(module: BuilderModule): string | undefined {
  const missing = BUILDER_FUNCTIONS.filter((name) =>
    typeof module[name] !== "function"
  );
  return missing.length === 0
    ? undefined
    : `lacks ${missing.map((name) => `${name}()`).join(", ")}`;
}

/** An expression that cannot be evaluated: where, and what it is. */
export class NotStatic extends Error {
  /** The node that could not be evaluated. */
  readonly node: ts.Node;

  constructor(node: ts.Node, message: string) {
    super(message);
    this.name = "NotStatic";
    this.node = node;
  }
}

/** Evaluates expressions of one front-end program; remembers each node's value. */
export class Evaluator {
  readonly #checker: ts.TypeChecker;
  readonly #builders: ReadonlyMap<string, BuilderModule>;
  readonly #values = new Map<ts.Node, unknown>();
  /** Each node that failed, with its failure: reported once. */
  readonly #failures = new Map<ts.Node, NotStatic>();
  readonly #pending = new Set<ts.Node>();
  /** Every value a builder function returned. */
  readonly #built = new WeakSet<object>();
  /** The entity of each fetcher built from `fetcher(Token)`. */
  readonly #entities = new WeakMap<object, string>();
  /** The builder module each built value comes from. */
  readonly #origins = new WeakMap<object, BuilderModule>();
  /** Each builder's tokens, by value: the name each is exported under. */
  readonly #tokens = new Map<unknown, string>();

  /** `builders`: each generated builder's module, by its file name. */
  constructor(
    checker: ts.TypeChecker,
    builders: ReadonlyMap<string, BuilderModule>,
  ) {
    this.#checker = checker;
    this.#builders = builders;
    for (const module of builders.values()) {
      for (const [name, value] of Object.entries(module)) {
        // A token may be an object, a class or a string: any export but
        // the builder's functions.
        if (!BUILDER_FUNCTIONS.includes(name)) this.#tokens.set(value, name);
      }
    }
  }

  /** The entity of a fetcher value (`Book`), undefined for other values. */
  entityOf(value: unknown): string | undefined {
    return typeof value === "object" && value !== null
      ? this.#entities.get(value)
      : undefined;
  }

  /** The builder module a built value comes from. */
  builderOf(value: unknown): BuilderModule | undefined {
    return typeof value === "object" && value !== null
      ? this.#origins.get(value)
      : undefined;
  }

  /** Whether `node` was evaluated to a value a builder function returned. */
  isBuilt(node: ts.Node): boolean {
    const value = this.#values.get(node);
    return typeof value === "object" && value !== null &&
      this.#built.has(value);
  }

  /** The value of `node`; throws {@link NotStatic}. */
  evaluate(node: ts.Expression): unknown {
    if (this.#values.has(node)) return this.#values.get(node);
    const failure = this.#failures.get(node);
    if (failure !== undefined) throw failure;
    if (this.#pending.has(node)) {
      throw new NotStatic(node, `\`${brief(node)}\` refers to itself`);
    }
    this.#pending.add(node);
    try {
      const value = this.#evaluateNode(node);
      this.#values.set(node, value);
      return value;
    } catch (error) {
      if (error instanceof NotStatic) this.#failures.set(node, error);
      throw error;
    } finally {
      this.#pending.delete(node);
    }
  }

  #evaluateNode(node: ts.Expression): unknown {
    if (
      ts.isParenthesizedExpression(node) || ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node) ||
      ts.isTypeAssertionExpression(node)
    ) {
      return this.evaluate(node.expression);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      return node.text;
    }
    if (ts.isNumericLiteral(node)) return Number(node.text);
    if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
    if (node.kind === ts.SyntaxKind.NullKeyword) return null;
    if (
      ts.isPrefixUnaryExpression(node) &&
      node.operator === ts.SyntaxKind.MinusToken &&
      ts.isNumericLiteral(node.operand)
    ) {
      return -Number(node.operand.text);
    }
    if (ts.isTemplateExpression(node)) {
      return node.templateSpans.reduce(
        (text, span) =>
          `${text}${this.#primitive(span.expression)}${span.literal.text}`,
        node.head.text,
      );
    }
    if (ts.isIdentifier(node)) return this.#identifier(node);
    if (ts.isObjectLiteralExpression(node)) return this.#object(node);
    if (ts.isArrayLiteralExpression(node)) return this.#array(node);
    if (ts.isPropertyAccessExpression(node)) {
      const exported = this.#builderExport(node);
      if (exported !== undefined) return exported.value;
      return this.#member(
        node.name,
        this.evaluate(node.expression),
        node.name.text,
      );
    }
    if (ts.isElementAccessExpression(node)) {
      const key = this.#primitive(node.argumentExpression);
      return this.#member(
        node.argumentExpression,
        this.evaluate(node.expression),
        String(key),
      );
    }
    if (ts.isCallExpression(node)) return this.#call(node);
    throw new NotStatic(
      node,
      `${describe(node)} cannot be evaluated statically`,
    );
  }

  #primitive(
    node: ts.Expression,
  ): string | number | boolean | null | undefined {
    const value = this.evaluate(node);
    if (typeof value === "object" && value !== null) {
      throw new NotStatic(node, `\`${brief(node)}\` is not a string or number`);
    }
    return value as string | number | boolean | null | undefined;
  }

  #builderExport(
    node: ts.Node,
  ): { name: string; value: unknown; module: BuilderModule } | undefined {
    const exported = builderExportOf(this.#checker, node);
    if (exported === undefined) return undefined;
    const module = this.#builders.get(exported.file);
    if (module === undefined || !(exported.name in module)) {
      throw new NotStatic(
        node,
        `\`${exported.name}\` is not an export of the loaded builder ${exported.file}`,
      );
    }
    return { name: exported.name, value: module[exported.name], module };
  }

  #identifier(node: ts.Identifier): unknown {
    const exported = this.#builderExport(node);
    if (exported !== undefined) return exported.value;
    const symbol = resolvedSymbol(this.#checker, node);
    const declarations = symbol?.declarations ?? [];
    if (node.text === "undefined" && declarations.length === 0) {
      return undefined;
    }
    const declaration = symbol?.valueDeclaration ?? declarations[0];
    if (declaration === undefined) {
      throw new NotStatic(
        node,
        `\`${node.text}\` is not declared in the front end's files`,
      );
    }
    if (
      ts.isVariableDeclaration(declaration) &&
      ts.isIdentifier(declaration.name) &&
      declaration.initializer !== undefined &&
      (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) !== 0
    ) {
      if (this.#pending.has(declaration.initializer)) {
        throw new NotStatic(
          node,
          `\`${node.text}\` is used in its own initializer`,
        );
      }
      return this.evaluate(declaration.initializer);
    }
    throw new NotStatic(node, `\`${node.text}\` is ${kindOf(declaration)}`);
  }

  #object(node: ts.ObjectLiteralExpression): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    for (const property of node.properties) {
      if (ts.isSpreadAssignment(property)) {
        const spread = this.evaluate(property.expression);
        if (typeof spread !== "object" || spread === null) {
          throw new NotStatic(
            property.expression,
            `\`${brief(property.expression)}\` is not an object to spread`,
          );
        }
        Object.assign(result, spread);
      } else if (ts.isShorthandPropertyAssignment(property)) {
        result[property.name.text] = this.#identifier(property.name);
      } else if (ts.isPropertyAssignment(property)) {
        result[this.#key(property.name)] = this.evaluate(property.initializer);
      } else {
        throw new NotStatic(
          property,
          `${describe(property)} cannot be evaluated statically`,
        );
      }
    }
    return result;
  }

  #key(name: ts.PropertyName): string {
    if (
      ts.isIdentifier(name) || ts.isStringLiteral(name) ||
      ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)
    ) {
      return name.text;
    }
    if (ts.isComputedPropertyName(name)) {
      return String(this.#primitive(name.expression));
    }
    throw new NotStatic(name, `the key \`${brief(name)}\` cannot be evaluated`);
  }

  #array(node: ts.ArrayLiteralExpression): unknown[] {
    const result: unknown[] = [];
    for (const element of node.elements) {
      if (ts.isSpreadElement(element)) {
        const spread = this.evaluate(element.expression);
        if (!Array.isArray(spread)) {
          throw new NotStatic(
            element.expression,
            `\`${brief(element.expression)}\` is not an array to spread`,
          );
        }
        result.push(...spread);
      } else if (ts.isOmittedExpression(element)) {
        throw new NotStatic(
          element,
          "an array with a hole cannot be evaluated",
        );
      } else {
        result.push(this.evaluate(element));
      }
    }
    return result;
  }

  /**
   * `value[name]`: an own property of an evaluated object, or a selector;
   * `node` is where a failure is reported.
   */
  #member(node: ts.Node, value: unknown, name: string): unknown {
    if (typeof value === "object" && value !== null) {
      // A built value's own and builder members; not Object's (`constructor`).
      if (
        this.#built.has(value) && name in value &&
        (name === "toString" || !(name in Object.prototype))
      ) {
        return (value as Record<string, unknown>)[name];
      }
      if (!this.#built.has(value) && Object.hasOwn(value, name)) {
        return (value as Record<string, unknown>)[name];
      }
    }
    throw new NotStatic(
      node,
      this.#built.has(value as object)
        ? `the fetcher has no selector \`${name}\``
        : `\`${brief(node.parent)}\` is not a known property`,
    );
  }

  #call(node: ts.CallExpression): unknown {
    const callee = node.expression;
    let receiver: unknown = undefined;
    let fn: unknown;
    const exported = this.#builderExport(callee);
    if (exported !== undefined) {
      fn = exported.value;
    } else if (ts.isPropertyAccessExpression(callee)) {
      receiver = this.evaluate(callee.expression);
      if (typeof receiver !== "object" || !this.#built.has(receiver!)) {
        throw new NotStatic(
          node,
          `\`${brief(callee)}(...)\` is not a call of the builder`,
        );
      }
      fn = this.#member(callee.name, receiver, callee.name.text);
    } else {
      throw new NotStatic(
        node,
        `\`${brief(callee)}(...)\` is not a call of the builder`,
      );
    }
    if (typeof fn !== "function") {
      throw new NotStatic(node, `\`${brief(callee)}\` is not a function`);
    }
    const args = node.arguments.map((argument) => {
      if (ts.isSpreadElement(argument)) {
        throw new NotStatic(argument, "a spread argument cannot be evaluated");
      }
      return this.evaluate(argument);
    });
    let result: unknown;
    try {
      result = fn.apply(receiver, args);
    } catch (error) {
      throw new NotStatic(
        node,
        `the builder refused \`${brief(node)}\`: ${
          (error as Error).message ?? String(error)
        }`,
      );
    }
    if (typeof result === "object" && result !== null) {
      this.#built.add(result);
      const origin = exported?.module ??
        this.#origins.get(receiver as object);
      if (origin !== undefined) this.#origins.set(result, origin);
      const entity = exported?.name === FACTORY
        ? this.#tokens.get(args[0])
        : receiver === undefined
        ? undefined
        : this.#entities.get(receiver as object);
      if (entity !== undefined) this.#entities.set(result, entity);
    }
    return result;
  }
}
