/**
 * Type nodes -> `TypeRef`s. The mapper walks declared types syntactically
 * (marker types such as `FetchBy` and `Int` are identity-like, so the
 * checker's types lose them) and resolves every name by symbol. On the way
 * it collects what the model lists besides services and shapes: enums
 * (`enums.ts`), static types (`static_types.ts`) and dynamic entities
 * (`dynamic_entities.ts`). `FetchBy` references go to the
 * {@link FetchByResolver} it is given.
 *
 * @module
 */

import {
  type IntersectionTypeNode,
  Node,
  SyntaxKind,
  type Type,
  type TypeAliasDeclaration,
  type TypeLiteralNode,
  type TypeNode,
  type TypeReferenceNode,
} from "ts-morph";
import type {
  DynamicEntityModel,
  EnumModel,
  PrimitiveName,
  StaticTypeModel,
  TypeRef,
} from "../model/api_model.ts";
import { CODES, type DiagnosticSink } from "./codes.ts";
import type { EntityInfo, EntityProperty } from "./entities.ts";
import type { TypeNames } from "./type_names.ts";
import {
  enumRef,
  type EnumsContext,
  literalUnionRef,
  stringLiteralUnion,
} from "./enums.ts";
import {
  literalProperties,
  staticRef,
  type StaticTypesContext,
  typeArguments,
} from "./static_types.ts";
import {
  type DynamicEntitiesContext,
  dynamicRef,
  scalarType,
} from "./dynamic_entities.ts";
import {
  isLibNode,
  type Mapped,
  plain,
  primitive,
  Registry,
  reportUnsupported,
  reportVague,
  type Site,
  type TypeNodeMapper,
  VOID,
} from "./mapping.ts";
import {
  resolvedSymbol,
  runtimeNameOfSymbol,
  typeReferenceNameNode,
} from "./symbols.ts";

/** Whether a type node stands for absence: `undefined`, `void`, `null`. */
function isAbsent(node: TypeNode): boolean {
  if (Node.isParenthesizedTypeNode(node)) return isAbsent(node.getTypeNode());
  const kind = node.getKind();
  if (kind === SyntaxKind.UndefinedKeyword || kind === SyntaxKind.VoidKeyword) {
    return true;
  }
  return Node.isLiteralTypeNode(node) &&
    node.getLiteral().getKind() === SyntaxKind.NullKeyword;
}

/** The primitive a literal type node widens to. */
function literalPrimitive(node: TypeNode): PrimitiveName | undefined {
  if (!Node.isLiteralTypeNode(node)) return undefined;
  const literal = node.getLiteral();
  switch (literal.getKind()) {
    case SyntaxKind.StringLiteral:
    case SyntaxKind.NoSubstitutionTemplateLiteral:
      return "string";
    case SyntaxKind.NumericLiteral:
    case SyntaxKind.PrefixUnaryExpression:
      return "number";
    case SyntaxKind.TrueKeyword:
    case SyntaxKind.FalseKeyword:
      return "boolean";
    default:
      return undefined;
  }
}

/** Maps type nodes and keeps the registries of named types. */
/**
 * Resolves `FetchBy` references to fetched shapes; `declared` is the entity
 * written beside one (`Book & FetchBy<...>`). `fetch_by.ts`'s ShapeReader is
 * one, given to the mapper by `analyze.ts`.
 */
export interface FetchByResolver {
  /** The fetched TypeRef, or undefined when the reference is wrong (reported). */
  resolve(
    node: TypeReferenceNode,
    site: Site,
    declared: { info: EntityInfo; node: TypeNode } | undefined,
  ): TypeRef | undefined;
}

/** Maps type nodes and keeps the registries of named types. */
export class TypeMapper implements TypeNodeMapper {
  /** Where errors go. */
  readonly sink: DiagnosticSink;
  readonly #names: TypeNames;
  readonly #fetchBy: FetchByResolver;
  /** What the parts (enums, static types, dynamic entities) are given. */
  readonly #parts:
    & EnumsContext
    & StaticTypesContext
    & DynamicEntitiesContext;
  readonly #expanding = new Set<Node>();

  /**
   * Names are claimed and entities read in `names`; `FetchBy` references
   * go to `fetchBy`; errors to `sink`.
   */
  constructor(
    sink: DiagnosticSink,
    names: TypeNames,
    fetchBy: FetchByResolver,
  ) {
    this.sink = sink;
    this.#names = names;
    this.#fetchBy = fetchBy;
    this.#parts = {
      sink,
      names,
      types: this,
      enums: new Registry(),
      statics: new Registry(),
      dynamics: new Registry(),
      scalarTypes: new Map(),
    };
  }

  /** The named types reached so far, each kind in the order reached. */
  models(): {
    enums: EnumModel[];
    staticTypes: StaticTypeModel[];
    dynamicEntities: DynamicEntityModel[];
  } {
    return {
      enums: this.#parts.enums.models(),
      staticTypes: this.#parts.statics.models(),
      dynamicEntities: this.#parts.dynamics.models(),
    };
  }

  /** Reports a vague type; undefined, to return in its place. */
  #vague(node: Node, site: Site, why?: string): undefined {
    return reportVague(this.sink, node, site, why);
  }

  /** Reports a type the client cannot express; undefined, to return instead. */
  #unsupported(node: Node, site: Site, why?: string): undefined {
    return reportUnsupported(this.sink, node, site, why);
  }

  /** Maps a type node. Undefined when it cannot be described (reported). */
  map(node: TypeNode, site: Site): Mapped | undefined {
    if (Node.isParenthesizedTypeNode(node)) {
      return this.map(node.getTypeNode(), site);
    }
    if (Node.isTypeOperatorTypeNode(node)) {
      if (node.getOperator() === SyntaxKind.ReadonlyKeyword) {
        return this.map(node.getTypeNode(), site);
      }
      return this.#unsupported(node, site);
    }
    if (Node.isArrayTypeNode(node)) {
      const element = this.mapValue(node.getElementTypeNode(), site);
      return element && plain({ kind: "array", element });
    }
    switch (node.getKind()) {
      case SyntaxKind.StringKeyword:
        return primitive("string");
      case SyntaxKind.NumberKeyword:
        return primitive("number");
      case SyntaxKind.BooleanKeyword:
        return primitive("boolean");
      case SyntaxKind.AnyKeyword:
      case SyntaxKind.UnknownKeyword:
      case SyntaxKind.ObjectKeyword:
        return this.#vague(node, site);
      case SyntaxKind.VoidKeyword:
      case SyntaxKind.UndefinedKeyword:
        return plain(VOID);
    }
    if (Node.isLiteralTypeNode(node)) {
      if (isAbsent(node)) return plain(VOID);
      const name = literalPrimitive(node);
      return name === undefined
        ? this.#unsupported(node, site)
        : primitive(name);
    }
    if (Node.isUnionTypeNode(node)) {
      return this.#union(node.getTypeNodes(), site, node);
    }
    if (Node.isIntersectionTypeNode(node)) {
      return this.#intersection(node, site);
    }
    if (Node.isTypeLiteral(node)) return this.#typeLiteral(node, site);
    if (Node.isTypeReference(node)) return this.#reference(node, site);
    return this.#unsupported(node, site);
  }

  /**
   * Maps a type that must be a value: an array element, a map value, a type
   * argument. `undefined`/`null` there cannot be expressed.
   */
  mapValue(node: TypeNode, site: Site): TypeRef | undefined {
    const mapped = this.map(node, site);
    if (mapped === undefined) return undefined;
    if (mapped.nullable || mapped.type.kind === "void") {
      this.sink.error(
        CODES.UNSUPPORTED_TYPE,
        node,
        `${site.where}: \`${node.getText()}\` admits undefined or null where ` +
          "only a value can be described (array element, map value, type argument)",
        "leave undefined and null out of element types, or make the " +
          "property optional instead",
      );
      return undefined;
    }
    return mapped.type;
  }

  /**
   * Maps a checker type where no type node was written (an unannotated
   * parameter): primitives only.
   */
  mapInferred(type: Type, node: Node, site: Site): Mapped | undefined {
    const base = type.getBaseTypeOfLiteralType();
    if (base.isString()) return primitive("string");
    if (base.isNumber()) return primitive("number");
    if (base.isBoolean()) return primitive("boolean");
    if (base.isVoid() || base.isUndefined()) return plain(VOID);
    this.sink.error(
      CODES.VAGUE_TYPE,
      node,
      `${site.where}: the type is not declared`,
      "declare the type in the source",
    );
    return undefined;
  }

  /** The value type of a scalar entity property (`Int`, enums kept). */
  scalarType(
    entity: EntityInfo,
    property: EntityProperty,
  ): TypeRef | undefined {
    return scalarType(this.#parts, entity, property);
  }

  #union(members: TypeNode[], site: Site, node: TypeNode): Mapped | undefined {
    const present = members.filter((member) => !isAbsent(member));
    const nullable = present.length < members.length;
    if (present.length === 0) return plain(VOID);
    if (present.length === 1) {
      const mapped = this.map(present[0]!, site);
      return mapped &&
        { type: mapped.type, nullable: nullable || mapped.nullable };
    }
    // Literals of one primitive (`"a" | "b"`, `true | false`) widen to it.
    const kinds = new Set(present.map(literalPrimitive));
    if (kinds.size === 1 && !kinds.has(undefined)) {
      const name = [...kinds][0]!;
      return { type: { kind: "primitive", name }, nullable };
    }
    return this.#unsupported(node, site, "a union of several types");
  }

  #intersection(node: IntersectionTypeNode, site: Site): Mapped | undefined {
    // `Entity & FetchBy<...>`: the fetcher must load that entity.
    const members = node.getTypeNodes();
    const fetchBys: TypeReferenceNode[] = [];
    const entities: { info: EntityInfo; node: TypeNode }[] = [];
    for (const member of members) {
      if (!Node.isTypeReference(member)) {
        return this.#unsupported(node, site, "an intersection");
      }
      const symbol = resolvedSymbol(typeReferenceNameNode(member));
      if (runtimeNameOfSymbol(symbol) === "FetchBy") {
        fetchBys.push(member);
        continue;
      }
      const declaration = symbol?.getDeclarations().find(
        Node.isClassDeclaration,
      );
      const info = declaration && this.#names.entityOf(declaration);
      if (info === undefined) {
        return this.#unsupported(node, site, "an intersection");
      }
      entities.push({ info, node: member });
    }
    if (fetchBys.length !== 1 || entities.length !== 1) {
      return this.#unsupported(node, site, "an intersection");
    }
    const ref = this.#fetchBy.resolve(fetchBys[0]!, site, entities[0]);
    return ref && plain(ref);
  }

  #typeLiteral(node: TypeLiteralNode, site: Site): Mapped | undefined {
    const members = node.getMembers();
    if (members.length === 0) return this.#vague(node, site);
    const indexes = node.getIndexSignatures();
    if (indexes.length === 1 && members.length === 1) {
      const index = indexes[0]!;
      if (index.getKeyTypeNode().getKind() !== SyntaxKind.StringKeyword) {
        return this.#unsupported(node, site, "keys other than strings");
      }
      const valueNode = index.getReturnTypeNode();
      if (valueNode === undefined) return this.#vague(node, site);
      const value = this.mapValue(valueNode, site);
      return value && plain({ kind: "map", value });
    }
    const properties = literalProperties(this.#parts, node, site);
    return properties && plain({ kind: "object", properties });
  }

  #reference(node: TypeReferenceNode, site: Site): Mapped | undefined {
    const nameNode = typeReferenceNameNode(node);
    const symbol = resolvedSymbol(nameNode);
    const args = node.getTypeArguments();
    if (symbol === undefined) {
      return this.#unsupported(node, site, "the name cannot be resolved");
    }
    const declarations = symbol.getDeclarations();
    const first = declarations[0];
    if (first === undefined) {
      return this.#unsupported(node, site, "the name cannot be resolved");
    }
    if (Node.isTypeParameterDeclaration(first)) {
      const bound = site.env.get(first);
      if (bound !== undefined) return plain(bound);
      return this.#vague(
        node,
        site,
        `the type parameter ${node.getText()} is not resolved`,
      );
    }
    const runtime = runtimeNameOfSymbol(symbol);
    if (runtime !== undefined) {
      return this.#runtimeReference(runtime, node, args, site);
    }
    if (isLibNode(first)) {
      return this.#libReference(symbol.getName(), node, args, site);
    }
    const enumDeclaration = declarations.find(Node.isEnumDeclaration);
    if (enumDeclaration !== undefined) {
      return enumRef(this.#parts, enumDeclaration, node, site);
    }
    const classDeclaration = declarations.find(Node.isClassDeclaration);
    if (classDeclaration !== undefined) {
      const entity = this.#names.entityOf(classDeclaration);
      if (entity !== undefined) return plain(dynamicRef(this.#parts, entity));
      return staticRef(this.#parts, classDeclaration, args, node, site);
    }
    const interfaceDeclaration = declarations.find(Node.isInterfaceDeclaration);
    if (interfaceDeclaration !== undefined) {
      return staticRef(this.#parts, interfaceDeclaration, args, node, site);
    }
    const alias = declarations.find(Node.isTypeAliasDeclaration);
    if (alias !== undefined) return this.#aliasRef(alias, args, node, site);
    return this.#unsupported(node, site);
  }

  #runtimeReference(
    name: string,
    node: TypeReferenceNode,
    args: TypeNode[],
    site: Site,
  ): Mapped | undefined {
    switch (name) {
      case "FetchBy": {
        const ref = this.#fetchBy.resolve(node, site, undefined);
        return ref && plain(ref);
      }
      case "Int":
        return primitive("integer");
      case "Page":
      case "Tuple2": {
        const declaration = resolvedSymbol(typeReferenceNameNode(node))
          ?.getDeclarations().find(Node.isInterfaceDeclaration);
        if (declaration === undefined) return this.#unsupported(node, site);
        return staticRef(this.#parts, declaration, args, node, site);
      }
      case "Computed":
      case "PathVariable":
      case "RequestParam":
      case "RequestBody":
      case "RequestHeader":
      case "ApiIgnore": {
        const inner = args[0];
        return inner === undefined
          ? this.#unsupported(node, site)
          : this.map(inner, site);
      }
      case "FetchedObject":
        return this.#vague(node, site);
      default:
        return this.#unsupported(node, site);
    }
  }

  #libReference(
    name: string,
    node: TypeReferenceNode,
    args: TypeNode[],
    site: Site,
  ): Mapped | undefined {
    switch (name) {
      case "Array":
      case "ReadonlyArray": {
        const element = args[0] && this.mapValue(args[0], site);
        return element && plain({ kind: "array", element });
      }
      case "Record":
      case "Map":
      case "ReadonlyMap": {
        const [key, valueNode] = args;
        if (key === undefined || valueNode === undefined) {
          return this.#unsupported(node, site);
        }
        if (key.getKind() !== SyntaxKind.StringKeyword) {
          return this.#unsupported(node, site, "keys other than strings");
        }
        const value = this.mapValue(valueNode, site);
        return value && plain({ kind: "map", value });
      }
      case "Date":
        return primitive("string");
      case "Object":
        return this.#vague(node, site);
      case "Promise":
        return this.#unsupported(node, site, "a promise inside a type");
      default:
        return this.#unsupported(node, site);
    }
  }

  #aliasRef(
    alias: TypeAliasDeclaration,
    args: TypeNode[],
    node: TypeReferenceNode,
    site: Site,
  ): Mapped | undefined {
    const typeNode = alias.getTypeNode();
    if (typeNode === undefined) return this.#unsupported(node, site);
    const literals = alias.getTypeParameters().length === 0
      ? stringLiteralUnion(typeNode)
      : undefined;
    if (literals !== undefined) {
      return literalUnionRef(
        this.#parts,
        alias,
        typeNode,
        literals,
        node,
        site,
      );
    }
    if (Node.isTypeLiteral(typeNode)) {
      return staticRef(this.#parts, alias, args, node, site);
    }
    if (this.#expanding.has(alias)) {
      return this.#unsupported(node, site, "a recursive type alias");
    }
    const parameters = alias.getTypeParameters();
    const mappedArgs = typeArguments(this.#parts, parameters, args, node, site);
    if (mappedArgs === undefined) return undefined;
    const env = new Map(site.env);
    for (const [i, parameter] of parameters.entries()) {
      env.set(parameter, mappedArgs[i]!);
    }
    this.#expanding.add(alias);
    try {
      return this.map(typeNode, { ...site, env });
    } finally {
      this.#expanding.delete(alias);
    }
  }
}
