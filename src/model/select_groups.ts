/**
 * Group selection on an ApiModel: the API of some groups only, with every
 * type no longer referenced dropped. Pure: no I/O, input left untouched.
 *
 * @module
 */

import type { ApiModel, EntityDtoModel, ServiceModel } from "./api_model.ts";
import { Reachability } from "./reachability.ts";

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
  for (const service of services) reach.service(service);

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

/** Splits `a,b` and repeated values into a sorted, de-duplicated group list. */
export function parseGroups(values: readonly string[]): string[] {
  const names = values.flatMap((value) => value.split(","))
    .map((name) => name.trim()).filter((name) => name !== "");
  return [...new Set(names)].sort();
}
