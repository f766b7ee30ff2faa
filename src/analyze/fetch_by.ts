/**
 * `FetchBy` references -> fetched shapes. The constant a `FetchBy` names is
 * found by symbol; its shape is read from its call chain when that is the
 * plain DSL (`fetcher_syntax.ts`), else from the constant's static type (the
 * fetcher DSL carries it in a phantom property), never by running code.
 * Properties are mapped back to the entity's declarations for docs, `Int`
 * and enums.
 *
 * @module
 */

import type {
  FetchedShapeModel,
  ObjectTypeRef,
  PropertyModel,
  SourceLocation,
  TypeRef,
} from "../model/api_model.ts";
import { CODES, type DiagnosticSink } from "./codes.ts";
import { nameOf, staticMembers, textOf, ts } from "./compiler.ts";
import { docOf } from "./docs.ts";
import { classOf, type EntityInfo, type EntityProperty } from "./entities.ts";
import { FetcherSyntaxReader } from "./fetcher_syntax.ts";
import {
  type Mapped,
  type OwnerDeclaration,
  Registry,
  reportUnsupported,
  type Site,
} from "./mapping.ts";
import { fetcherOfType, type SelectedShape } from "./selected_shape.ts";

const HINT_FORMS =
  'write FetchBy<typeof Owner.CONSTANT>, FetchBy<"CONSTANT"> ' +
  'or FetchBy<"CONSTANT", typeof Owner>';

/**
 * What reading shapes needs from the rest of the analyzer: entities, the
 * owner name space, and the types of scalar entity properties (the type
 * mapper's). `analyze.ts` wires it.
 */
export interface ShapeTypes {
  /** The entity of a class, when the class is an `@Entity()`. */
  entityOf(declaration: ts.ClassDeclaration): EntityInfo | undefined;
  /** The properties of a class, when the class is an `@Embeddable()`. */
  embeddableOf(declaration: ts.ClassDeclaration): EntityInfo | undefined;
  /** Claims an owner's name; false, with the clash reported, when taken. */
  claim(
    space: "owner",
    name: string,
    declaration: ts.Node,
    at: ts.Node,
    where: string,
  ): boolean;
  /** The value type of a scalar entity property, with its constraints. */
  scalarType(entity: EntityInfo, property: EntityProperty): Mapped | undefined;
}

/** The constant a shape comes from. */
interface ShapeOrigin {
  /** `<Owner>/<CONSTANT>`. */
  readonly key: string;
  readonly owner: string;
  readonly fetcher: string;
  readonly doc: string | undefined;
  readonly source: SourceLocation;
}

/** Resolves `FetchBy` references and keeps the shapes they name. */
export class ShapeReader {
  /** Shapes by key, with the name of their entity. */
  readonly #shapes = new Registry<
    { readonly entity: string; readonly shape: FetchedShapeModel }
  >();
  readonly #sink: DiagnosticSink;
  readonly #types: ShapeTypes;
  /** Reads plain fetcher chains; absent when every fetcher is read by type. */
  readonly #syntax: FetcherSyntaxReader | undefined;

  /**
   * Errors go to `sink`; entities, owner names and property types come
   * from `types`. `readBySyntax: false` reads every fetcher from its static
   * type (the tests compare both readings).
   */
  constructor(
    sink: DiagnosticSink,
    types: ShapeTypes,
    options: { readonly readBySyntax?: boolean } = {},
  ) {
    this.#sink = sink;
    this.#types = types;
    this.#syntax = options.readBySyntax === false
      ? undefined
      : new FetcherSyntaxReader(
        (declaration) => types.entityOf(declaration),
        (declaration) => types.embeddableOf(declaration),
      );
  }

  /** The shapes read so far with their entity's name, in the order reached. */
  shapes(): { readonly entity: string; readonly shape: FetchedShapeModel }[] {
    return this.#shapes.models();
  }

  /**
   * The fetched TypeRef of a `FetchBy<...>` reference, or undefined when it
   * is wrong (reported). `declared` is the entity written beside it
   * (`Book & FetchBy<...>`), when one is.
   */
  resolve(
    node: ts.TypeReferenceNode,
    site: Site,
    declared: { info: EntityInfo; node: ts.TypeNode } | undefined,
  ): TypeRef | undefined {
    const named = this.#constantName(node, site);
    if (named === undefined) return undefined;
    const { owner, name, at } = named;
    const ownerName = nameOf(owner) ?? "Anonymous";
    const constant = ts.isClassDeclaration(owner)
      ? staticMembers(owner).find((member) => nameOf(member) === name)
      : undefined;
    if (constant === undefined) {
      this.#sink.error(
        CODES.MISSING_FETCHER,
        at,
        `${site.where}: FetchBy names ${ownerName}.${name}, which does not exist`,
        ts.isClassDeclaration(owner)
          ? `declare \`static readonly ${name} = fetcher(Entity)...\` in ${ownerName}, or name an existing constant`
          : `${ownerName} cannot declare constants: name the owner class, FetchBy<"${name}", typeof Owner>`,
      );
      return undefined;
    }
    const fetcher = ts.isPropertyDeclaration(constant)
      ? this.#readFetcher(constant)
      : undefined;
    const entity = fetcher && this.#types.entityOf(fetcher.entity);
    if (fetcher === undefined || entity === undefined) {
      this.#sink.error(
        CODES.NOT_A_FETCHER,
        at,
        `${site.where}: FetchBy names ${ownerName}.${name}, which is not a fetcher`,
        "initialize the constant with `fetcher(Entity)...` and let TypeScript " +
          "infer its type (a fetcher typed AnyFetcher has no known shape)",
      );
      return undefined;
    }
    if (declared !== undefined && declared.info !== entity) {
      this.#sink.error(
        CODES.WRONG_FETCHER_ENTITY,
        declared.node,
        `${site.where}: ${ownerName}.${name} is a fetcher of ${entity.name}, ` +
          `not of ${declared.info.name}`,
        `name a fetcher of ${declared.info.name}, or declare ${entity.name}`,
      );
      return undefined;
    }
    if (!this.#types.claim("owner", ownerName, owner, at, site.where)) {
      return undefined;
    }
    const key = `${ownerName}/${name}`;
    if (!this.#shapes.has(key)) {
      this.#shapes.reserve(key);
      const declaration = constant as ts.PropertyDeclaration;
      const origin: ShapeOrigin = {
        key,
        owner: ownerName,
        fetcher: name,
        doc: docOf(declaration),
        source: this.#sink.location(declaration.name),
      };
      const type = this.#object(fetcher.shape, entity, origin, [], site);
      this.#shapes.set(key, {
        entity: entity.name,
        shape: {
          key,
          owner: ownerName,
          fetcher: name,
          ...(origin.doc === undefined ? {} : { doc: origin.doc }),
          type,
          source: origin.source,
        },
      });
    }
    return { kind: "fetched", entity: entity.name, key };
  }

  /** Owner class and constant name of a `FetchBy`, reported when unreadable. */
  #constantName(
    node: ts.TypeReferenceNode,
    site: Site,
  ): { owner: OwnerDeclaration; name: string; at: ts.Node } | undefined {
    const malformed = (why: string, at: ts.Node = node) => {
      this.#sink.error(
        CODES.MALFORMED_FETCH_BY,
        at,
        `${site.where}: cannot read \`${textOf(node)}\`: ${why}`,
        HINT_FORMS,
      );
      return undefined;
    };
    const args = node.typeArguments ?? [];
    const [first, second] = args;
    if (first === undefined || args.length > 2) {
      return malformed(
        "FetchBy takes a fetcher constant and an optional owner",
      );
    }
    if (ts.isTypeQueryNode(first)) {
      if (second !== undefined) {
        return malformed("the owner is given twice", second);
      }
      const exprName = first.exprName;
      if (!ts.isQualifiedName(exprName)) {
        return malformed("it must name a static constant of a class", first);
      }
      const owner = classOf(exprName.left);
      if (owner === undefined) {
        return malformed(`${textOf(exprName.left)} is not a class`, first);
      }
      return { owner, name: textOf(exprName.right), at: first };
    }
    if (ts.isLiteralTypeNode(first) && ts.isStringLiteral(first.literal)) {
      const name = first.literal.text;
      if (second === undefined) {
        if (site.owner === undefined) {
          return malformed("there is no enclosing class to own the constant");
        }
        return { owner: site.owner, name, at: first };
      }
      const exprName = ts.isTypeQueryNode(second) ? second.exprName : undefined;
      const owner = exprName && classOf(exprName);
      if (owner === undefined) {
        return malformed("the owner must be `typeof` a class", second);
      }
      return { owner, name, at: first };
    }
    return malformed(
      "the first argument is neither `typeof Owner.CONSTANT` nor a string",
      first,
    );
  }

  /**
   * Entity class and selection of a fetcher constant: from its call chain
   * when it is the plain DSL, else from its static type.
   */
  #readFetcher(
    constant: ts.PropertyDeclaration,
  ): { entity: ts.ClassDeclaration; shape: SelectedShape } | undefined {
    if (this.#syntax !== undefined) {
      const read = this.#syntax.read(constant);
      if (read !== undefined) {
        for (const { node, message, hint } of read.problems) {
          this.#sink.error(CODES.BAD_ASSOCIATION_OPTIONS, node, message, hint);
        }
        return read;
      }
    }
    return fetcherOfType(constant);
  }

  /** The object type of a shape (or nested part), in entity declaration order. */
  #object(
    shape: SelectedShape,
    entity: EntityInfo,
    origin: ShapeOrigin,
    path: readonly string[],
    site: Site,
  ): ObjectTypeRef {
    const properties: PropertyModel[] = [];
    for (const selected of shape.properties) {
      const name = selected.name;
      const property = entity.properties.find((p) => p.name === name);
      if (property === undefined) continue;
      const doc = property.doc === undefined ? {} : { doc: property.doc };
      if (property.kind === "embedded") {
        const type = this.#embedded(
          shape,
          entity,
          property,
          origin,
          path,
          site,
        );
        if (type === undefined) continue;
        properties.push({ name, type, optional: selected.optional, ...doc });
        continue;
      }
      if (property.kind === "scalar") {
        const mapped = this.#types.scalarType(entity, property);
        if (mapped === undefined) continue;
        const { type, constraints } = mapped;
        properties.push({
          name,
          type,
          optional: selected.optional,
          ...doc,
          ...(constraints === undefined ? {} : { constraints }),
        });
        continue;
      }
      const target = property.target &&
        this.#types.entityOf(property.target);
      if (target === undefined) {
        reportUnsupported(
          this.#sink,
          property.declaration,
          { ...site, where: `${entity.name}.${name}` },
          "the association's target is not an @Entity() class",
        );
        continue;
      }
      const { many, recursive, child } = shape.association(name);
      const wrap = (ref: TypeRef): TypeRef =>
        many ? { kind: "array", element: ref } : ref;
      if (recursive) {
        const key = this.#recursivePart(
          child,
          target,
          origin,
          [...path, name],
          many,
          property.doc,
          site,
        );
        properties.push({
          name,
          type: wrap({ kind: "fetched", entity: target.name, key }),
          optional: true,
          ...doc,
        });
        continue;
      }
      const nested = this.#object(
        child,
        target,
        origin,
        [...path, name],
        site,
      );
      properties.push({
        name,
        type: wrap(nested),
        optional: selected.optional,
        ...doc,
      });
    }
    properties.sort((a, b) =>
      (entity.order.get(a.name) ?? 0) - (entity.order.get(b.name) ?? 0)
    );
    const embeddable = this.#types.embeddableOf(entity.declaration);
    return embeddable === undefined
      ? { kind: "object", entity: entity.name, properties }
      : { kind: "object", properties };
  }

  /**
   * The type of a selected embedded value: the embeddable's own type when
   * every field is selected (nested embeddables whole too), else an inline
   * object of the selected fields.
   */
  #embedded(
    shape: SelectedShape,
    owner: EntityInfo,
    property: EntityProperty,
    origin: ShapeOrigin,
    path: readonly string[],
    site: Site,
  ): TypeRef | undefined {
    const target = property.target &&
      this.#types.embeddableOf(property.target);
    if (target === undefined) return undefined; // reported (TAILOR027)
    const { child } = shape.association(property.name);
    const part = this.#object(
      child,
      target,
      origin,
      [...path, property.name],
      site,
    );
    const whole = target.properties.every((field) =>
      part.properties.some((selected) =>
        selected.name === field.name &&
        (field.kind !== "embedded" || selected.type.kind === "static")
      )
    );
    return whole ? this.#types.scalarType(owner, property)?.type : part;
  }

  /**
   * Registers the named part `<Owner>/<CONSTANT>@<path>` of a recursive
   * selection: the child shape plus the recursive property, referring to
   * the part itself.
   */
  #recursivePart(
    child: SelectedShape,
    entity: EntityInfo,
    origin: ShapeOrigin,
    path: readonly string[],
    many: boolean,
    doc: string | undefined,
    site: Site,
  ): string {
    const dotted = path.join(".");
    const key = `${origin.key}@${dotted}`;
    if (this.#shapes.has(key)) return key;
    this.#shapes.reserve(key);
    const name = path[path.length - 1]!;
    const self: TypeRef = { kind: "fetched", entity: entity.name, key };
    const part = this.#object(child, entity, origin, path, site);
    const properties = part.properties.filter((p) => p.name !== name);
    properties.push({
      name,
      type: many ? { kind: "array", element: self } : self,
      optional: true,
      ...(doc === undefined ? {} : { doc }),
    });
    properties.sort((a, b) =>
      (entity.order.get(a.name) ?? 0) - (entity.order.get(b.name) ?? 0)
    );
    this.#shapes.set(key, {
      entity: entity.name,
      shape: {
        key,
        owner: origin.owner,
        fetcher: origin.fetcher,
        path: dotted,
        ...(origin.doc === undefined ? {} : { doc: origin.doc }),
        type: { kind: "object", entity: entity.name, properties },
        source: origin.source,
      },
    });
    return key;
  }
}
