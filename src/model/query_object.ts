/**
 * Object query parameters (`RequestParam<Filter>`): the analyzer keeps the
 * object's properties on the parameter, and every consumer that sees the
 * wire (the OpenAPI document, the TypeScript client's URI, the server's
 * binder) flattens it here into one query parameter per property, named
 * after the property, as Spring's `@ParameterObject` and Jimmer do.
 *
 * @module
 */

import type { ApiModel, Constraints, ParameterModel } from "./api_model.ts";

/**
 * The query parameters `parameter` travels as: itself, or for an object
 * parameter one per property, named after it, required when the object is
 * and the property is not optional, with the property's doc and
 * constraints.
 */
export function flattenQuery(
  parameter: ParameterModel,
): readonly ParameterModel[] {
  if (parameter.fetcher !== undefined) return fetcherQuery(parameter);
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

/** What `fetcherId` takes: the lowercase hex SHA-256 of a canonical text. */
export const FETCHER_ID_PATTERN = "^[0-9a-f]{64}$";

/** What `fetcherCode` takes: some text (its grammar the document cannot say). */
export const FETCHER_CODE_CONSTRAINTS: Constraints = { minLength: 1 };

/**
 * The two query parameters a client fetcher (`ClientFetcher<E>`) travels
 * as, one at a time: `fetcherCode`, its text, and `fetcherId`, the id of a
 * persisted fetcher.
 */
function fetcherQuery(parameter: ParameterModel): readonly ParameterModel[] {
  const string = { kind: "primitive", name: "string" } as const;
  return [
    {
      name: "fetcherCode",
      in: "query",
      wireName: "fetcherCode",
      type: string,
      required: false,
      doc: `${
        parameter.doc === undefined ? "" : `${parameter.doc}\n\n`
      }The text of a fetcher of ${
        parameter.fetcher!.entity
      }, such as \`{ id name }\`; without it (and without fetcherId) the id alone.`,
      constraints: FETCHER_CODE_CONSTRAINTS,
    },
    {
      name: "fetcherId",
      in: "query",
      wireName: "fetcherId",
      type: string,
      required: false,
      doc:
        "Instead of fetcherCode: the id of a persisted fetcher, the lowercase hex SHA-256 of its canonical text, which the server's fetcher manifest lists (allow-list mode).",
      constraints: { pattern: FETCHER_ID_PATTERN },
    },
  ];
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
