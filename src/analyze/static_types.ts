/**
 * Static types of the model: classes, interfaces and object type aliases
 * that are not entities, generic ones with their type parameters, their
 * properties read bases first (`extends Base<X>`). A static type that
 * writes `FetchBy` anywhere is "hybrid", one from the runtime "builtin".
 *
 * @module
 */

import type {
  PropertyModel,
  StaticTypeModel,
  TypeRef,
} from "../model/api_model.ts";
import type { DiagnosticSink } from "./codes.ts";
import {
  classMembers,
  declarationsOf,
  extendsTypes,
  hasModifier,
  isParameterProperty,
  nameOf,
  scopeOf,
  textOf,
  ts,
  typeOf,
} from "./compiler.ts";
import { docOf } from "./docs.ts";
import { isEmbeddableClass } from "./embeddables.ts";
import { classOf } from "./entities.ts";
import {
  isLibNode,
  type Mapped,
  type OwnerDeclaration,
  plain,
  type Registry,
  reportUnsupported,
  reportVague,
  type Site,
  type TypeNodeMapper,
} from "./mapping.ts";
import {
  isIdentifierName,
  isRuntimeNode,
  propertyName,
  resolvedSymbol,
  runtimeDecorators,
  runtimeNameOfSymbol,
  typeReferenceNameNode,
} from "./symbols.ts";
import type { TypeNames } from "./type_names.ts";

/** The `@DefaultFetcherOwner(X)` of a class, else the class itself. */
export function defaultOwner(
  declaration: ts.ClassDeclaration,
): ts.ClassDeclaration {
  for (const { name, decorator } of runtimeDecorators(declaration)) {
    if (name !== "DefaultFetcherOwner") continue;
    const expression = decorator.expression;
    if (!ts.isCallExpression(expression)) continue;
    const argument = expression.arguments[0];
    const owner = argument === undefined ? undefined : classOf(argument);
    if (owner !== undefined) return owner;
  }
  return declaration;
}

/**
 * Whether a declaration writes `FetchBy` anywhere in it (its JSDoc left
 * out, as ts-morph's descendants of a kind leave it out).
 */
function containsFetchBy(declaration: ts.Node): boolean {
  const visit = (node: ts.Node): boolean | undefined =>
    (ts.isTypeReferenceNode(node) &&
      runtimeNameOfSymbol(resolvedSymbol(typeReferenceNameNode(node))) ===
        "FetchBy") || ts.forEachChild(node, visit);
  return ts.forEachChild(declaration, visit) ?? false;
}

/**
 * What the static-type functions are given: the sink, the names, the mapper
 * for members and arguments, and the registry they fill.
 */
export interface StaticTypesContext {
  /** Where errors go. */
  readonly sink: DiagnosticSink;
  /** Type names are claimed here. */
  readonly names: TypeNames;
  /** Maps members and type arguments. */
  readonly types: TypeNodeMapper;
  /** Static types by name. */
  readonly statics: Registry<StaticTypeModel>;
}

/**
 * The properties of an object type literal; undefined when one cannot be
 * described (reported).
 */
export function literalProperties(
  cx: StaticTypesContext,
  node: ts.TypeLiteralNode,
  site: Site,
): PropertyModel[] | undefined {
  const properties: PropertyModel[] = [];
  let failed = false;
  for (const member of node.members) {
    if (!ts.isPropertySignature(member)) {
      reportUnsupported(
        cx.sink,
        member,
        site,
        "only properties can be described",
      );
      failed = true;
      continue;
    }
    const property = propertyModel(cx, member, site);
    if (property === undefined) failed = true;
    else properties.push(property);
  }
  return failed ? undefined : properties;
}

/** A property signature or declaration as a PropertyModel. */
export function propertyModel(
  cx: Pick<StaticTypesContext, "sink" | "names" | "types">,
  member: ts.Node & {
    readonly type?: ts.TypeNode | undefined;
    readonly questionToken?: ts.QuestionToken | undefined;
  },
  site: Site,
): PropertyModel | undefined {
  const name = propertyName(member);
  const typeNode = member.type;
  const memberSite: Site = {
    where: site.typeName === undefined
      ? `${site.where}, property ${name}`
      : `${site.where}, in ${site.typeName}.${name}`,
    owner: site.owner,
    env: site.env,
  };
  if (!isIdentifierName(name)) {
    cx.names.reportPropertyName(member, name, memberSite.where);
    return undefined;
  }
  const mapped = typeNode === undefined
    ? cx.types.mapInferred(typeOf(member), member, memberSite)
    : cx.types.map(typeNode, memberSite);
  if (mapped === undefined) return undefined;
  if (mapped.type.kind === "void") {
    reportUnsupported(
      cx.sink,
      typeNode ?? member,
      memberSite,
      "a property without a value",
    );
    return undefined;
  }
  const doc = docOf(member);
  return {
    name,
    type: mapped.type,
    optional: member.questionToken !== undefined || mapped.nullable,
    ...(doc === undefined ? {} : { doc }),
    ...(mapped.constraints === undefined
      ? {}
      : { constraints: mapped.constraints }),
  };
}

/**
 * A reference (`node`, with type arguments `args`) to a class, interface
 * or object type alias: registers the declaration as a static type.
 */
export function staticRef(
  cx: StaticTypesContext,
  declaration: OwnerDeclaration,
  args: readonly ts.TypeNode[],
  node: ts.TypeReferenceNode,
  site: Site,
): Mapped | undefined {
  const name = nameOf(declaration) ?? "Anonymous";
  const parameters = declaration.typeParameters ?? [];
  if (args.length > parameters.length) {
    return reportUnsupported(cx.sink, node, site);
  }
  const mappedArgs = typeArguments(cx, parameters, args, node, site);
  if (mappedArgs === undefined) return undefined;
  if (!ensureStatic(cx, declaration, node, site)) return undefined;
  return plain({ kind: "static", name, args: mappedArgs });
}

/**
 * The type arguments of a reference to a generic declaration, one per type
 * parameter: the written argument, else the parameter's default. Undefined,
 * with the error reported, at the first that is missing or cannot be
 * mapped.
 */
export function typeArguments(
  cx: StaticTypesContext,
  parameters: readonly ts.TypeParameterDeclaration[],
  args: readonly ts.TypeNode[],
  node: ts.TypeReferenceNode,
  site: Site,
): TypeRef[] | undefined {
  const mappedArgs: TypeRef[] = [];
  for (const [i, parameter] of parameters.entries()) {
    const argument = args[i] ?? parameter.default;
    if (argument === undefined) {
      return reportVague(
        cx.sink,
        node,
        site,
        `no type argument for ${textOf(parameter.name)}`,
      );
    }
    const mapped = cx.types.mapValue(argument, site);
    if (mapped === undefined) return undefined;
    mappedArgs.push(mapped);
  }
  return mappedArgs;
}

/**
 * Claims the declaration's name and registers its static type the first
 * time (its type parameters stay parameters); false on a name clash.
 */
function ensureStatic(
  cx: StaticTypesContext,
  declaration: OwnerDeclaration,
  node: ts.Node,
  site: Site,
): boolean {
  const name = nameOf(declaration) ?? "Anonymous";
  if (!cx.names.claim("type", name, declaration, node, site.where)) {
    return false;
  }
  if (cx.statics.has(name)) return true;
  cx.statics.reserve(name);
  const builtin = isRuntimeNode(declaration);
  const parameters = declaration.typeParameters ?? [];
  const parameterNames = parameters.map((p) => textOf(p.name));
  const env = new Map<ts.Node, TypeRef>(
    parameters.map((p, i) => [
      p,
      { kind: "typeParameter", name: parameterNames[i]! },
    ]),
  );
  const properties = members(cx, declaration, env, site.where) ?? [];
  const doc = docOf(declaration);
  const origin = builtin
    ? "builtin"
    : ts.isClassDeclaration(declaration) && isEmbeddableClass(declaration)
    ? "embeddable"
    : containsFetchBy(declaration)
    ? "hybrid"
    : "plain";
  cx.statics.set(name, {
    name,
    origin,
    ...(doc === undefined ? {} : { doc }),
    typeParameters: parameterNames,
    properties,
    ...(builtin ? {} : {
      source: cx.sink.location(declaration.name ?? declaration),
    }),
  });
  return true;
}

/** Properties of a class, interface or object type alias, bases first. */
function members(
  cx: StaticTypesContext,
  declaration: OwnerDeclaration,
  env: ReadonlyMap<ts.Node, TypeRef>,
  reachedFrom: string,
): PropertyModel[] | undefined {
  const name = nameOf(declaration) ?? "Anonymous";
  const owner = ts.isClassDeclaration(declaration)
    ? defaultOwner(declaration)
    : declaration;
  const site: Site = { where: reachedFrom, owner, env, typeName: name };
  const properties: PropertyModel[] = [];
  const add = (property: PropertyModel | undefined) => {
    if (property === undefined) return;
    const index = properties.findIndex((p) => p.name === property.name);
    if (index >= 0) properties[index] = property;
    else properties.push(property);
  };
  // Bases first: `extends Base<X>`.
  const heritage = ts.isClassDeclaration(declaration)
    ? extendsTypes(declaration).slice(0, 1)
    : ts.isInterfaceDeclaration(declaration)
    ? extendsTypes(declaration)
    : [];
  for (const clause of heritage) {
    const base = declarationsOf(resolvedSymbol(clause.expression)).find((
      d,
    ): d is ts.ClassDeclaration | ts.InterfaceDeclaration =>
      ts.isClassDeclaration(d) || ts.isInterfaceDeclaration(d)
    );
    if (base === undefined || isLibNode(base)) {
      reportUnsupported(
        cx.sink,
        clause,
        site,
        "the base type cannot be described",
      );
      continue;
    }
    const baseEnv = new Map<ts.Node, TypeRef>();
    const args = clause.typeArguments ?? [];
    for (const [i, parameter] of (base.typeParameters ?? []).entries()) {
      const argument = args[i] ?? parameter.default;
      const mapped = argument && cx.types.mapValue(argument, site);
      if (mapped !== undefined) baseEnv.set(parameter, mapped);
    }
    for (const property of members(cx, base, baseEnv, reachedFrom) ?? []) {
      add(property);
    }
  }
  if (ts.isClassDeclaration(declaration)) {
    // Parameter properties are read from their constructor; the ones
    // `classMembers` lists after it fail the property test below.
    for (const member of classMembers(declaration)) {
      if (ts.isConstructorDeclaration(member)) {
        for (const parameter of member.parameters) {
          if (
            !isParameterProperty(parameter) || scopeOf(parameter) !== undefined
          ) continue;
          add(propertyModel(cx, parameter, site));
        }
        continue;
      }
      if (
        !ts.isPropertyDeclaration(member) ||
        hasModifier(member, ts.SyntaxKind.StaticKeyword) ||
        scopeOf(member) !== undefined ||
        ts.isPrivateIdentifier(member.name)
      ) continue;
      add(propertyModel(cx, member, site));
    }
  } else if (ts.isInterfaceDeclaration(declaration)) {
    for (const member of declaration.members) {
      if (ts.isPropertySignature(member)) {
        add(propertyModel(cx, member, site));
      } else if (!ts.isMethodSignature(member)) {
        reportUnsupported(
          cx.sink,
          member,
          site,
          "only properties can be described",
        );
      }
    }
  } else if (ts.isTypeLiteralNode(declaration.type)) {
    for (
      const property of literalProperties(cx, declaration.type, site) ?? []
    ) {
      add(property);
    }
  }
  return properties;
}
