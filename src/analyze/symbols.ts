/**
 * Recognition by symbol: a decorator or a marker type is ours when the name
 * used in source resolves (through import aliases and re-exports) to a
 * declaration of Tailor's runtime: a file under the running Tailor's
 * `src/runtime/`, or `<dir>/src/runtime/*.ts` of a Tailor package (`<dir>`
 * holds a `deno.json` or `package.json` named `@tailor/tailor`), whatever
 * path reaches it (linked, workspace, vendored). Spelling does not count,
 * and neither does a copy of the runtime in another package.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  checkerOf,
  declarationsOf,
  decoratorsOf,
  filePathOf,
  symbolOf,
  textOf,
  ts,
} from "./compiler.ts";

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
export function resolvedSymbol(node: ts.Node): ts.Symbol | undefined {
  let symbol = symbolOf(node);
  let checker: ts.TypeChecker | undefined;
  for (let i = 0; symbol !== undefined && isAlias(symbol) && i < 16; i++) {
    checker ??= checkerOf(node);
    symbol = checker.getAliasedSymbol(symbol);
  }
  return symbol;
}

function isAlias(symbol: ts.Symbol): boolean {
  return (symbol.flags & ts.SymbolFlags.Alias) !== 0;
}

/** The package name of Tailor, as its `deno.json` declares it. */
export const TAILOR_PACKAGE = "@tailor/tailor";

/** Whether a declaration is one of the runtime's. */
export function isRuntimeNode(node: ts.Node): boolean {
  return isRuntimeFile(filePathOf(node));
}

/** Whether a file (absolute, `/` separators) is one of Tailor's runtime. */
export function isRuntimeFile(path: string): boolean {
  if (path.startsWith(RUNTIME_DIR)) return true;
  const runtimeDir = dirname(path);
  if (!/\.[mc]?tsx?$/.test(path) || basename(runtimeDir) !== "runtime") {
    return false;
  }
  const srcDir = dirname(runtimeDir);
  return basename(srcDir) === "src" && isTailorPackage(dirname(srcDir));
}

/** Package directories known to be Tailor's or not. */
const TAILOR_PACKAGES = new Map<string, boolean>();

/** Whether `dir` holds a `deno.json` or `package.json` named `@tailor/tailor`. */
export function isTailorPackage(dir: string): boolean {
  let known = TAILOR_PACKAGES.get(dir);
  if (known === undefined) {
    known = ["deno.json", "deno.jsonc", "package.json"].some((name) =>
      packageName(join(dir, name)) === TAILOR_PACKAGE
    );
    TAILOR_PACKAGES.set(dir, known);
  }
  return known;
}

/** The `name` a JSON manifest declares, if any (comments allowed). */
function packageName(path: string): string | undefined {
  let text: string;
  try {
    text = Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
  const { config } = ts.parseConfigFileTextToJson(path, text);
  const name = (config as { name?: unknown } | undefined)?.name;
  return typeof name === "string" ? name : undefined;
}

/** The runtime export a name resolves to, or undefined when not ours. */
export function runtimeNameOfSymbol(
  symbol: ts.Symbol | undefined,
): string | undefined {
  const declaration = declarationsOf(symbol)[0];
  if (symbol === undefined || declaration === undefined) return undefined;
  return isRuntimeNode(declaration) ? symbol.getName() : undefined;
}

/**
 * The runtime name a decorator refers to (`Api`, `Get`...), else undefined.
 * Import aliases (`import { Get as G }`) and constant aliases
 * (`const MyGet = Get`, `const MyGet = t.Get`, chains of them) are followed.
 */
export function decoratorRuntimeName(
  decorator: ts.Decorator,
): string | undefined {
  let symbol = resolvedSymbol(decoratorNameNode(decorator));
  for (let hops = 0; hops < 16; hops++) {
    const aliased = constAliasTarget(symbol);
    if (aliased === undefined) break;
    symbol = resolvedSymbol(aliased);
  }
  return runtimeNameOfSymbol(symbol);
}

/** The `Get` of `const X = Get` (or of `const X = t.Get`), else undefined. */
function constAliasTarget(symbol: ts.Symbol | undefined): ts.Node | undefined {
  const declaration = declarationsOf(symbol)[0];
  if (declaration === undefined || !ts.isVariableDeclaration(declaration)) {
    return undefined;
  }
  const list = declaration.parent;
  if (!ts.isVariableDeclarationList(list) || !isConstList(list)) {
    return undefined;
  }
  const initializer = declaration.initializer;
  if (initializer === undefined) return undefined;
  if (ts.isIdentifier(initializer)) return initializer;
  return ts.isPropertyAccessExpression(initializer)
    ? initializer.name
    : undefined;
}

/** A `const` list: neither `let`, `var`, `using` nor `await using`. */
function isConstList(list: ts.VariableDeclarationList): boolean {
  return (list.flags & ts.NodeFlags.BlockScoped) === ts.NodeFlags.Const;
}

/** The identifier naming a decorator: `Api` in `@Api()` and in `@t.Api()`. */
export function decoratorNameNode(decorator: ts.Decorator): ts.Node {
  let expression: ts.Expression = decorator.expression;
  if (ts.isCallExpression(expression)) expression = expression.expression;
  if (ts.isPropertyAccessExpression(expression)) return expression.name;
  return expression;
}

/** The arguments of a decorator call (none for `@X` without a call). */
export function decoratorArguments(
  decorator: ts.Decorator,
): readonly ts.Expression[] {
  const expression = decorator.expression;
  return ts.isCallExpression(expression) ? expression.arguments : [];
}

/** The identifier naming the type of a type reference: `FetchBy` in `t.FetchBy<...>`. */
export function typeReferenceNameNode(
  node: ts.TypeReferenceNode,
): ts.Identifier {
  const name = node.typeName;
  return ts.isQualifiedName(name) ? name.right : name;
}

/** Decorators of a node that are the runtime's, with their runtime names. */
export function runtimeDecorators(
  node: ts.Node,
): { name: string; decorator: ts.Decorator }[] {
  const found: { name: string; decorator: ts.Decorator }[] = [];
  for (const decorator of decoratorsOf(node)) {
    const name = decoratorRuntimeName(decorator);
    if (name !== undefined) found.push({ name, decorator });
  }
  return found;
}

/** The name of a property-like declaration, quotes removed. */
export function propertyName(node: ts.Node): string {
  const nameNode = (node as { name?: ts.Node }).name;
  if (nameNode !== undefined && ts.isStringLiteral(nameNode)) {
    return nameNode.text;
  }
  return textOf(nameNode ?? node);
}

/**
 * Whether a property name is an identifier: what the fetcher text, the
 * runtime's entity decorators and the clients can write.
 */
export function isIdentifierName(name: string): boolean {
  return /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u.test(name);
}
