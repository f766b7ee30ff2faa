/**
 * Group selection on an ApiModel: the API of some groups only, with every
 * type no longer referenced dropped. Pure: no I/O, input left untouched.
 *
 * @module
 */

import type {
  ApiModel,
  EntityDtoModel,
  PropertyModel,
  ServiceModel,
  TypeRef,
} from "./api_model.ts";
import { indexModel, type ModelIndex } from "./model_index.ts";

/** What {@link selectGroups} returns. */
export interface GroupSelection {
  /** The model restricted to the selected groups. */
  readonly model: ApiModel;
  /** Selected names that are not among the model's `groups`, in given order. */
  readonly unknownGroups: readonly string[];
}

/**
 * Restricts a model to the operations of the selected groups.
 *
 * - An operation stays when one of its groups is selected; operations
 *   without a group do not appear under a selection.
 * - Services left without operations disappear.
 * - Shapes, DTO entities, dynamic entities, enums and static types that no
 *   remaining operation reaches disappear.
 * - `groups` of the result: the groups of the remaining operations.
 * - An empty selection returns the model unchanged.
 */
export function selectGroups(
  model: ApiModel,
  groups: readonly string[],
): GroupSelection {
  const known = new Set(model.groups);
  const unknownGroups = [...new Set(groups)].filter((g) => !known.has(g));
  if (groups.length === 0) return { model, unknownGroups };
  const selected = new Set(groups);

  const services: ServiceModel[] = [];
  for (const service of model.services) {
    const operations = service.operations.filter((operation) =>
      operation.groups.some((group) => selected.has(group))
    );
    if (operations.length > 0) services.push({ ...service, operations });
  }

  const reach = new Reachability(model);
  for (const service of services) {
    for (const operation of service.operations) {
      for (const parameter of operation.parameters) reach.visit(parameter.type);
      reach.visit(operation.result.type);
      for (const name of operation.errors ?? []) reach.error(name);
    }
  }

  const dtos: EntityDtoModel[] = [];
  for (const dto of model.dtos) {
    const shapes = dto.shapes.filter((shape) => reach.shapes.has(shape.key));
    if (shapes.length > 0) dtos.push({ ...dto, shapes });
  }
  const remainingGroups = new Set<string>();
  for (const service of services) {
    for (const operation of service.operations) {
      for (const group of operation.groups) remainingGroups.add(group);
    }
  }
  const { errors: _allErrors, ...rest } = model;
  return {
    model: {
      ...rest,
      groups: model.groups.filter((g) => remainingGroups.has(g)),
      services,
      dtos,
      dynamicEntities: model.dynamicEntities.filter((d) =>
        reach.dynamicEntities.has(d.entity)
      ),
      enums: model.enums.filter((e) => reach.enums.has(e.name)),
      staticTypes: model.staticTypes.filter((s) =>
        reach.staticTypes.has(s.name)
      ),
      ...selectedErrors(model, reach.errors),
    },
    unknownGroups,
  };
}

/** The model's errors that remain reached, absent when none does. */
function selectedErrors(
  model: ApiModel,
  reached: ReadonlySet<string>,
): Pick<ApiModel, "errors"> {
  const errors = (model.errors ?? []).filter((e) => reached.has(e.name));
  return errors.length === 0 ? {} : { errors };
}

/** Walks TypeRefs and records every named thing they reach. */
class Reachability {
  readonly shapes = new Set<string>();
  readonly dynamicEntities = new Set<string>();
  readonly enums = new Set<string>();
  readonly staticTypes = new Set<string>();
  readonly errors = new Set<string>();
  readonly #index: ModelIndex;

  constructor(model: ApiModel) {
    this.#index = indexModel(model);
  }

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
        if (declaration !== undefined) this.#properties(declaration.properties);
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
