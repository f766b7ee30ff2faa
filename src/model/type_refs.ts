/**
 * Operations on TypeRefs that do not depend on any output format.
 *
 * @module
 */

import type { TypeRef } from "./api_model.ts";

/**
 * `type` with every type parameter replaced by its binding (inside arrays,
 * maps, static type arguments and inline objects). Throws on a type
 * parameter without a binding, unless there are no bindings at all.
 */
export function substituteTypeParameters(
  type: TypeRef,
  bindings: ReadonlyMap<string, TypeRef>,
): TypeRef {
  if (bindings.size === 0) return type;
  switch (type.kind) {
    case "typeParameter": {
      const bound = bindings.get(type.name);
      if (bound === undefined) {
        throw new Error(`unbound type parameter ${type.name}`);
      }
      return bound;
    }
    case "array":
      return {
        kind: "array",
        element: substituteTypeParameters(type.element, bindings),
      };
    case "map":
      return {
        kind: "map",
        value: substituteTypeParameters(type.value, bindings),
      };
    case "static":
      return {
        kind: "static",
        name: type.name,
        args: type.args.map((a) => substituteTypeParameters(a, bindings)),
      };
    case "object":
      return {
        ...type,
        properties: type.properties.map((p) => ({
          ...p,
          type: substituteTypeParameters(p.type, bindings),
        })),
      };
    default:
      return type;
  }
}
