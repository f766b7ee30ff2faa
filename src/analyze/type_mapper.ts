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

import type {
  DynamicEntityModel,
  EnumModel,
  PrimitiveName,
  StaticTypeModel,
  TypeRef,
} from "../model/api_model.ts";
import { CODES, type DiagnosticSink } from "./codes.ts";
import {
  checkerOf,
  declarationsOf,
  hasTypeFlag,
  textOf,
  ts,
} from "./compiler.ts";
import { constrain, isConstraintTag } from "./constraints.ts";
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
import { reportUndiscriminatedUnion, withDiscriminators } from "./unions.ts";

/** Whether a type node stands for absence: `undefined`, `void`, `null`. */
function isAbsent(node: ts.TypeNode): boolean {
  if (ts.isParenthesizedTypeNode(node)) return isAbsent(node.type);
  const kind = node.kind;
  if (
    kind === ts.SyntaxKind.UndefinedKeyword ||
    kind === ts.SyntaxKind.VoidKeyword
  ) {
    return true;
  }
  return ts.isLiteralTypeNode(node) &&
    node.literal.kind === ts.SyntaxKind.NullKeyword;
}

/** The primitive a literal type node widens to. */
function literalPrimitive(node: ts.TypeNode): PrimitiveName | undefined {
  if (!ts.isLiteralTypeNode(node)) return undefined;
  switch (node.literal.kind) {
    case ts.SyntaxKind.StringLiteral:
    case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      return "string";
    case ts.SyntaxKind.NumericLiteral:
    case ts.SyntaxKind.PrefixUnaryExpression:
      return "number";
    case ts.SyntaxKind.TrueKeyword:
    case ts.SyntaxKind.FalseKeyword:
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
      staticTypes: withDiscriminators(this.#parts.statics.models()),
      dynamicEntities: this.#parts.dynamics.models(),
    };
  }

  /**
   * The properties an entity can be sorted by (id, columns, formulas), by
   * entity name; none for an entity not read.
   */
  sortableProperties(entity: string): string[] {
    const info = this.#parts.names.entityNamed(entity);
    return (info?.properties ?? []).filter((p) => p.kind === "scalar").map((
      p,
    ) => p.name);
  }

  /** A static type reached so far, by name; undefined while being built. */
  staticType(name: string): StaticTypeModel | undefined {
    return this.#parts.statics.get(name);
  }

  /** Reports a vague type; undefined, to return in its place. */
  #vague(node: ts.Node, site: Site, why?: string): undefined {
    return reportVague(this.sink, node, site, why);
  }

  /** Reports a type the client cannot express; undefined, to return instead. */
  #unsupported(node: ts.Node, site: Site, why?: string): undefined {
    return reportUnsupported(this.sink, node, site, why);
  }

  /** Maps a type node. Undefined when it cannot be described (reported). */
  map(node: ts.TypeNode, site: Site): Mapped | undefined {
    if (ts.isParenthesizedTypeNode(node)) return this.map(node.type, site);
    if (ts.isTypeOperatorNode(node)) {
      if (node.operator === ts.SyntaxKind.ReadonlyKeyword) {
        return this.map(node.type, site);
      }
      return this.#unsupported(node, site);
    }
    if (ts.isArrayTypeNode(node)) {
      const element = this.mapValue(node.elementType, site);
      return element && plain({ kind: "array", element });
    }
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return primitive("string");
      case ts.SyntaxKind.NumberKeyword:
        return primitive("number");
      case ts.SyntaxKind.BooleanKeyword:
        return primitive("boolean");
      case ts.SyntaxKind.AnyKeyword:
      case ts.SyntaxKind.UnknownKeyword:
      case ts.SyntaxKind.ObjectKeyword:
        return this.#vague(node, site);
      case ts.SyntaxKind.VoidKeyword:
      case ts.SyntaxKind.UndefinedKeyword:
        return plain(VOID);
    }
    if (ts.isLiteralTypeNode(node)) {
      if (isAbsent(node)) return plain(VOID);
      const name = literalPrimitive(node);
      return name === undefined
        ? this.#unsupported(node, site)
        : primitive(name);
    }
    if (ts.isUnionTypeNode(node)) return this.#union(node.types, site, node);
    if (ts.isIntersectionTypeNode(node)) {
      return this.#intersection(node, site);
    }
    if (ts.isTypeLiteralNode(node)) return this.#typeLiteral(node, site);
    if (ts.isTypeReferenceNode(node)) {
      return referenceType(this.#parts, node, site);
    }
    return this.#unsupported(node, site);
  }

  /**
   * Maps a type that must be a value: an array element, a map value, a type
   * argument. `undefined`/`null` there cannot be expressed.
   */
  mapValue(node: ts.TypeNode, site: Site): TypeRef | undefined {
    const mapped = this.map(node, site);
    if (mapped === undefined) return undefined;
    if (mapped.constraints !== undefined) {
      this.sink.error(
        CODES.BAD_CONSTRAINT,
        node,
        `${site.where}: \`${textOf(node)}\` has validation constraints where ` +
          "none are kept (array element, map value, type argument)",
        "constrain the array itself (MinItems, MaxItems) or a property",
      );
      return undefined;
    }
    if (mapped.nullable || mapped.type.kind === "void") {
      this.sink.error(
        CODES.UNSUPPORTED_TYPE,
        node,
        `${site.where}: \`${textOf(node)}\` admits undefined or null where ` +
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
  mapInferred(type: ts.Type, node: ts.Node, site: Site): Mapped | undefined {
    const base = checkerOf(node).getBaseTypeOfLiteralType(type);
    if (hasTypeFlag(base, ts.TypeFlags.String)) return primitive("string");
    if (hasTypeFlag(base, ts.TypeFlags.Number)) return primitive("number");
    if (hasTypeFlag(base, ts.TypeFlags.Boolean)) return primitive("boolean");
    if (
      hasTypeFlag(base, ts.TypeFlags.Void) ||
      hasTypeFlag(base, ts.TypeFlags.Undefined)
    ) {
      return plain(VOID);
    }
    this.sink.error(
      CODES.VAGUE_TYPE,
      node,
      `${site.where}: the type is not declared`,
      "declare the type in the source",
    );
    return undefined;
  }

  /** The value type of a scalar entity property, with its constraints. */
  scalarType(
    entity: EntityInfo,
    property: EntityProperty,
  ): Mapped | undefined {
    return scalarType(this.#parts, entity, property);
  }

  #union(
    members: readonly ts.TypeNode[],
    site: Site,
    node: ts.TypeNode,
  ): Mapped | undefined {
    const present = members.filter((member) => !isAbsent(member));
    const nullable = present.length < members.length;
    if (present.length === 0) return plain(VOID);
    if (present.length === 1) {
      const mapped = this.map(present[0]!, site);
      return mapped && { ...mapped, nullable: nullable || mapped.nullable };
    }
    // Literals of one primitive (`"a" | "b"`, `true | false`) widen to it.
    const kinds = new Set(present.map(literalPrimitive));
    if (kinds.size === 1 && !kinds.has(undefined)) {
      const name = [...kinds][0]!;
      return { type: { kind: "primitive", name }, nullable };
    }
    if (!present.every(ts.isTypeReferenceNode)) {
      return this.#unsupported(node, site, "a union of several types");
    }
    return reportUndiscriminatedUnion(
      this.sink,
      node,
      site,
      "a union written in place",
    );
  }

  #intersection(
    node: ts.IntersectionTypeNode,
    site: Site,
  ): Mapped | undefined {
    const tags = node.types.filter(isConstraintTag);
    if (tags.length > 0) {
      const rest = node.types.filter((member) => !isConstraintTag(member));
      if (rest.length !== 1) {
        return this.#unsupported(node, site, "an intersection");
      }
      const mapped = this.map(rest[0]!, site);
      return mapped && constrain(this.sink, mapped, tags, site);
    }
    // `Entity & FetchBy<...>`: the fetcher must load that entity.
    const fetchBys: ts.TypeReferenceNode[] = [];
    const entities: { info: EntityInfo; node: ts.TypeNode }[] = [];
    for (const member of node.types) {
      if (!ts.isTypeReferenceNode(member)) {
        return this.#unsupported(node, site, "an intersection");
      }
      const symbol = resolvedSymbol(typeReferenceNameNode(member));
      if (runtimeNameOfSymbol(symbol) === "FetchBy") {
        fetchBys.push(member);
        continue;
      }
      const declaration = declarationsOf(symbol).find(ts.isClassDeclaration);
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

  #typeLiteral(node: ts.TypeLiteralNode, site: Site): Mapped | undefined {
    const members = node.members;
    if (members.length === 0) return this.#vague(node, site);
    const index = members[0]!;
    if (members.length === 1 && ts.isIndexSignatureDeclaration(index)) {
      if (index.parameters[0]!.type!.kind !== ts.SyntaxKind.StringKeyword) {
        return this.#unsupported(node, site, "keys other than strings");
      }
      // Undefined when not written (`{ [key: string] }`), whatever its type says.
      const valueNode: ts.TypeNode | undefined = index.type;
      if (valueNode === undefined) return this.#vague(node, site);
      const value = this.mapValue(valueNode, site);
      return value && plain({ kind: "map", value });
    }
    const properties = literalProperties(this.#parts, node, site);
    return properties && plain({ kind: "object", properties });
  }
}
