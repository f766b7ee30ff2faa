/**
 * The result of a route method -> `ResultModel`: the declared return type
 * with its `Promise` unwrapped (also through chains of type aliases), or
 * the inferred one when none is declared.
 *
 * @module
 */

import { Node, type TypeAliasDeclaration, type TypeNode } from "ts-morph";
import type { ResultModel, TypeRef } from "../model/api_model.ts";
import type { RouteInfo } from "./controllers.ts";
import { isLibNode, type Mapped, type Site } from "./mapping.ts";
import { resolvedSymbol, typeReferenceNameNode } from "./symbols.ts";
import type { TypeMapper } from "./type_mapper.ts";

/** The result of `route`; undefined when it cannot be mapped (reported). */
export function buildResult(
  route: RouteInfo,
  site: Site,
  mapper: TypeMapper,
): ResultModel | undefined {
  const method = route.declaration;
  const resultSite: Site = { ...site, where: `${site.where}, result` };
  const declared = method.getReturnTypeNode();
  let mapped: Mapped | undefined;
  if (declared === undefined) {
    let type = method.getReturnType();
    const symbol = type.getSymbol();
    if (symbol?.getName() === "Promise") {
      type = type.getTypeArguments()[0] ?? type;
    }
    mapped = mapper.mapInferred(type, method.getNameNode(), resultSite);
  } else {
    const promised = promisedType(declared, resultSite, mapper);
    if (promised === undefined) return undefined;
    mapped = mapper.map(promised.node, promised.site);
  }
  if (mapped === undefined) return undefined;
  const type: TypeRef = mapped.type;
  return { type, nullable: type.kind !== "void" && mapped.nullable };
}

/** How many type aliases deep a returned `Promise` is looked for. */
const MAX_ALIASES = 16;

/**
 * The promised type of a declared result: `T` of `Promise<T>`, also through
 * a chain of type aliases (`type P<T> = Promise<T>; type Q<T> = P<T>`), with
 * the site binding the aliases' type parameters it still mentions; anything
 * else as it is. Undefined when a type argument cannot be mapped (reported).
 */
function promisedType(
  node: TypeNode,
  site: Site,
  mapper: TypeMapper,
): { node: TypeNode; site: Site } | undefined {
  // Each alias of the chain and the reference that names it.
  const chain: { reference: TypeNode; alias: TypeAliasDeclaration }[] = [];
  let current: TypeNode = node;
  while (unwrapPromise(current) === current) {
    const alias = projectAliasOf(current);
    const typeNode = alias?.getTypeNode();
    if (alias === undefined || typeNode === undefined) return { node, site };
    if (chain.length === MAX_ALIASES) return { node, site };
    chain.push({ reference: current, alias });
    current = typeNode;
  }
  // The promised type, where it is a parameter of the alias around it,
  // replaced by the argument written for it (which keeps `T | undefined`).
  let promised = unwrapPromise(current);
  let level = chain.length;
  for (; level > 0; level--) {
    const { reference, alias } = chain[level - 1]!;
    const index = alias.getTypeParameters().findIndex((parameter) =>
      Node.isTypeReference(promised) &&
      resolvedSymbol(typeReferenceNameNode(promised))?.getDeclarations()[0] ===
        parameter
    );
    if (index < 0) break;
    const args = Node.isTypeReference(reference)
      ? reference.getTypeArguments()
      : [];
    const argument = args[index] ??
      alias.getTypeParameters()[index]!.getDefault();
    if (argument === undefined) break;
    promised = argument;
  }
  let bound = site;
  for (const { reference, alias } of chain.slice(0, level)) {
    const args = Node.isTypeReference(reference)
      ? reference.getTypeArguments()
      : [];
    const env = new Map(bound.env);
    for (const [i, parameter] of alias.getTypeParameters().entries()) {
      const argument = args[i] ?? parameter.getDefault();
      if (argument === undefined) continue;
      const type = mapper.mapValue(argument, bound);
      if (type === undefined) return undefined;
      env.set(parameter, type);
    }
    bound = { ...bound, env };
  }
  return { node: promised, site: bound };
}

/** The project type alias a type reference names, else undefined. */
function projectAliasOf(node: TypeNode): TypeAliasDeclaration | undefined {
  if (Node.isParenthesizedTypeNode(node)) return undefined;
  if (!Node.isTypeReference(node)) return undefined;
  const declarations = resolvedSymbol(typeReferenceNameNode(node))
    ?.getDeclarations() ?? [];
  const alias = declarations.find(Node.isTypeAliasDeclaration);
  return alias === undefined || isLibNode(alias) ? undefined : alias;
}

/** `Promise<T>` -> `T`; anything else as it is. */
function unwrapPromise(node: TypeNode): TypeNode {
  if (Node.isParenthesizedTypeNode(node)) {
    return unwrapPromise(node.getTypeNode());
  }
  if (!Node.isTypeReference(node)) return node;
  const symbol = resolvedSymbol(typeReferenceNameNode(node));
  const argument = node.getTypeArguments()[0];
  if (
    (symbol?.getName() === "Promise" || symbol?.getName() === "PromiseLike") &&
    argument !== undefined &&
    symbol.getDeclarations().some(isLibNode)
  ) {
    return argument;
  }
  return node;
}
