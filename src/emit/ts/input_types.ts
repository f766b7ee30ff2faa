/**
 * Which named types of a model a client writes (request bodies and other
 * parameters, and the types inside them), as opposed to only reads: their
 * optional properties are emitted `?: T | undefined`.
 *
 * @module
 */

import type { ApiModel, TypeRef } from "../../model/api_model.ts";
import { unionMembers } from "../../model/unions.ts";

/** Names of the static and dynamic types a client may pass to an operation. */
export interface InputTypes {
  /** Static type names: `NodeInput`. */
  readonly statics: ReadonlySet<string>;
  /** Entity names of dynamic types: `Book` for `Dynamic_Book`. */
  readonly dynamics: ReadonlySet<string>;
}

/** The types reachable from any parameter of any operation of `model`. */
export function inputTypes(model: ApiModel): InputTypes {
  const statics = new Set<string>();
  const dynamics = new Set<string>();
  const staticTypes = new Map(model.staticTypes.map((t) => [t.name, t]));
  const dynamicTypes = new Map(
    model.dynamicEntities.map((e) => [e.entity, e]),
  );
  const visit = (type: TypeRef): void => {
    switch (type.kind) {
      case "array":
        return visit(type.element);
      case "map":
        return visit(type.value);
      case "object":
        return type.properties.forEach((p) => visit(p.type));
      case "static": {
        type.args.forEach(visit);
        if (statics.has(type.name)) return;
        statics.add(type.name);
        const declaration = staticTypes.get(type.name);
        declaration?.properties.forEach((p) => visit(p.type));
        if (declaration !== undefined) unionMembers(declaration).forEach(visit);
        return;
      }
      case "dynamic": {
        if (dynamics.has(type.entity)) return;
        dynamics.add(type.entity);
        dynamicTypes.get(type.entity)?.properties.forEach((p) => visit(p.type));
        return;
      }
      default:
        return;
    }
  };
  for (const service of model.services) {
    for (const operation of service.operations) {
      for (const parameter of operation.parameters) visit(parameter.type);
    }
  }
  return { statics, dynamics };
}
