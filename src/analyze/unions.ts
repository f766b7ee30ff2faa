/**
 * Discriminated unions of static types: a type alias whose members are
 * named object types (`type Promotion = PercentOff | FixedOff`) or object
 * types written in place (`{ kind: "shipping" }`, named `PromotionShipping`
 * after the union and the value), told apart
 * by a property that every member has with a string literal type of its own
 * (`kind: "percent"`). The union becomes a static type with
 * {@link UnionModel}; its members are static types that carry their
 * discriminator value. A union without a discriminator is TAILOR012, one
 * the clients could not tell apart (two members with one value, a member
 * that is not a static type) TAILOR029.
 *
 * @module
 */

import type {
  DiscriminatorValue,
  StaticTypeModel,
  UnionMemberModel,
  UnionModel,
} from "../model/api_model.ts";
import { CODES, type DiagnosticSink } from "./codes.ts";
import {
  checkerOf,
  extendsTypes,
  hasModifier,
  nameOf,
  programOf,
  textOf,
  ts,
} from "./compiler.ts";
import { docOf } from "./docs.ts";
import { type Mapped, plain, type Site } from "./mapping.ts";
import {
  literalProperties,
  staticRef,
  type StaticTypesContext,
} from "./static_types.ts";
import { resolvedSymbol } from "./symbols.ts";

/** How to give a union a discriminator, the hint of TAILOR012. */
const DISCRIMINATOR_HINT =
  'give every member a property of its own string literal type (kind: "a", ' +
  'kind: "b"...) and name the union with a type alias ' +
  "(type Shape = A | B), or return one named type";

/**
 * Whether a type alias declares a union of object types: two or more type
 * references or object type literals (`{ kind: "a"; ... }`), no
 * `undefined`/`null`, no type parameters.
 */
export function isUnionOfNamedTypes(alias: ts.TypeAliasDeclaration): boolean {
  const type = alias.type;
  return (alias.typeParameters ?? []).length === 0 &&
    ts.isUnionTypeNode(type) && type.types.length > 1 &&
    type.types.every((member) =>
      ts.isTypeReferenceNode(member) || ts.isTypeLiteralNode(member)
    );
}

/**
 * Reports a union that cannot be described (written inline, or without a
 * discriminator) as TAILOR012 with the hint that says how to make it one.
 */
export function reportUndiscriminatedUnion(
  sink: DiagnosticSink,
  node: ts.Node,
  site: Site,
  why: string,
): undefined {
  sink.error(
    CODES.UNSUPPORTED_TYPE,
    node,
    `${site.where}: \`${
      textOf(node)
    }\` cannot be described to clients (${why})`,
    DISCRIMINATOR_HINT,
  );
  return undefined;
}

/**
 * A reference to a union alias (see {@link isUnionOfNamedTypes}): registers
 * it and its members the first time. Undefined when it cannot be described
 * (reported).
 */
export function unionRef(
  cx: StaticTypesContext,
  alias: ts.TypeAliasDeclaration,
  node: ts.TypeReferenceNode,
  site: Site,
): Mapped | undefined {
  return registerUnion(cx, alias, node, site, (name, memberSite) => {
    const memberNodes = (alias.type as ts.UnionTypeNode).types;
    // A member written in place is named once its discriminator is known.
    const names: string[] = [];
    for (const [i, member] of memberNodes.entries()) {
      const memberName = ts.isTypeLiteralNode(member)
        ? `${name} member ${i + 1}`
        : memberOf(cx, member, memberSite, name);
      if (memberName !== undefined) names.push(memberName);
    }
    if (names.length < memberNodes.length) return undefined;
    const checker = checkerOf(alias);
    const found = discriminate(
      cx.sink,
      memberNodes,
      memberNodes.map((member) => checker.getTypeFromTypeNode(member)),
      names,
      { ...site, where: `${site.where}, in ${name}` },
      alias.type,
    );
    return found && literalMembers(cx, name, memberNodes, found, memberSite);
  });
}

/**
 * Registers the union `declaration` declares the first time it is
 * referenced, with the members `build` finds (undefined when it reported
 * why there are none); the reference to it, or undefined.
 */
function registerUnion(
  cx: StaticTypesContext,
  declaration: ts.TypeAliasDeclaration | ts.ClassDeclaration,
  node: ts.TypeReferenceNode,
  site: Site,
  build: (name: string, memberSite: Site) => UnionModel | undefined,
): Mapped | undefined {
  const name = nameOf(declaration) ?? "Anonymous";
  if (!cx.names.claim("type", name, declaration, node, site.where)) {
    return undefined;
  }
  const ref = plain({ kind: "static", name, args: [] });
  // Registered, or being built (a member refers back to it).
  if (cx.statics.has(name)) return ref;
  cx.statics.reserve(name);
  const union = build(name, { ...site, typeName: name });
  if (union === undefined) return undefined;
  const doc = docOf(declaration);
  cx.statics.set(name, {
    name,
    origin: "plain",
    ...(doc === undefined ? {} : { doc }),
    typeParameters: [],
    properties: [],
    source: cx.sink.location(declaration.name ?? declaration),
    union,
  });
  return ref;
}

/**
 * Whether `declaration` is an abstract class (not an entity) with
 * subclasses in the program: a union of those.
 */
export function isAbstractUnionBase(declaration: ts.ClassDeclaration): boolean {
  return hasModifier(declaration, ts.SyntaxKind.AbstractKeyword) &&
    (declaration.typeParameters ?? []).length === 0 &&
    subclassesOf(declaration).length > 0;
}

/**
 * A reference to an abstract class with subclasses (see
 * {@link isAbstractUnionBase}): a union of its direct subclasses, told
 * apart as a union alias's members are. Undefined when it cannot be
 * described (reported).
 */
export function classUnionRef(
  cx: StaticTypesContext,
  base: ts.ClassDeclaration,
  node: ts.TypeReferenceNode,
  site: Site,
): Mapped | undefined {
  return registerUnion(cx, base, node, site, (name, memberSite) => {
    const subclasses = subclassesOf(base);
    for (const subclass of subclasses) {
      const what = hasModifier(subclass, ts.SyntaxKind.AbstractKeyword)
        ? "is abstract"
        : (subclass.typeParameters ?? []).length > 0
        ? "is generic"
        : cx.names.entityOf(subclass) !== undefined
        ? "is an entity"
        : undefined;
      if (what !== undefined) {
        cx.sink.error(
          CODES.BAD_UNION,
          subclass.name ?? subclass,
          `${memberSite.where}: subclass ${
            nameOf(subclass)
          } of ${name} ${what}`,
          "the members of an abstract class's union are its direct, " +
            "concrete subclasses without type parameters",
        );
        return undefined;
      }
      if (staticRef(cx, subclass, [], node, memberSite) === undefined) {
        return undefined;
      }
    }
    const checker = checkerOf(base);
    const union = discriminate(
      cx.sink,
      subclasses.map((subclass) => subclass.name ?? subclass),
      subclasses.map((subclass) => checker.getTypeAtLocation(subclass.name!)),
      subclasses.map((subclass) => nameOf(subclass)!),
      { ...site, where: `${site.where}, in ${name}` },
      base.name ?? base,
    );
    return union && { ...union, subclasses: true };
  });
}

/** Each program's classes by the class their `extends` names. */
const subclassIndexes = new WeakMap<
  ts.Program,
  Map<ts.Declaration, ts.ClassDeclaration[]>
>();

/**
 * The classes of the program (at the top level of its files, declaration
 * files aside) whose `extends` names `base`, by file and position; the
 * program's classes are indexed once.
 */
function subclassesOf(
  base: ts.ClassDeclaration,
): readonly ts.ClassDeclaration[] {
  const program = programOf(base);
  let index = subclassIndexes.get(program);
  if (index === undefined) {
    index = new Map();
    for (const file of program.getSourceFiles()) {
      if (file.isDeclarationFile) continue;
      for (const statement of file.statements) {
        if (!ts.isClassDeclaration(statement) || statement.name === undefined) {
          continue;
        }
        const expression = extendsTypes(statement)[0]?.expression;
        const symbol = expression && resolvedSymbol(expression);
        for (const declaration of symbol?.declarations ?? []) {
          const list = index.get(declaration) ?? [];
          list.push(statement);
          index.set(declaration, list);
        }
      }
    }
    subclassIndexes.set(program, index);
  }
  return index.get(base) ?? [];
}

/**
 * The name of a union member: a static type without type arguments (an
 * entity, a fetched shape, a builtin or a generic type is TAILOR029).
 */
function memberOf(
  cx: StaticTypesContext,
  member: ts.TypeNode,
  site: Site,
  union: string,
): string | undefined {
  const mapped = cx.types.map(member, site);
  if (mapped === undefined) return undefined;
  const { type } = mapped;
  const what = type.kind === "dynamic" || type.kind === "fetched"
    ? "is an entity"
    : type.kind !== "static"
    ? "is not an object type"
    : type.args.length > 0 || cx.statics.get(type.name)?.origin === "builtin"
    ? "is generic"
    : cx.statics.get(type.name)?.union !== undefined
    ? "is a union itself"
    : undefined;
  if (what === undefined && type.kind === "static") return type.name;
  cx.sink.error(
    CODES.BAD_UNION,
    member,
    `${site.where}: member \`${textOf(member)}\` of the union ${union} ${what}`,
    "only interfaces, classes and object type aliases without type " +
      "parameters can be members; wrap anything else in one that carries " +
      'the discriminator (kind: "book"; book: ...)',
  );
  return undefined;
}

/**
 * `union` with each member written in place (`{ kind: "circle"; ... }`)
 * registered as a static type named after the union and its discriminator
 * value (`ShapeCircle`); undefined when one cannot be (reported).
 */
function literalMembers(
  cx: StaticTypesContext,
  union: string,
  nodes: readonly ts.TypeNode[],
  found: UnionModel,
  site: Site,
): UnionModel | undefined {
  const members: UnionMemberModel[] = [];
  for (const [i, member] of found.members.entries()) {
    const node = nodes[i]!;
    if (!ts.isTypeLiteralNode(node)) {
      members.push(member);
      continue;
    }
    const name = `${union}${pascalCase(member.value) || i + 1}`;
    if (!cx.names.claim("type", name, node, node, site.where)) return undefined;
    const properties = literalProperties(cx, node, { ...site, typeName: name });
    if (properties === undefined) return undefined;
    cx.statics.set(name, {
      name,
      origin: "plain",
      typeParameters: [],
      properties,
      source: cx.sink.location(node),
    });
    members.push({ ...member, name });
  }
  return { ...found, members };
}

/** `free-shipping` as `FreeShipping`: the letters and digits of `value`. */
function pascalCase(value: string): string {
  const words = value.split(/[^A-Za-z0-9]+/).filter((word) => word !== "");
  const text = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
  return /^[A-Za-z]/.test(text) ? text : "";
}

/** A property's string literal type, when it is one and required. */
function literalOf(
  type: ts.Type,
  property: string,
  at: ts.Node,
): string | undefined {
  const symbol = type.getProperty(property);
  if (symbol === undefined || (symbol.flags & ts.SymbolFlags.Optional) !== 0) {
    return undefined;
  }
  const value = checkerOf(at).getTypeOfSymbolAtLocation(symbol, at);
  return value.isStringLiteral() ? value.value : undefined;
}

/**
 * The union's discriminator: the first property of the first member that
 * every member has with a string literal type, the values all distinct.
 * Undefined when there is none (reported).
 */
function discriminate(
  sink: DiagnosticSink,
  members: readonly ts.Node[],
  types: readonly ts.Type[],
  names: readonly string[],
  site: Site,
  union: ts.Node,
): UnionModel | undefined {
  let duplicate: { property: string; at: number; value: string } | undefined;
  for (const candidate of types[0]!.getProperties()) {
    const property = candidate.getName();
    const values = types.map((type, i) =>
      literalOf(type, property, members[i]!)
    );
    if (values.some((value) => value === undefined)) continue;
    const at = values.findIndex((value, i) => values.indexOf(value) !== i);
    if (at < 0) {
      const list: UnionMemberModel[] = names.map((name, i) => ({
        value: values[i]!,
        name,
      }));
      return { discriminator: property, members: list };
    }
    duplicate ??= { property, at, value: values[at]! };
  }
  if (duplicate === undefined) {
    return reportUndiscriminatedUnion(
      sink,
      union,
      site,
      "a union without a discriminator",
    );
  }
  const { property, at, value } = duplicate;
  const first = types.findIndex((type, i) =>
    literalOf(type, property, members[i]!) === value
  );
  sink.error(
    CODES.BAD_UNION,
    members[at]!,
    `${site.where}: members ${names[first]} and ${names[at]} both have ` +
      `${property}: ${
        JSON.stringify(value)
      }, so clients cannot tell them apart`,
    `give each member its own value of ${property}`,
  );
  return undefined;
}

/**
 * The static types with each union member's discriminator set, and taken
 * from a type no union lists any more (a member of several unions gets the
 * first's; clients need one per property and value). A type whose
 * discriminator stays is the same object.
 */
export function withDiscriminators(
  types: readonly StaticTypeModel[],
): StaticTypeModel[] {
  const discriminators = new Map<string, DiscriminatorValue>();
  for (const type of types) {
    for (const member of type.union?.members ?? []) {
      if (discriminators.has(member.name)) continue;
      discriminators.set(member.name, {
        property: type.union!.discriminator,
        value: member.value,
      });
    }
  }
  return types.map((type) => {
    const discriminator = discriminators.get(type.name);
    if (
      discriminator?.property === type.discriminator?.property &&
      discriminator?.value === type.discriminator?.value
    ) return type;
    const { discriminator: _, ...rest } = type;
    return discriminator === undefined ? rest : { ...rest, discriminator };
  });
}
