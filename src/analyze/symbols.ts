/**
 * Recognition by symbol: a decorator or a marker type is ours when the name
 * used in source resolves (through import aliases and re-exports) to a
 * declaration in this repository's `src/runtime/`. Spelling does not count.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Decorator,
  Node,
  type Symbol as MorphSymbol,
  type TypeReferenceNode,
  VariableDeclarationKind,
} from "ts-morph";

/** Directory of the runtime, with a trailing `/`, symlinks resolved. */
export const RUNTIME_DIR: string = runtimeDirectory();

function runtimeDirectory(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const dir = join(here, "..", "runtime");
  let real = dir;
  try {
    real = Deno.realPathSync(dir);
  } catch {
    // Not on a real file system: keep the computed path.
  }
  return real.replaceAll("\\", "/") + "/";
}

/** The symbol a name stands for, import aliases followed. */
export function resolvedSymbol(node: Node): MorphSymbol | undefined {
  let symbol = node.getSymbol();
  for (let i = 0; symbol?.isAlias() && i < 16; i++) {
    symbol = symbol.getAliasedSymbol();
  }
  return symbol;
}

/** Whether a declaration is one of the runtime's. */
export function isRuntimeNode(node: Node): boolean {
  return node.getSourceFile().getFilePath().startsWith(RUNTIME_DIR);
}

/** The runtime export a name resolves to, or undefined when not ours. */
export function runtimeNameOfSymbol(
  symbol: MorphSymbol | undefined,
): string | undefined {
  const declaration = symbol?.getDeclarations()[0];
  if (symbol === undefined || declaration === undefined) return undefined;
  return isRuntimeNode(declaration) ? symbol.getName() : undefined;
}

/**
 * The runtime name a decorator refers to (`Api`, `Get`...), else undefined.
 * Import aliases (`import { Get as G }`) and constant aliases
 * (`const MyGet = Get`, `const MyGet = t.Get`, chains of them) are followed.
 */
export function decoratorRuntimeName(decorator: Decorator): string | undefined {
  let symbol = resolvedSymbol(decoratorNameNode(decorator));
  for (let hops = 0; hops < 16; hops++) {
    const aliased = constAliasTarget(symbol);
    if (aliased === undefined) break;
    symbol = resolvedSymbol(aliased);
  }
  return runtimeNameOfSymbol(symbol);
}

/** The `Get` of `const X = Get` (or of `const X = t.Get`), else undefined. */
function constAliasTarget(symbol: MorphSymbol | undefined): Node | undefined {
  const declaration = symbol?.getDeclarations()[0];
  if (declaration === undefined || !Node.isVariableDeclaration(declaration)) {
    return undefined;
  }
  const list = declaration.getParent();
  if (
    !Node.isVariableDeclarationList(list) ||
    list.getDeclarationKind() !== VariableDeclarationKind.Const
  ) {
    return undefined;
  }
  const initializer = declaration.getInitializer();
  if (initializer === undefined) return undefined;
  if (Node.isIdentifier(initializer)) return initializer;
  return Node.isPropertyAccessExpression(initializer)
    ? initializer.getNameNode()
    : undefined;
}

/** The identifier naming a decorator: `Api` in `@Api()` and in `@t.Api()`. */
export function decoratorNameNode(decorator: Decorator): Node {
  let expression = decorator.getExpression();
  if (Node.isCallExpression(expression)) {
    expression = expression.getExpression();
  }
  if (Node.isPropertyAccessExpression(expression)) {
    return expression.getNameNode();
  }
  return expression;
}

/** The arguments of a decorator call (none for `@X` without a call). */
export function decoratorArguments(decorator: Decorator): Node[] {
  const expression = decorator.getExpression();
  return Node.isCallExpression(expression) ? expression.getArguments() : [];
}

/** The identifier naming the type of a type reference: `FetchBy` in `t.FetchBy<...>`. */
export function typeReferenceNameNode(node: TypeReferenceNode): Node {
  const name = node.getTypeName();
  return Node.isQualifiedName(name) ? name.getRight() : name;
}

/** Decorators of a node that are the runtime's, with their runtime names. */
export function runtimeDecorators(
  node: { getDecorators(): Decorator[] },
): { name: string; decorator: Decorator }[] {
  const found: { name: string; decorator: Decorator }[] = [];
  for (const decorator of node.getDecorators()) {
    const name = decoratorRuntimeName(decorator);
    if (name !== undefined) found.push({ name, decorator });
  }
  return found;
}

/** The name of a property-like declaration, quotes removed. */
export function propertyName(node: Node): string {
  const nameNode = (node as unknown as { getNameNode?: () => Node })
    .getNameNode?.();
  if (nameNode !== undefined && Node.isStringLiteral(nameNode)) {
    return nameNode.getLiteralValue();
  }
  return nameNode?.getText() ?? node.getText();
}

/**
 * Whether a property name is an identifier: what the fetcher text, the
 * runtime's entity decorators and the clients can write.
 */
export function isIdentifierName(name: string): boolean {
  return /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u.test(name);
}
