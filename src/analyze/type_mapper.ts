/**
 * Type nodes -> `TypeRef`s. The mapper walks declared types syntactically
 * (marker types such as `FetchBy` and `Int` are identity-like, so the
 * checker's types lose them) and resolves every name by symbol. On the way
 * it collects what the model lists besides services and shapes: enums
 * (`enums.ts`), static types (`static_types.ts`) and dynamic entities
 * (`dynamic_entities.ts`), reached through named references
 * (`type_references.ts`). `FetchBy` references go to the
 * {@link FetchByResolver} it is given.
 *
 * @module
 */

import {
  type IntersectionTypeNode,
  Node,
  SyntaxKind,
  type Type,
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
import { scalarType } from "./dynamic_entities.ts";
import type { EntityInfo, EntityProperty } from "./entities.ts";
import {
  type FetchByResolver,
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
import { literalProperties } from "./static_types.ts";
import {
  resolvedSymbol,
  runtimeNameOfSymbol,
  typeReferenceNameNode,
} from "./symbols.ts";
import { type ReferencesContext, referenceType } from "./type_references.ts";
import type { TypeNames } from "./type_names.ts";

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
export class TypeMapper implements TypeNodeMapper {
  /** Where errors go. */
  readonly sink: DiagnosticSink;
  /** What the parts (references, enums, static types...) are given. */
  readonly #parts: ReferencesContext;

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
    this.#parts = {
      sink,
      names,
      types: this,
      enums: new Registry(),
      statics: new Registry(),
      dynamics: new Registry(),
      scalarTypes: new Map(),
      fetchBy,
      expanding: new Set(),
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
    if (Node.isTypeReference(node)) {
      return referenceType(this.#parts, node, site);
    }
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
      const info = declaration && this.#parts.names.entityOf(declaration);
      if (info === undefined) {
        return this.#unsupported(node, site, "an intersection");
      }
      entities.push({ info, node: member });
    }
    if (fetchBys.length !== 1 || entities.length !== 1) {
      return this.#unsupported(node, site, "an intersection");
    }
    const ref = this.#parts.fetchBy.resolve(fetchBys[0]!, site, entities[0]);
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
}
