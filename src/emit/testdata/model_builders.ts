/**
 * Small builders for the hand-written ApiModels of the emitter tests
 * (sample_model.ts, edge_model.ts, nasty_model.ts and the tests' own small
 * models): source locations, primitive types, properties, object types, the
 * runtime's builtin static types and the empty model, so that each model
 * spells out only what is particular to it.
 *
 * @module
 */

import type {
  ApiModel,
  ObjectTypeRef,
  ParameterModel,
  PropertyModel,
  SourceLocation,
  StaticTypeModel,
  TypeRef,
} from "../../model/api_model.ts";
import { emptyModel as newEmptyModel } from "../../model/api_model.ts";

/** The location `file:line:column` (column 1 when not given). */
export const at = (
  file: string,
  line: number,
  column = 1,
): SourceLocation => ({ file, line, column });

/** The primitive type `integer`. */
export const integer: TypeRef = { kind: "primitive", name: "integer" };

/** The primitive type `number`. */
export const number: TypeRef = { kind: "primitive", name: "number" };

/** The primitive type `string`. */
export const string: TypeRef = { kind: "primitive", name: "string" };

/** The primitive type `boolean`. */
export const boolean: TypeRef = { kind: "primitive", name: "boolean" };

/**
 * A property of `type`, required unless `optional`; it has a `doc` only
 * when one is given.
 */
export const prop = (
  name: string,
  type: TypeRef,
  optional = false,
  doc?: string,
): PropertyModel => ({
  name,
  type,
  optional,
  ...(doc === undefined ? {} : { doc }),
});

/** An object type that is a shape of `entity`. */
export const object = (
  entity: string,
  properties: PropertyModel[],
): ObjectTypeRef => ({ kind: "object", entity, properties });

/** An object type of no entity (an inline literal type). */
export const inlineObject = (properties: PropertyModel[]): ObjectTypeRef => ({
  kind: "object",
  properties,
});

/**
 * A path variable `{name}` of `type`, sent under its own name (path
 * variables are always required); it has a `doc` only when one is given.
 */
export const pathParam = (
  name: string,
  type: TypeRef,
  doc?: string,
): ParameterModel => ({
  name,
  in: "path",
  wireName: name,
  type,
  required: true,
  ...(doc === undefined ? {} : { doc }),
});

/** The runtime's builtin `Page<T>`: rows, totalRowCount, totalPageCount. */
export const pageType = (doc?: string): StaticTypeModel => ({
  name: "Page",
  origin: "builtin",
  ...(doc === undefined ? {} : { doc }),
  typeParameters: ["T"],
  properties: [
    prop("rows", {
      kind: "array",
      element: { kind: "typeParameter", name: "T" },
    }),
    prop("totalRowCount", integer),
    prop("totalPageCount", integer),
  ],
});

/** The runtime's builtin `Tuple2<A, B>`: `_1` and `_2`. */
export const tuple2Type = (doc?: string): StaticTypeModel => ({
  name: "Tuple2",
  origin: "builtin",
  ...(doc === undefined ? {} : { doc }),
  typeParameters: ["A", "B"],
  properties: [
    prop("_1", { kind: "typeParameter", name: "A" }),
    prop("_2", { kind: "typeParameter", name: "B" }),
  ],
});

/** A model with nothing in it: no service, no type. */
export const emptyModel: ApiModel = newEmptyModel();
