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

import { CODES, type DiagnosticSink } from "./codes.ts";
import {
  declarationsOf,
  filePathOf,
  jsDocsOf,
  nameOf,
  textOf,
  ts,
} from "./compiler.ts";
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
  files: readonly ts.SourceFile[],
  sink: DiagnosticSink,
): void {
  const finder = new RuntimeDecoratorFinder();
  for (const file of files) {
    const topLevel = new Set<ts.Node>(
      file.statements.filter(ts.isClassDeclaration),
    );
    for (const decorator of decoratorsIn(file)) {
      const name = decoratorRuntimeName(decorator);
      if (name !== undefined) {
        const owner = decorator.parent;
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
      const written = textOf(decorator).split("(")[0];
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

/** Every decorator in a file, in source order (nested ones after theirs). */
function decoratorsIn(file: ts.SourceFile): ts.Decorator[] {
  const found: ts.Decorator[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isDecorator(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  return found;
}

/** `Class.member` or `Class` a decorator is on. */
function placeOf(decorator: ts.Decorator): string {
  let classNode: ts.Node | undefined = decorator.parent;
  while (classNode !== undefined && !isClass(classNode)) {
    classNode = classNode.parent;
  }
  const className = classNode === undefined
    ? "(class expression)"
    : nameOf(classNode) ?? "(class expression)";
  const owner = decorator.parent;
  if (isClass(owner)) return className;
  return `${className}.${nameOf(owner) ?? "?"}`;
}

function isClass(node: ts.Node): boolean {
  return ts.isClassDeclaration(node) || ts.isClassExpression(node);
}

/** Finds a Tailor decorator behind a name, through project declarations. */
class RuntimeDecoratorFinder {
  readonly #known = new Map<ts.Node, string | undefined>();

  /** The Tailor decorator a decorator not recognized as one is made from. */
  inDecorator(decorator: ts.Decorator): string | undefined {
    let callee = decorator.expression;
    if (ts.isCallExpression(callee)) callee = callee.expression;
    return this.#inNode(callee, 0);
  }

  #inNode(node: ts.Node, depth: number): string | undefined {
    if (ts.isIdentifier(node)) return this.#behindName(node, depth);
    return firstInIdentifiers(
      node,
      (identifier) => this.#behindName(identifier, depth),
    );
  }

  #behindName(identifier: ts.Identifier, depth: number): string | undefined {
    const symbol = resolvedSymbol(identifier);
    for (const declaration of declarationsOf(symbol)) {
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

/**
 * The first answer of `find` for the identifiers below `node`, in source
 * order. As ts-morph's `getDescendantsOfKind(SyntaxKind.Identifier)`,
 * which walks `getChildren()`, it looks into JSDoc comments too: each
 * node's (not a token's) comments before its children.
 */
function firstInIdentifiers(
  node: ts.Node,
  find: (identifier: ts.Identifier) => string | undefined,
): string | undefined {
  const visit = (child: ts.Node): string | undefined =>
    (ts.isIdentifier(child) ? find(child) : undefined) ?? inChildren(child);
  const inChildren = (parent: ts.Node): string | undefined => {
    if (
      parent.kind >= ts.SyntaxKind.FirstNode ||
      parent.kind === ts.SyntaxKind.EndOfFileToken
    ) {
      for (const doc of jsDocsOf(parent)) {
        const found = visit(doc);
        if (found !== undefined) return found;
      }
    }
    return ts.forEachChild(parent, visit);
  };
  return inChildren(node);
}

/** A decorator factory of the runtime: an exported `function Name(…)`. */
function isRuntimeDecorator(declaration: ts.Node): boolean {
  return ts.isFunctionDeclaration(declaration) &&
    /^[A-Z]/.test(nameOf(declaration) ?? "");
}

/**
 * Code that may hide a decorator: a variable, function or property of the
 * project (not a library, not an import, not a parameter).
 */
function isProjectCode(declaration: ts.Node): boolean {
  const path = filePathOf(declaration);
  if (path.includes("/node_modules/") || path.endsWith(".d.ts")) return false;
  return ts.isVariableDeclaration(declaration) ||
    ts.isFunctionDeclaration(declaration) ||
    ts.isPropertyAssignment(declaration) ||
    ts.isShorthandPropertyAssignment(declaration) ||
    ts.isPropertyDeclaration(declaration) ||
    ts.isMethodDeclaration(declaration);
}
