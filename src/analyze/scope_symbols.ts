/**
 * `getSymbolAtLocation`, remembered per file for names that resolve in the
 * file's own scope. The checker walks every enclosing scope again on each
 * call: at 4,000 endpoints the analysis asks 67,000 times, mostly for the
 * same few names in each file (`@Get`, `FetchBy`, `Int`, entity names), and
 * spent 0.2-0.37 s there.
 *
 * A name is remembered only where no enclosing node of the file could
 * declare it: no local, member, export or own name of that spelling in any
 * scope between it and the file. There the checker's answer depends only on
 * the file, the spelling and what the name is used as, which make the key.
 *
 * @module
 */

import { ts } from "@ts-morph/common";

type Remembered = Map<string, ts.Symbol | undefined>;

const byChecker = new WeakMap<
  ts.TypeChecker,
  WeakMap<ts.SourceFile, Remembered>
>();

/** `checker.getSymbolAtLocation(node)`, remembered where that is sound. */
export function symbolAtLocation(
  checker: ts.TypeChecker,
  node: ts.Node,
): ts.Symbol | undefined {
  const scoped = ts.isIdentifier(node) ? fileScopeKey(node) : undefined;
  if (scoped === undefined) return checker.getSymbolAtLocation(node);
  const { file, key } = scoped;
  let files = byChecker.get(checker);
  if (files === undefined) byChecker.set(checker, files = new WeakMap());
  let remembered = files.get(file);
  if (remembered === undefined) files.set(file, remembered = new Map());
  if (remembered.has(key)) return remembered.get(key);
  const symbol = checker.getSymbolAtLocation(node);
  remembered.set(key, symbol);
  return symbol;
}

/**
 * What an identifier is used as and its spelling, with its file, when it
 * resolves in the file's scope; undefined for other uses and where a scope
 * between could declare the same name.
 */
function fileScopeKey(
  node: ts.Identifier,
): { file: ts.SourceFile; key: string } | undefined {
  const role = roleOf(node);
  if (role === undefined) return undefined;
  const name = node.escapedText;
  let scope: ts.Node = node.parent;
  for (; !ts.isSourceFile(scope); scope = scope.parent) {
    if (mayDeclare(scope, name)) return undefined;
  }
  return { file: scope, key: `${role} ${name}` };
}

/**
 * The identifier's use, by which the checker decides what it means: a
 * type's name, a call's callee or argument (values), the first part of a
 * qualified name (a namespace, or a value under `typeof`).
 */
function roleOf(node: ts.Identifier): string | undefined {
  const parent = node.parent;
  if (ts.isTypeReferenceNode(parent)) return "type";
  if (ts.isCallExpression(parent)) return "value";
  if (!ts.isQualifiedName(parent) || parent.left !== node) return undefined;
  let top: ts.Node = parent;
  while (ts.isQualifiedName(top.parent)) top = top.parent;
  return ts.isTypeQueryNode(top.parent) ? "typeof" : "namespace";
}

/** Whether `scope` could give `name` another meaning for the nodes inside it. */
function mayDeclare(scope: ts.Node, name: ts.__String): boolean {
  const { locals, symbol } = scope as {
    locals?: ts.SymbolTable;
    symbol?: ts.Symbol;
  };
  if (locals?.has(name)) return true;
  if (symbol?.members?.has(name) || symbol?.exports?.has(name)) return true;
  return (ts.isFunctionExpression(scope) || ts.isClassExpression(scope)) &&
    scope.name?.escapedText === name;
}
