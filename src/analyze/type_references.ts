/**
 * Named type references -> `TypeRef`s: the name is resolved by symbol and
 * the reference handed to what maps that kind of declaration (enums, static
 * types, dynamic entities, fetched shapes), or expanded (type aliases,
 * runtime markers such as `RequestBody<T>`, lib types such as `Array<T>`).
 *
 * @module
 */

import { declarationsOf, textOf, ts } from "./compiler.ts";
import { type DynamicEntitiesContext, dynamicRef } from "./dynamic_entities.ts";
import {
  enumRef,
  type EnumsContext,
  literalUnionRef,
  stringLiteralUnion,
} from "./enums.ts";
import {
  type FetchByResolver,
  isLibNode,
  type Mapped,
  plain,
  primitive,
  reportUnsupported,
  reportVague,
  type Site,
} from "./mapping.ts";
import {
  staticRef,
  type StaticTypesContext,
  typeArguments,
} from "./static_types.ts";
import {
  resolvedSymbol,
  runtimeNameOfSymbol,
  typeReferenceNameNode,
} from "./symbols.ts";
import {
  classUnionRef,
  isAbstractUnionBase,
  isUnionOfNamedTypes,
  unionRef,
} from "./unions.ts";

/**
 * What mapping a reference is given: the parts' context, where `FetchBy`
 * goes, and the type aliases being expanded (to stop at recursion).
 */
export interface ReferencesContext
  extends EnumsContext, StaticTypesContext, DynamicEntitiesContext {
  /** Resolves `FetchBy` references. */
  readonly fetchBy: FetchByResolver;
  /** Type aliases being expanded. */
  readonly expanding: Set<ts.Node>;
}

/**
 * Maps a reference to a named type, resolved by symbol: a bound type
 * parameter, a runtime marker (`FetchBy`, `Int`, `Page`...), a lib type
 * (`Array`, `Record`, `Date`...), an enum, an entity, a class, interface or
 * type alias. Undefined when it cannot be described (reported).
 */
export function referenceType(
  cx: ReferencesContext,
  node: ts.TypeReferenceNode,
  site: Site,
): Mapped | undefined {
  const nameNode = typeReferenceNameNode(node);
  const symbol = resolvedSymbol(nameNode);
  const args = node.typeArguments ?? [];
  if (symbol === undefined) {
    return reportUnsupported(
      cx.sink,
      node,
      site,
      "the name cannot be resolved",
    );
  }
  const declarations = declarationsOf(symbol);
  const first = declarations[0];
  if (first === undefined) {
    return reportUnsupported(
      cx.sink,
      node,
      site,
      "the name cannot be resolved",
    );
  }
  if (ts.isTypeParameterDeclaration(first)) {
    const bound = site.env.get(first);
    if (bound !== undefined) return plain(bound);
    return reportVague(
      cx.sink,
      node,
      site,
      `the type parameter ${textOf(node)} is not resolved`,
    );
  }
  const runtime = runtimeNameOfSymbol(symbol);
  if (runtime !== undefined) {
    return knownReference(cx, `runtime:${runtime}`, node, args, site);
  }
  if (isLibNode(first)) {
    return knownReference(cx, `lib:${symbol.getName()}`, node, args, site);
  }
  const enumDeclaration = declarations.find(ts.isEnumDeclaration);
  if (enumDeclaration !== undefined) {
    return enumRef(cx, enumDeclaration, node, site);
  }
  const classDeclaration = declarations.find(ts.isClassDeclaration);
  if (classDeclaration !== undefined) {
    const entity = cx.names.entityOf(classDeclaration);
    if (entity !== undefined) return plain(dynamicRef(cx, entity));
    if (isAbstractUnionBase(classDeclaration)) {
      return classUnionRef(cx, classDeclaration, node, site);
    }
    return staticRef(cx, classDeclaration, args, node, site);
  }
  const interfaceDeclaration = declarations.find(ts.isInterfaceDeclaration);
  if (interfaceDeclaration !== undefined) {
    return staticRef(cx, interfaceDeclaration, args, node, site);
  }
  const alias = declarations.find(ts.isTypeAliasDeclaration);
  if (alias !== undefined) return aliasRef(cx, alias, args, node, site);
  return reportUnsupported(cx.sink, node, site);
}

/**
 * A reference to a runtime marker or a lib type, by qualified name:
 * `runtime:FetchBy`, `lib:Array`.
 */
function knownReference(
  cx: ReferencesContext,
  name: `runtime:${string}` | `lib:${string}`,
  node: ts.TypeReferenceNode,
  args: readonly ts.TypeNode[],
  site: Site,
): Mapped | undefined {
  switch (name) {
    case "runtime:FetchBy": {
      const ref = cx.fetchBy.resolve(node, site, undefined);
      return ref && plain(ref);
    }
    case "runtime:Int":
      return primitive("integer");
    case "runtime:Page":
    case "runtime:Tuple2": {
      const declaration = declarationsOf(
        resolvedSymbol(typeReferenceNameNode(node)),
      ).find(ts.isInterfaceDeclaration);
      if (declaration === undefined) {
        return reportUnsupported(cx.sink, node, site);
      }
      return staticRef(cx, declaration, args, node, site);
    }
    case "runtime:Computed":
    case "runtime:PathVariable":
    case "runtime:RequestParam":
    case "runtime:RequestBody":
    case "runtime:RequestHeader":
    case "runtime:ApiIgnore": {
      const inner = args[0];
      return inner === undefined
        ? reportUnsupported(cx.sink, node, site)
        : cx.types.map(inner, site);
    }
    case "runtime:FetchedObject":
      return reportVague(cx.sink, node, site);
    case "lib:Array":
    case "lib:ReadonlyArray": {
      const element = args[0] && cx.types.mapValue(args[0], site);
      return element && plain({ kind: "array", element });
    }
    case "lib:Record":
    case "lib:Map":
    case "lib:ReadonlyMap": {
      const [key, valueNode] = args;
      if (key === undefined || valueNode === undefined) {
        return reportUnsupported(cx.sink, node, site);
      }
      if (key.kind !== ts.SyntaxKind.StringKeyword) {
        return reportUnsupported(
          cx.sink,
          node,
          site,
          "keys other than strings",
        );
      }
      const value = cx.types.mapValue(valueNode, site);
      return value && plain({ kind: "map", value });
    }
    case "lib:Date":
      return primitive("string");
    case "lib:Object":
      return reportVague(cx.sink, node, site);
    case "lib:Promise":
      return reportUnsupported(cx.sink, node, site, "a promise inside a type");
    default:
      return reportUnsupported(cx.sink, node, site);
  }
}

/**
 * A reference to a type alias: an enum when it is a union of string
 * literals, a static type when it is an object literal, a discriminated
 * union when it is a union of named types, else the aliased
 * type with the arguments bound (a recursive alias is reported).
 */
function aliasRef(
  cx: ReferencesContext,
  alias: ts.TypeAliasDeclaration,
  args: readonly ts.TypeNode[],
  node: ts.TypeReferenceNode,
  site: Site,
): Mapped | undefined {
  const typeNode = alias.type;
  const parameters = alias.typeParameters ?? [];
  const literals = parameters.length === 0
    ? stringLiteralUnion(typeNode)
    : undefined;
  if (literals !== undefined) {
    return literalUnionRef(
      cx,
      alias,
      typeNode,
      literals,
      node,
      site,
    );
  }
  if (ts.isTypeLiteralNode(typeNode)) {
    return staticRef(cx, alias, args, node, site);
  }
  if (isUnionOfNamedTypes(alias)) return unionRef(cx, alias, node, site);
  if (cx.expanding.has(alias)) {
    return reportUnsupported(cx.sink, node, site, "a recursive type alias");
  }
  const mappedArgs = typeArguments(cx, parameters, args, node, site);
  if (mappedArgs === undefined) return undefined;
  const env = new Map(site.env);
  for (const [i, parameter] of parameters.entries()) {
    env.set(parameter, mappedArgs[i]!);
  }
  cx.expanding.add(alias);
  try {
    return cx.types.map(typeNode, { ...site, env });
  } finally {
    cx.expanding.delete(alias);
  }
}
