/**
 * Binding of an object query parameter (`RequestParam<Filter>`): each
 * property read from the query parameter of its name, bound to its declared
 * type and checked against its constraints as a simple parameter is. Pure;
 * the HTTP shell ({@link ./mount.ts}) reads the raw values.
 *
 * @module
 */

import type { ParameterModel } from "../../model/api_model.ts";
import { flattenQuery } from "../../model/query_object.ts";
import { bindSimple, type EnumValues } from "./bind.ts";

/** The bound object, or the flattened parameter that does not fit and why. */
export type BoundObject =
  | { readonly ok: true; readonly value: unknown }
  | {
    readonly ok: false;
    readonly parameter: string;
    readonly message: string;
  };

/**
 * Binds the object parameter `parameter` from `query` (the values of a
 * query key, none when absent). Absent properties are left out of the
 * object; an optional object none of whose keys is present binds to
 * `undefined`, so the method's default applies.
 */
export function bindQueryObject(
  parameter: ParameterModel,
  query: (key: string) => readonly string[],
  enums: EnumValues,
): BoundObject {
  const flat = flattenQuery(parameter);
  if (
    !parameter.required && flat.every((p) => query(p.wireName).length === 0)
  ) {
    return { ok: true, value: undefined };
  }
  const value: Record<string, unknown> = {};
  for (const property of flat) {
    const bound = bindSimple(
      { ...property, required: !isOptional(parameter, property.name) },
      query(property.wireName),
      enums,
    );
    if (!bound.ok) {
      return {
        ok: false,
        parameter: property.wireName,
        message: bound.message,
      };
    }
    if (bound.value !== undefined) value[property.name] = bound.value;
  }
  return { ok: true, value };
}

/** Whether property `name` of the object parameter may be absent. */
function isOptional(parameter: ParameterModel, name: string): boolean {
  return parameter.properties?.find((p) => p.name === name)?.optional ?? true;
}
