/**
 * A hand-written ApiModel with search forms (`RequestParam<Filter>`): an
 * optional form beside a page parameter, and the same type sent as a body
 * by another operation, for the emitters' tests of flattened queries.
 *
 * @module
 */

import type {
  ApiModel,
  PropertyModel,
  TypeRef,
} from "../../model/api_model.ts";
import { at, integer, prop, string } from "./model_builders.ts";

const order: TypeRef = { kind: "enum", name: "Order" };
const filter: TypeRef = { kind: "static", name: "Filter", args: [] };
const properties: PropertyModel[] = [
  {
    ...prop("name", string, true, "Part of the name."),
    constraints: { maxLength: 20 },
  },
  prop("order", order),
];

/** `search(filter?: RequestParam<Filter>, page = 0)` and `save(body: Filter)`. */
export const searchFormModel: ApiModel = {
  version: 1,
  groups: [],
  services: [{
    name: "ItemService",
    controller: "ItemController",
    source: at("item_controller.ts", 1, 1),
    operations: [
      {
        name: "search",
        httpMethod: "GET",
        path: "/items",
        groups: [],
        parameters: [
          {
            name: "filter",
            in: "query",
            wireName: "filter",
            type: filter,
            required: false,
            properties,
          },
          {
            name: "page",
            in: "query",
            wireName: "page",
            type: integer,
            required: false,
            defaultValue: 0,
          },
        ],
        result: { type: { kind: "void" }, nullable: false },
        source: at("item_controller.ts", 5, 3),
      },
      {
        name: "save",
        httpMethod: "POST",
        path: "/items/filters",
        groups: [],
        parameters: [{
          name: "body",
          in: "body",
          wireName: "body",
          type: filter,
          required: true,
        }],
        result: { type: { kind: "void" }, nullable: false },
        source: at("item_controller.ts", 9, 3),
      },
    ],
  }],
  dtos: [],
  dynamicEntities: [],
  enums: [{ name: "Order", values: [{ value: "NAME" }, { value: "DATE" }] }],
  staticTypes: [{
    name: "Filter",
    origin: "plain",
    typeParameters: [],
    properties,
    source: at("item_controller.ts", 12, 1),
  }],
};
