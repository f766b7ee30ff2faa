/**
 * Object query parameters (`RequestParam<Filter>`): the analyzer keeps the
 * object's properties on the parameter, and every consumer that sees the
 * wire (the OpenAPI document, the TypeScript client's URI, the server's
 * binder) flattens it here into one query parameter per property, named
 * after the property, as Spring's `@ParameterObject` and Jimmer do.
 *
 * @module
 */

import type { ApiModel, ParameterModel } from "./api_model.ts";

/**
 * The query parameters `parameter` travels as: itself, or for an object
 * parameter one per property, named after it, required when the object is
 * and the property is not optional, with the property's doc and
 * constraints.
 */
export function flattenQuery(
  parameter: ParameterModel,
): readonly ParameterModel[] {
  if (parameter.properties === undefined) return [parameter];
  return parameter.properties.map((property) => ({
    name: property.name,
    in: "query",
    wireName: property.name,
    type: property.type,
    required: parameter.required && !property.optional,
    ...(property.doc === undefined ? {} : { doc: property.doc }),
    ...(property.constraints === undefined
      ? {}
      : { constraints: property.constraints }),
  }));
}

/**
 * Names of the static types that are the type of an object query
 * parameter somewhere in `model`, sorted: they travel as their properties.
 */
export function queryObjectTypes(model: ApiModel): string[] {
  const names = model.services.flatMap((s) => s.operations)
    .flatMap((op) => op.parameters)
    .flatMap((p) =>
      p.properties !== undefined && p.type.kind === "static"
        ? [p.type.name]
        : []
    );
  return [...new Set(names)].sort();
}
