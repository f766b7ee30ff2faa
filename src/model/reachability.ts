/**
 * Reachability in an ApiModel: the shapes, entities, enums, static types and
 * errors that some operations reach through their parameters, results and
 * declared errors, transitively.
 *
 * @module
 */

import type {
  ApiModel,
  PropertyModel,
  ServiceModel,
  TypeRef,
} from "./api_model.ts";
import { indexModel, type ModelIndex } from "./model_index.ts";
import { unionMembers } from "./unions.ts";

/** Walks TypeRefs and records every named thing they reach. */
export class Reachability {
  readonly shapes = new Set<string>();
  readonly dynamicEntities = new Set<string>();
  readonly enums = new Set<string>();
  readonly staticTypes = new Set<string>();
  readonly errors = new Set<string>();
  readonly #index: ModelIndex;

  /** Looks names up in `model`. */
  constructor(model: ApiModel) {
    this.#index = indexModel(model);
  }

  /** Records what the operations of `service` reach. */
  service(service: ServiceModel): void {
    for (const operation of service.operations) {
      for (const parameter of operation.parameters) {
        this.visit(parameter.type);
        // A client fetcher selects its entity and all it reaches.
        if (parameter.fetcher !== undefined) {
          this.visit({ kind: "dynamic", entity: parameter.fetcher.entity });
        }
      }
      this.visit(operation.result.type);
      for (const name of operation.errors ?? []) this.error(name);
    }
  }

  /** Records what `type` reaches. */
  visit(type: TypeRef): void {
    switch (type.kind) {
      case "primitive":
      case "void":
      case "typeParameter":
        return;
      case "enum":
        this.enums.add(type.name);
        return;
      case "array":
        this.visit(type.element);
        return;
      case "map":
        this.visit(type.value);
        return;
      case "object":
        this.#properties(type.properties);
        return;
      case "fetched": {
        if (this.shapes.has(type.key)) return;
        this.shapes.add(type.key);
        const found = this.#index.shape(type.key);
        if (found !== undefined && found.dto.entity === type.entity) {
          this.visit(found.shape.type);
        }
        return;
      }
      case "dynamic": {
        if (this.dynamicEntities.has(type.entity)) return;
        this.dynamicEntities.add(type.entity);
        const entity = this.#index.dynamicEntity(type.entity);
        if (entity !== undefined) this.#properties(entity.properties);
        return;
      }
      case "static": {
        for (const argument of type.args) this.visit(argument);
        if (this.staticTypes.has(type.name)) return;
        this.staticTypes.add(type.name);
        const declaration = this.#index.staticType(type.name);
        if (declaration === undefined) return;
        this.#properties(declaration.properties);
        for (const member of unionMembers(declaration)) this.visit(member);
        return;
      }
    }
  }

  /** Records a declared error and the types of its fields. */
  error(name: string): void {
    if (this.errors.has(name)) return;
    this.errors.add(name);
    const declaration = this.#index.error(name);
    if (declaration !== undefined) this.#properties(declaration.properties);
  }

  #properties(properties: readonly PropertyModel[]): void {
    for (const property of properties) this.visit(property.type);
  }
}
