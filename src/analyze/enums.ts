/**
 * Enums of the model: `enum` declarations with string members, and type
 * aliases that are unions of string literals (`type Kind = "a" | "b"`),
 * each registered once under its claimed type name.
 *
 * @module
 */

import type { EnumModel, EnumValueModel } from "../model/api_model.ts";
import type { DiagnosticSink } from "./codes.ts";
import { checkerOf, textOf, ts } from "./compiler.ts";
import { blockDocBefore, docOf } from "./docs.ts";
import {
  type Mapped,
  plain,
  type Registry,
  reportUnsupported,
  type Site,
} from "./mapping.ts";
import type { TypeNames } from "./type_names.ts";

/** The members of a union of string literals, else undefined. */
export function stringLiteralUnion(
  node: ts.TypeNode,
): ts.LiteralTypeNode[] | undefined {
  const members = ts.isUnionTypeNode(node) ? node.types : [node];
  const literals: ts.LiteralTypeNode[] = [];
  for (const member of members) {
    if (!ts.isLiteralTypeNode(member) || !ts.isStringLiteral(member.literal)) {
      return undefined;
    }
    literals.push(member);
  }
  return literals.length > 0 ? literals : undefined;
}

/**
 * What the enum functions are given: the sink, the names (enums claim type
 * names) and the registry they fill.
 */
export interface EnumsContext {
  /** Where errors go. */
  readonly sink: DiagnosticSink;
  /** Type names are claimed here. */
  readonly names: TypeNames;
  /** Enums by name. */
  readonly enums: Registry<EnumModel>;
}

/**
 * A reference (`node`) to an `enum` declaration; undefined, reported, when
 * its name clashes or a member is not a string.
 */
export function enumRef(
  cx: EnumsContext,
  declaration: ts.EnumDeclaration,
  node: ts.Node,
  site: Site,
): Mapped | undefined {
  const name = textOf(declaration.name);
  return enumOnce(cx, name, declaration, node, site, () => {
    const checker = checkerOf(declaration);
    const values: EnumValueModel[] = [];
    for (const member of declaration.members) {
      const value = checker.getConstantValue(member);
      if (typeof value !== "string") {
        return reportUnsupported(
          cx.sink,
          member,
          site,
          `enum ${name} has a member that is not a string`,
        );
      }
      const doc = docOf(member);
      values.push({ value, ...(doc === undefined ? {} : { doc }) });
    }
    return values;
  });
}

/**
 * A reference (`node`) to an alias whose type (`typeNode`) is the union
 * of string `literals` (see {@link stringLiteralUnion}); each value keeps
 * the block comment written before it. Undefined when the name clashes.
 */
export function literalUnionRef(
  cx: EnumsContext,
  alias: ts.TypeAliasDeclaration,
  typeNode: ts.TypeNode,
  literals: readonly ts.LiteralTypeNode[],
  node: ts.Node,
  site: Site,
): Mapped | undefined {
  return enumOnce(
    cx,
    textOf(alias.name),
    alias,
    node,
    site,
    () =>
      literals.map((literal, i) => {
        const value = (literal.literal as ts.StringLiteral).text;
        const from = i === 0 ? typeNode.pos : literals[i - 1]!.end;
        const doc = blockDocBefore(literal, from);
        return { value, ...(doc === undefined ? {} : { doc }) };
      }),
  );
}

/**
 * Claims `name` for `declaration` and registers the enum with the values
 * `read` returns the first time (undefined: an error was reported).
 */
function enumOnce(
  cx: EnumsContext,
  name: string,
  declaration: ts.EnumDeclaration | ts.TypeAliasDeclaration,
  node: ts.Node,
  site: Site,
  read: () => EnumValueModel[] | undefined,
): Mapped | undefined {
  if (!cx.names.claim("type", name, declaration, node, site.where)) {
    return undefined;
  }
  if (!cx.enums.has(name)) {
    const values = read();
    if (values === undefined) return undefined;
    const doc = docOf(declaration);
    cx.enums.set(name, {
      name,
      ...(doc === undefined ? {} : { doc }),
      values,
    });
  }
  return plain({ kind: "enum", name });
}
