/**
 * Static types of the model: classes, interfaces and object type aliases
 * that are not entities, generic ones with their type parameters, their
 * properties read bases first (`extends Base<X>`). A static type that
 * writes `FetchBy` anywhere is "hybrid", one from the runtime "builtin".
 *
 * @module
 */

import {
  type ClassDeclaration,
  Node,
  SyntaxKind,
  type TypeLiteralNode,
  type TypeNode,
  type TypeParameterDeclaration,
  type TypeReferenceNode,
} from "ts-morph";
import type {
  PropertyModel,
  StaticTypeModel,
  TypeRef,
} from "../model/api_model.ts";
import type { DiagnosticSink } from "./codes.ts";
import { docOf } from "./docs.ts";
import { classOf } from "./entities.ts";
import {
  isLibNode,
  type Mapped,
  type OwnerDeclaration,
  plain,
  Registry,
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
export function defaultOwner(declaration: ClassDeclaration): ClassDeclaration {
  for (const { name, decorator } of runtimeDecorators(declaration)) {
    if (name !== "DefaultFetcherOwner") continue;
    const expression = decorator.getExpression();
    if (!Node.isCallExpression(expression)) continue;
    const argument = expression.getArguments()[0];
    const owner = argument === undefined ? undefined : classOf(argument);
    if (owner !== undefined) return owner;
  }
  return declaration;
}

/** Whether a declaration writes `FetchBy` anywhere in it. */
function containsFetchBy(declaration: Node): boolean {
  return declaration.getDescendantsOfKind(SyntaxKind.TypeReference).some((
    reference,
  ) =>
    runtimeNameOfSymbol(resolvedSymbol(typeReferenceNameNode(reference))) ===
      "FetchBy"
  );
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
  node: TypeLiteralNode,
  site: Site,
): PropertyModel[] | undefined {
  const properties: PropertyModel[] = [];
  let failed = false;
  for (const member of node.getMembers()) {
    if (!Node.isPropertySignature(member)) {
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
  member: Node & {
    getTypeNode(): TypeNode | undefined;
    hasQuestionToken(): boolean;
  },
  site: Site,
): PropertyModel | undefined {
  const name = propertyName(member);
  const typeNode = member.getTypeNode();
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
    ? cx.types.mapInferred(member.getType(), member, memberSite)
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
    optional: member.hasQuestionToken() || mapped.nullable,
    ...(doc === undefined ? {} : { doc }),
  };
}

/**
 * A reference (`node`, with type arguments `args`) to a class, interface
 * or object type alias: registers the declaration as a static type.
 */
export function staticRef(
  cx: StaticTypesContext,
  declaration: OwnerDeclaration,
  args: TypeNode[],
  node: TypeReferenceNode,
  site: Site,
): Mapped | undefined {
  const name = declaration.getName() ?? "Anonymous";
  const parameters = declaration.getTypeParameters();
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
  parameters: readonly TypeParameterDeclaration[],
  args: readonly TypeNode[],
  node: TypeReferenceNode,
  site: Site,
): TypeRef[] | undefined {
  const mappedArgs: TypeRef[] = [];
  for (const [i, parameter] of parameters.entries()) {
    const argument = args[i] ?? parameter.getDefault();
    if (argument === undefined) {
      return reportVague(
        cx.sink,
        node,
        site,
        `no type argument for ${parameter.getName()}`,
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
  node: Node,
  site: Site,
): boolean {
  const name = declaration.getName() ?? "Anonymous";
  if (!cx.names.claim("type", name, declaration, node, site.where)) {
    return false;
  }
  if (cx.statics.has(name)) return true;
  cx.statics.reserve(name);
  const builtin = isRuntimeNode(declaration);
  const parameters = declaration.getTypeParameters();
  const env = new Map<Node, TypeRef>(
    parameters.map((p) => [p, { kind: "typeParameter", name: p.getName() }]),
  );
  const properties = members(cx, declaration, env, site.where) ?? [];
  const doc = docOf(declaration);
  const origin = builtin
    ? "builtin"
    : containsFetchBy(declaration)
    ? "hybrid"
    : "plain";
  cx.statics.set(name, {
    name,
    origin,
    ...(doc === undefined ? {} : { doc }),
    typeParameters: parameters.map((p) => p.getName()),
    properties,
    ...(builtin ? {} : {
      source: cx.sink.location(declaration.getNameNode() ?? declaration),
    }),
  });
  return true;
}

/** Properties of a class, interface or object type alias, bases first. */
function members(
  cx: StaticTypesContext,
  declaration: OwnerDeclaration,
  env: ReadonlyMap<Node, TypeRef>,
  reachedFrom: string,
): PropertyModel[] | undefined {
  const name = declaration.getName() ?? "Anonymous";
  const owner = Node.isClassDeclaration(declaration)
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
  const heritage = Node.isClassDeclaration(declaration)
    ? [declaration.getExtends()].filter((h) => h !== undefined)
    : Node.isInterfaceDeclaration(declaration)
    ? declaration.getExtends()
    : [];
  for (const clause of heritage) {
    const base = resolvedSymbol(clause.getExpression())?.getDeclarations()
      .find((d) =>
        Node.isClassDeclaration(d) || Node.isInterfaceDeclaration(d)
      );
    if (
      base === undefined || isLibNode(base) ||
      !(Node.isClassDeclaration(base) || Node.isInterfaceDeclaration(base))
    ) {
      reportUnsupported(
        cx.sink,
        clause,
        site,
        "the base type cannot be described",
      );
      continue;
    }
    const baseEnv = new Map<Node, TypeRef>();
    const args = clause.getTypeArguments();
    for (const [i, parameter] of base.getTypeParameters().entries()) {
      const argument = args[i] ?? parameter.getDefault();
      const mapped = argument && cx.types.mapValue(argument, site);
      if (mapped !== undefined) baseEnv.set(parameter, mapped);
    }
    for (const property of members(cx, base, baseEnv, reachedFrom) ?? []) {
      add(property);
    }
  }
  if (Node.isClassDeclaration(declaration)) {
    for (const member of declaration.getMembers()) {
      if (Node.isConstructorDeclaration(member)) {
        for (const parameter of member.getParameters()) {
          if (!parameter.isParameterProperty()) continue;
          if (
            parameter.getScope() === "private" ||
            parameter.getScope() === "protected"
          ) continue;
          add(propertyModel(cx, parameter, site));
        }
        continue;
      }
      if (!Node.isPropertyDeclaration(member) || member.isStatic()) continue;
      const scope = member.getScope();
      if (scope === "private" || scope === "protected") continue;
      if (member.getNameNode().getKind() === SyntaxKind.PrivateIdentifier) {
        continue;
      }
      add(propertyModel(cx, member, site));
    }
  } else if (Node.isInterfaceDeclaration(declaration)) {
    for (const member of declaration.getMembers()) {
      if (Node.isPropertySignature(member)) {
        add(propertyModel(cx, member, site));
      } else if (!Node.isMethodSignature(member)) {
        reportUnsupported(
          cx.sink,
          member,
          site,
          "only properties can be described",
        );
      }
    }
  } else {
    const literal = declaration.getTypeNode();
    if (literal !== undefined && Node.isTypeLiteral(literal)) {
      for (const property of literalProperties(cx, literal, site) ?? []) {
        add(property);
      }
    }
  }
  return properties;
}
