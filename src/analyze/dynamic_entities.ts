/**
 * Dynamic entities of the model: an `@Entity()` class written without
 * `FetchBy` becomes `Dynamic_<Entity>`, every property optional, with the
 * entities its associations reach. Also the value types of scalar entity
 * properties, which fetched shapes share.
 *
 * @module
 */

import type {
  Constraints,
  DynamicEntityModel,
  PropertyModel,
  TypeRef,
} from "../model/api_model.ts";
import type { DiagnosticSink } from "./codes.ts";
import { type ts, typeOf } from "./compiler.ts";
import type { EntityInfo, EntityProperty } from "./entities.ts";
import { factsOf } from "./fetcher_syntax.ts";
import {
  type Mapped,
  type Registry,
  reportUnsupported,
  type Site,
  type TypeNodeMapper,
} from "./mapping.ts";
import type { TypeNames } from "./type_names.ts";

/**
 * What the dynamic-entity functions are given: the sink, the names
 * (entities), the mapper for property types, and the registries they fill.
 */
export interface DynamicEntitiesContext {
  /** Where errors go. */
  readonly sink: DiagnosticSink;
  /** Entities are read here. */
  readonly names: TypeNames;
  /** Maps scalar property types. */
  readonly types: TypeNodeMapper;
  /** Dynamic entities by entity name. */
  readonly dynamics: Registry<DynamicEntityModel>;
  /** Value type of each scalar entity property mapped so far. */
  readonly scalarTypes: Map<ts.PropertyDeclaration, Mapped | undefined>;
}

/**
 * The value type of a scalar entity property (`Int`, enums kept) with its
 * constraints.
 */
export function scalarType(
  cx: DynamicEntitiesContext,
  entity: EntityInfo,
  property: EntityProperty,
): Mapped | undefined {
  const declaration = property.declaration;
  if (cx.scalarTypes.has(declaration)) {
    return cx.scalarTypes.get(declaration);
  }
  const site: Site = {
    where: `${entity.name}.${property.name}`,
    owner: undefined,
    env: new Map(),
  };
  const typeNode = declaration.type;
  const mapped = typeNode === undefined
    ? cx.types.mapInferred(typeOf(declaration), declaration, site)
    : cx.types.map(typeNode, site);
  cx.scalarTypes.set(declaration, mapped);
  return mapped;
}

/** `Dynamic_<Entity>`: registers the entity and everything it reaches. */
export function dynamicRef(
  cx: DynamicEntitiesContext,
  entity: EntityInfo,
): TypeRef {
  if (!cx.dynamics.has(entity.name)) {
    cx.dynamics.reserve(entity.name);
    const properties: PropertyModel[] = [];
    const nullable: string[] = [];
    const computed: string[] = [];
    for (const property of entity.properties) {
      let type: TypeRef | undefined;
      let constraints: Constraints | undefined;
      if (property.kind !== "association") {
        // An embedded value maps as its declared class: the embeddable type.
        ({ type, constraints } = scalarType(cx, entity, property) ?? {});
      } else if (property.target !== undefined) {
        const target = cx.names.entityOf(property.target);
        if (target === undefined) {
          reportUnsupported(cx.sink, property.declaration, {
            where: `${entity.name}.${property.name}`,
            owner: undefined,
            env: new Map(),
          }, "the association's target is not an @Entity() class");
        } else {
          const ref = dynamicRef(cx, target);
          type = property.toMany ? { kind: "array", element: ref } : ref;
        }
      }
      if (type === undefined) continue;
      const facts = factsOf(property.declaration);
      if (facts?.nullable) nullable.push(property.name);
      if (facts?.computed) computed.push(property.name);
      properties.push({
        name: property.name,
        type,
        optional: true,
        ...(property.doc === undefined ? {} : { doc: property.doc }),
        ...(constraints === undefined ? {} : { constraints }),
      });
    }
    cx.dynamics.set(entity.name, {
      entity: entity.name,
      ...(entity.doc === undefined ? {} : { doc: entity.doc }),
      properties,
      ...(nullable.length === 0 ? {} : { nullable }),
      ...(computed.length === 0 ? {} : { computed }),
    });
  }
  return { kind: "dynamic", entity: entity.name };
}
