/**
 * The result of a route method -> `ResultModel`: the declared return type
 * with its `Promise` unwrapped (also through chains of type aliases), or
 * the inferred one when none is declared.
 *
 * @module
 */

import type { ResultModel, TypeRef } from "../model/api_model.ts";
import { checkerOf, declarationsOf, ts, typeArgumentsOf } from "./compiler.ts";
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
  const declared = method.type;
  let mapped: Mapped | undefined;
  if (declared === undefined) {
    let type = returnType(method);
    const symbol = type.getSymbol();
    if (symbol?.getName() === "Promise") {
      type = typeArgumentsOf(type)[0] ?? type;
    }
    mapped = mapper.mapInferred(type, method.name, resultSite);
  } else {
    const promised = promisedType(declared, resultSite, mapper);
    if (promised === undefined) return undefined;
    mapped = mapper.map(promised.node, promised.site);
  }
  if (mapped === undefined) return undefined;
  const type: TypeRef = mapped.type;
  return { type, nullable: type.kind !== "void" && mapped.nullable };
}

/** The return type of a method's signature (ts-morph's `getReturnType()`). */
function returnType(method: ts.MethodDeclaration): ts.Type {
  const checker = checkerOf(method);
  const signature = checker.getSignatureFromDeclaration(method);
  if (signature === undefined) {
    throw new Error("Expected the node to have a signature.");
  }
  return checker.getReturnTypeOfSignature(signature);
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
  node: ts.TypeNode,
  site: Site,
  mapper: TypeMapper,
): { node: ts.TypeNode; site: Site } | undefined {
  // Each alias of the chain and the reference that names it.
  const chain: { reference: ts.TypeNode; alias: ts.TypeAliasDeclaration }[] =
    [];
  let current: ts.TypeNode = node;
  while (unwrapPromise(current) === current) {
    const alias = projectAliasOf(current);
    if (alias === undefined) return { node, site };
    if (chain.length === MAX_ALIASES) return { node, site };
    chain.push({ reference: current, alias });
    current = alias.type;
  }
  // The promised type, where it is a parameter of the alias around it,
  // replaced by the argument written for it (which keeps `T | undefined`).
  let promised = unwrapPromise(current);
  let level = chain.length;
  for (; level > 0; level--) {
    const { reference, alias } = chain[level - 1]!;
    const parameters = alias.typeParameters ?? [];
    const named = ts.isTypeReferenceNode(promised)
      ? declarationsOf(resolvedSymbol(typeReferenceNameNode(promised)))[0]
      : undefined;
    const index = parameters.findIndex((parameter) => parameter === named);
    if (index < 0) break;
    const args = ts.isTypeReferenceNode(reference)
      ? reference.typeArguments ?? []
      : [];
    const argument = args[index] ?? parameters[index]!.default;
    if (argument === undefined) break;
    promised = argument;
  }
  let bound = site;
  for (const { reference, alias } of chain.slice(0, level)) {
    const args = ts.isTypeReferenceNode(reference)
      ? reference.typeArguments ?? []
      : [];
    const env = new Map(bound.env);
    for (const [i, parameter] of (alias.typeParameters ?? []).entries()) {
      const argument = args[i] ?? parameter.default;
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
function projectAliasOf(
  node: ts.TypeNode,
): ts.TypeAliasDeclaration | undefined {
  if (!ts.isTypeReferenceNode(node)) return undefined;
  const alias = declarationsOf(resolvedSymbol(typeReferenceNameNode(node)))
    .find(ts.isTypeAliasDeclaration);
  return alias === undefined || isLibNode(alias) ? undefined : alias;
}

/** `Promise<T>` -> `T`; anything else as it is. */
function unwrapPromise(node: ts.TypeNode): ts.TypeNode {
  if (ts.isParenthesizedTypeNode(node)) return unwrapPromise(node.type);
  if (!ts.isTypeReferenceNode(node)) return node;
  const symbol = resolvedSymbol(typeReferenceNameNode(node));
  const argument = node.typeArguments?.[0];
  if (
    (symbol?.getName() === "Promise" || symbol?.getName() === "PromiseLike") &&
    argument !== undefined &&
    declarationsOf(symbol).some(isLibNode)
  ) {
    return argument;
  }
  return node;
}
