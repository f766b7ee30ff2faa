/**
 * TypeScript's compiler API as the analysis uses it: its own nodes, types
 * and symbols, and the few conveniences the analysis once took from
 * ts-morph's wrappers, with the same meaning. The analysis reads compiler
 * nodes directly because ts-morph's wrapper objects cost about half of its
 * time. The compiler is the one ts-morph bundles (`@ts-morph/common`).
 *
 * @module
 */

import { ts } from "@ts-morph/common";
import { symbolAtLocation } from "./scope_symbols.ts";

export { ts };

const programs = new WeakMap<ts.SourceFile, ts.Program>();

/**
 * Makes `program` the one whose checker {@link checkerOf} gives for its
 * files. The checker itself is made on first use.
 */
export function useProgram(program: ts.Program): void {
  for (const file of program.getSourceFiles()) programs.set(file, program);
}

/** The program `node`'s file was last analyzed in. */
export function programOf(node: ts.Node): ts.Program {
  const program = programs.get(node.getSourceFile());
  if (program === undefined) {
    throw new Error(`no program for ${node.getSourceFile().fileName}`);
  }
  return program;
}

/** The type checker of the program `node`'s file was last analyzed in. */
export function checkerOf(node: ts.Node): ts.TypeChecker {
  return programOf(node).getTypeChecker();
}

/** The type of a node, as the checker sees it there. */
export function typeOf(node: ts.Node): ts.Type {
  return checkerOf(node).getTypeAtLocation(node);
}

/**
 * The symbol of a node: a declaration's own, else the one its text
 * refers to, else its name's (ts-morph's `Node.getSymbol`).
 */
export function symbolOf(node: ts.Node): ts.Symbol | undefined {
  const bound = (node as { symbol?: ts.Symbol }).symbol;
  if (bound !== undefined) return bound;
  const found = symbolAtLocation(checkerOf(node), node);
  if (found !== undefined) return found;
  const name = (node as { name?: ts.Node }).name;
  return name === undefined ? undefined : symbolOf(name);
}

/** A symbol's declarations, none when it has none. */
export function declarationsOf(
  symbol: ts.Symbol | undefined,
): readonly ts.Declaration[] {
  return symbol?.declarations ?? [];
}

/** The absolute path of the file a node is in, `/` separated. */
export function filePathOf(node: ts.Node): string {
  return node.getSourceFile().fileName;
}

/** Where a node's first token starts (its leading trivia and JSDoc skipped). */
export function startOf(node: ts.Node): number {
  return node.getStart(node.getSourceFile());
}

/** A node's source text, without its leading trivia. */
export function textOf(node: ts.Node): string {
  return node.getText(node.getSourceFile());
}

/** The text of a declaration's name (`getName()` in ts-morph), if it has one. */
export function nameOf(node: ts.Node): string | undefined {
  const name = (node as { name?: ts.Node }).name;
  return name === undefined ? undefined : textOf(name);
}

const newlines = new WeakMap<ts.SourceFile, number[]>();

/**
 * The 1-based line and column of a position: lines counted by `\n`, the
 * column from the last `\n` or `\r` (as ts-morph counts them).
 */
export function lineAndColumn(
  file: ts.SourceFile,
  position: number,
): { line: number; column: number } {
  const text = file.text;
  let breaks = newlines.get(file);
  if (breaks === undefined) {
    breaks = [];
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) {
      breaks.push(i);
    }
    newlines.set(file, breaks);
  }
  let low = 0;
  let high = breaks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (breaks[middle]! < position) low = middle + 1;
    else high = middle;
  }
  let lineStart = position;
  while (lineStart > 0) {
    const previous = text.charCodeAt(lineStart - 1);
    if (previous === 10 || previous === 13) break;
    lineStart--;
  }
  return { line: low + 1, column: position - lineStart + 1 };
}

/** The decorators of a node, in source order. */
export function decoratorsOf(node: ts.Node): readonly ts.Decorator[] {
  return ts.canHaveDecorators(node) ? ts.getDecorators(node) ?? [] : [];
}

/** The JSDoc comments attached to a node, in source order. */
export function jsDocsOf(node: ts.Node): readonly ts.JSDoc[] {
  return (node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [];
}

/** Whether a node carries a modifier keyword (`static`, `readonly`...). */
export function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) &&
    (ts.getModifiers(node)?.some((modifier) => modifier.kind === kind) ??
      false);
}

/** A class member as ts-morph lists them, parameter properties included. */
export type ClassMember =
  | ts.MethodDeclaration
  | ts.PropertyDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration
  | ts.ConstructorDeclaration
  | ts.ClassStaticBlockDeclaration
  | ts.ParameterDeclaration;

/**
 * A class's members in source order, each constructor's parameter
 * properties after it; overload signatures left out outside ambient
 * contexts (ts-morph's `getMembersWithParameterProperties`).
 */
export function classMembers(
  declaration: ts.ClassLikeDeclaration,
): ClassMember[] {
  const ambient = isAmbient(declaration);
  const members: ClassMember[] = [];
  for (const member of declaration.members) {
    if (!isSupportedMember(member)) continue;
    const overload = (ts.isConstructorDeclaration(member) ||
      ts.isMethodDeclaration(member)) &&
      member.body === undefined &&
      !(ts.isMethodDeclaration(member) &&
        hasModifier(member, ts.SyntaxKind.AbstractKeyword));
    if (overload && !ambient) continue;
    members.push(member);
    if (ts.isConstructorDeclaration(member) && member.body !== undefined) {
      for (const parameter of member.parameters) {
        if (isParameterProperty(parameter)) members.push(parameter);
      }
    }
  }
  return members;
}

/** Instance members: parameter properties, and members not `static`. */
export function instanceMembers(
  declaration: ts.ClassLikeDeclaration,
): ClassMember[] {
  return classMembers(declaration).filter((member) =>
    !ts.isConstructorDeclaration(member) &&
    (ts.isParameter(member) ||
      !hasModifier(member, ts.SyntaxKind.StaticKeyword))
  );
}

/** `static` members, constructors left out. */
export function staticMembers(
  declaration: ts.ClassLikeDeclaration,
): ClassMember[] {
  return classMembers(declaration).filter((member) =>
    !ts.isConstructorDeclaration(member) && !ts.isParameter(member) &&
    hasModifier(member, ts.SyntaxKind.StaticKeyword)
  );
}

/** A class property as ts-morph counts them: fields, accessors, parameter properties. */
export type ClassProperty =
  | ts.PropertyDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration
  | ts.ParameterDeclaration;

/** Whether a member is a property in ts-morph's sense. */
export function isClassProperty(member: ts.Node): member is ClassProperty {
  return ts.isPropertyDeclaration(member) ||
    ts.isGetAccessorDeclaration(member) ||
    ts.isSetAccessorDeclaration(member) || ts.isParameter(member);
}

/** Whether a constructor parameter declares a property (`private x`, `readonly x`). */
export function isParameterProperty(parameter: ts.ParameterDeclaration) {
  const flags = ts.getCombinedModifierFlags(parameter);
  return (flags & (ts.ModifierFlags.AccessibilityModifier |
    ts.ModifierFlags.Readonly | ts.ModifierFlags.Override)) !== 0;
}

function isSupportedMember(member: ts.ClassElement): member is Exclude<
  ClassMember,
  ts.ParameterDeclaration
> {
  return ts.isMethodDeclaration(member) || ts.isPropertyDeclaration(member) ||
    ts.isGetAccessorDeclaration(member) ||
    ts.isSetAccessorDeclaration(member) ||
    ts.isConstructorDeclaration(member) ||
    ts.isClassStaticBlockDeclaration(member);
}

function isAmbient(node: ts.Node): boolean {
  if (node.getSourceFile().isDeclarationFile) return true;
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if (ts.isSourceFile(at)) break;
    if (
      ts.isInterfaceDeclaration(at) || ts.isTypeAliasDeclaration(at) ||
      (ts.getCombinedModifierFlags(at as ts.Declaration) &
          ts.ModifierFlags.Ambient) !== 0
    ) {
      return true;
    }
  }
  return false;
}

/** The types after `extends` of a class or interface (its first such clause). */
export function extendsTypes(
  declaration: ts.ClassDeclaration | ts.InterfaceDeclaration,
): readonly ts.ExpressionWithTypeArguments[] {
  return declaration.heritageClauses?.find((clause) =>
    clause.token === ts.SyntaxKind.ExtendsKeyword
  )?.types ?? [];
}

/**
 * `private` or `protected` when a member is declared so, else undefined
 * (ts-morph's `getScope()`, public and none alike).
 */
export function scopeOf(
  member: ts.Declaration,
): "private" | "protected" | undefined {
  const flags = ts.getCombinedModifierFlags(member);
  if ((flags & ts.ModifierFlags.Private) !== 0) return "private";
  if ((flags & ts.ModifierFlags.Protected) !== 0) return "protected";
  return undefined;
}

/** Whether every flag of `flag` is set on the type. */
export function hasTypeFlag(type: ts.Type, flag: ts.TypeFlags): boolean {
  return (type.flags & flag) === flag;
}

/** The type arguments of a generic type reference, none for other types. */
export function typeArgumentsOf(type: ts.Type): readonly ts.Type[] {
  return isTypeReference(type)
    ? checkerOfType(type).getTypeArguments(type)
    : [];
}

/** `T[]`, `Array<T>` or `ReadonlyArray<T>` (ts-morph's `isArray`). */
export function isArrayType(type: ts.Type): boolean {
  const name = type.getSymbol()?.getName();
  return (name === "Array" || name === "ReadonlyArray") &&
    typeArgumentsOf(type).length === 1;
}

/** `ReadonlyArray<T>` or `readonly T[]`. */
export function isReadonlyArrayType(type: ts.Type): boolean {
  return type.getSymbol()?.getName() === "ReadonlyArray" &&
    typeArgumentsOf(type).length === 1;
}

/** The element type of an array type, else undefined. */
export function arrayElementType(type: ts.Type): ts.Type | undefined {
  return isArrayType(type) ? typeArgumentsOf(type)[0] : undefined;
}

/** A union with `null` or `undefined` among its members. */
export function isNullableType(type: ts.Type): boolean {
  return type.isUnion() &&
    type.types.some((member) =>
      hasTypeFlag(member, ts.TypeFlags.Null) ||
      hasTypeFlag(member, ts.TypeFlags.Undefined)
    );
}

/** One enum member's literal type (not a union of them). */
export function isEnumLiteralType(type: ts.Type): boolean {
  return hasTypeFlag(type, ts.TypeFlags.EnumLiteral) && !type.isUnion();
}

/** An enum's type: flagged so, or a union of its members' literals. */
export function isEnumType(type: ts.Type): boolean {
  if (hasTypeFlag(type, ts.TypeFlags.Enum)) return true;
  if (isEnumLiteralType(type)) return false;
  const declaration = type.getSymbol()?.valueDeclaration;
  return declaration !== undefined && ts.isEnumDeclaration(declaration);
}

function isTypeReference(type: ts.Type): type is ts.TypeReference {
  return (type.flags & ts.TypeFlags.Object) !== 0 &&
    ((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference) !== 0;
}

/** The checker that made a type (types keep it, unexported). */
function checkerOfType(type: ts.Type): ts.TypeChecker {
  return (type as unknown as { checker: ts.TypeChecker }).checker;
}
