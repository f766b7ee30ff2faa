/**
 * Dynamic entities of the model: an `@Entity()` class written without
 * `FetchBy` becomes `Dynamic_<Entity>`, every property optional, with the
 * entities its associations reach. Also the value types of scalar entity
 * properties, which fetched shapes share.
 *
 * @module
 */

import type { PropertyDeclaration } from "ts-morph";
import type {
  DynamicEntityModel,
  PropertyModel,
  TypeRef,
} from "../model/api_model.ts";
import type { DiagnosticSink } from "./codes.ts";
import type { EntityInfo, EntityProperty } from "./entities.ts";
import {
  reportUnsupported,
  type Site,
  type TypeNodeMapper,
} from "./mapping.ts";
import type { TypeNames } from "./type_names.ts";

/** Maps entities to dynamic types and keeps the ones reached. */
export class DynamicEntities {
  readonly #sink: DiagnosticSink;
  readonly #names: TypeNames;
  readonly #types: TypeNodeMapper;
  /** Dynamic entities by entity name; undefined while being built. */
  readonly #dynamics = new Map<string, DynamicEntityModel | undefined>();
  readonly #scalarTypes = new Map<PropertyDeclaration, TypeRef | undefined>();

  /**
   * Association targets are read through `names`; property types are
   * mapped by `types`; errors go to `sink`.
   */
  constructor(sink: DiagnosticSink, names: TypeNames, types: TypeNodeMapper) {
    this.#sink = sink;
    this.#names = names;
    this.#types = types;
  }

  /** The dynamic entities registered so far, in the order reached. */
  models(): DynamicEntityModel[] {
    return [...this.#dynamics.values()].filter((model) => model !== undefined);
  }

  /** The value type of a scalar entity property (`Int`, enums kept). */
  scalarType(
    entity: EntityInfo,
    property: EntityProperty,
  ): TypeRef | undefined {
    const declaration = property.declaration;
    if (this.#scalarTypes.has(declaration)) {
      return this.#scalarTypes.get(declaration);
    }
    const site: Site = {
      where: `${entity.name}.${property.name}`,
      owner: undefined,
      env: new Map(),
    };
    const typeNode = declaration.getTypeNode();
    const mapped = typeNode === undefined
      ? this.#types.mapInferred(declaration.getType(), declaration, site)
      : this.#types.map(typeNode, site);
    const type = mapped?.type;
    this.#scalarTypes.set(declaration, type);
    return type;
  }

  /** `Dynamic_<Entity>`: registers the entity and everything it reaches. */
  dynamicRef(entity: EntityInfo): TypeRef {
    if (!this.#dynamics.has(entity.name)) {
      this.#dynamics.set(entity.name, undefined);
      const properties: PropertyModel[] = [];
      for (const property of entity.properties) {
        let type: TypeRef | undefined;
        if (property.kind === "scalar") {
          type = this.scalarType(entity, property);
        } else if (property.target !== undefined) {
          const target = this.#names.entityOf(property.target);
          if (target === undefined) {
            reportUnsupported(this.#sink, property.declaration, {
              where: `${entity.name}.${property.name}`,
              owner: undefined,
              env: new Map(),
            }, "the association's target is not an @Entity() class");
          } else {
            const ref = this.dynamicRef(target);
            type = property.toMany ? { kind: "array", element: ref } : ref;
          }
        }
        if (type === undefined) continue;
        properties.push({
          name: property.name,
          type,
          optional: true,
          ...(property.doc === undefined ? {} : { doc: property.doc }),
        });
      }
      this.#dynamics.set(entity.name, {
        entity: entity.name,
        ...(entity.doc === undefined ? {} : { doc: entity.doc }),
        properties,
      });
    }
    return { kind: "dynamic", entity: entity.name };
  }
}
