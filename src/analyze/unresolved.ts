/**
 * Decorators and controllers the analyzer cannot read statically. The
 * analyzer recognizes Tailor's decorators by symbol; a decorator built from
 * one in another way (`const MyGet = Get`, a wrapper `(p) => Get(p)`, an
 * expression) or a controller that is not a top-level class still works at
 * run time, so without a word its routes would be served but missing from
 * the client. Each is reported where it is written.
 *
 * @module
 */

import { type Decorator, Node, type SourceFile, SyntaxKind } from "ts-morph";
import { CODES, type DiagnosticSink } from "./codes.ts";
import {
  decoratorRuntimeName,
  isRuntimeNode,
  resolvedSymbol,
} from "./symbols.ts";

/** How many declarations deep a decorator is followed to a runtime one. */
const MAX_FOLLOWED = 8;

/** Class decorators only seen on top-level class declarations. */
const TOP_LEVEL_ONLY = new Set(["Controller", "EnableImplicitApi"]);

/** Reports every decorator and controller of `files` the analyzer cannot read. */
export function reportUnresolvedDecorators(
  files: readonly SourceFile[],
  sink: DiagnosticSink,
): void {
  const finder = new RuntimeDecoratorFinder();
  for (const file of files) {
    const topLevel = new Set<Node>(file.getClasses());
    for (const decorator of file.getDescendantsOfKind(SyntaxKind.Decorator)) {
      const name = decoratorRuntimeName(decorator);
      if (name !== undefined) {
        const owner = decorator.getParent();
        if (TOP_LEVEL_ONLY.has(name) && !topLevel.has(owner)) {
          sink.error(
            CODES.CLASS_NOT_TOP_LEVEL,
            decorator,
            `${
              placeOf(decorator)
            }: @${name} is on a class expression or a class declared inside ` +
              "another construct; the analyzer reads top-level classes only, " +
              "so its routes would be missing from the client",
            "declare the class at the top level of its module: `export class …`",
          );
        }
        continue;
      }
      const hidden = finder.inDecorator(decorator);
      if (hidden === undefined) continue;
      const written = decorator.getText().split("(")[0];
      sink.error(
        CODES.UNRESOLVED_DECORATOR,
        decorator,
        `${
          placeOf(decorator)
        }: ${written} is made from Tailor's @${hidden} through an alias, a ` +
          "wrapper or an expression the analyzer cannot follow, so what it " +
          "declares would be missing from the client",
        `write @${hidden}(…) itself (an import alias such as ` +
          `\`import { ${hidden} as My${hidden} }\` is fine)`,
      );
    }
  }
}

/** `Class.member` or `Class` a decorator is on. */
function placeOf(decorator: Decorator): string {
  const isClass = (node: Node) =>
    Node.isClassDeclaration(node) || Node.isClassExpression(node);
  const classNode = decorator.getFirstAncestor(isClass);
  const className = classNode !== undefined && isClass(classNode)
    ? classNode.getName() ?? "(class expression)"
    : "(class expression)";
  const owner = decorator.getParent();
  if (isClass(owner)) return className;
  return `${className}.${Node.hasName(owner) ? owner.getName() : "?"}`;
}

/** Finds a Tailor decorator behind a name, through project declarations. */
class RuntimeDecoratorFinder {
  readonly #known = new Map<Node, string | undefined>();

  /** The Tailor decorator a decorator not recognized as one is made from. */
  inDecorator(decorator: Decorator): string | undefined {
    let callee = decorator.getExpression();
    if (Node.isCallExpression(callee)) callee = callee.getExpression();
    return this.#inNode(callee, 0);
  }

  #inNode(node: Node, depth: number): string | undefined {
    const identifiers = Node.isIdentifier(node)
      ? [node]
      : node.getDescendantsOfKind(SyntaxKind.Identifier);
    for (const identifier of identifiers) {
      const found = this.#behindName(identifier, depth);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  #behindName(identifier: Node, depth: number): string | undefined {
    const symbol = resolvedSymbol(identifier);
    for (const declaration of symbol?.getDeclarations() ?? []) {
      if (isRuntimeNode(declaration)) {
        if (isRuntimeDecorator(declaration)) return symbol!.getName();
        continue;
      }
      if (depth >= MAX_FOLLOWED || !isProjectCode(declaration)) continue;
      if (!this.#known.has(declaration)) {
        // Set first: a declaration that refers to itself ends here.
        this.#known.set(declaration, undefined);
        this.#known.set(declaration, this.#inNode(declaration, depth + 1));
      }
      const found = this.#known.get(declaration);
      if (found !== undefined) return found;
    }
    return undefined;
  }
}

/** A decorator factory of the runtime: an exported `function Name(…)`. */
function isRuntimeDecorator(declaration: Node): boolean {
  return Node.isFunctionDeclaration(declaration) &&
    /^[A-Z]/.test(declaration.getName() ?? "");
}

/**
 * Code that may hide a decorator: a variable, function or property of the
 * project (not a library, not an import, not a parameter).
 */
function isProjectCode(declaration: Node): boolean {
  const path = declaration.getSourceFile().getFilePath();
  if (path.includes("/node_modules/") || path.endsWith(".d.ts")) return false;
  return Node.isVariableDeclaration(declaration) ||
    Node.isFunctionDeclaration(declaration) ||
    Node.isPropertyAssignment(declaration) ||
    Node.isShorthandPropertyAssignment(declaration) ||
    Node.isPropertyDeclaration(declaration) ||
    Node.isMethodDeclaration(declaration);
}
