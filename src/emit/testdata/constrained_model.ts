/**
 * A hand-written ApiModel with every kind of validation constraint, on
 * query parameters and on the properties of a body type, for the emitters'
 * tests of constraints.
 *
 * @module
 */

import type {
  ApiModel,
  Constraints,
  ParameterModel,
  TypeRef,
} from "../../model/api_model.ts";
import { at, integer, number, prop, string } from "./model_builders.ts";

/** A required query parameter. */
function query(
  name: string,
  type: TypeRef,
  constraints: Constraints,
): ParameterModel {
  return {
    name,
    in: "query",
    wireName: name,
    type,
    required: true,
    constraints,
  };
}

/** One search with constrained parameters and one order with a constrained body. */
export const constrainedModel: ApiModel = {
  version: 1,
  groups: [],
  services: [{
    name: "StickerService",
    controller: "StickerController",
    source: at("sticker_controller.ts", 1, 1),
    operations: [
      {
        name: "search",
        httpMethod: "GET",
        path: "/stickers",
        groups: [],
        parameters: [
          query("page", integer, { minimum: 1, maximum: 1000 }),
          query("ratio", number, { exclusiveMinimum: 0, exclusiveMaximum: 1 }),
          query("weight", number, { minimum: 0.5 }),
          query("code", string, {
            minLength: 2,
            maxLength: 5,
            pattern: "^[a-z]+$",
          }),
          query("ids", { kind: "array", element: integer }, {
            minItems: 1,
            maxItems: 10,
          }),
        ],
        result: { type: { kind: "void" }, nullable: false },
        source: at("sticker_controller.ts", 5, 3),
      },
      {
        name: "order",
        httpMethod: "POST",
        path: "/stickers/order",
        groups: [],
        parameters: [{
          name: "order",
          in: "body",
          wireName: "order",
          type: { kind: "static", name: "StickerOrder", args: [] },
          required: true,
        }],
        result: { type: { kind: "void" }, nullable: false },
        source: at("sticker_controller.ts", 9, 3),
      },
    ],
  }],
  dtos: [],
  dynamicEntities: [],
  enums: [],
  staticTypes: [{
    name: "StickerOrder",
    origin: "plain",
    typeParameters: [],
    properties: [
      { ...prop("email", string), constraints: { format: "email" } },
      { ...prop("label", string, true), constraints: { pattern: "[a-z]" } },
    ],
    source: at("sticker_controller.ts", 12, 1),
  }],
};
