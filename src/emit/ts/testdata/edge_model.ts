/**
 * An ApiModel of awkward cases for the TypeScript emitter: names long enough
 * to make the formatter wrap, quoted property names, doc comments with `*\/`
 * and blank lines, every parameter location and type, every HTTP method,
 * nested maps, a generic hybrid type, empty types and a service without
 * operations.
 *
 * @module
 */

import type { ApiModel, TypeRef } from "../../../model/api_model.ts";
import {
  at,
  boolean,
  integer,
  number,
  object,
  pageType,
  pathParam,
  prop,
  string,
  tuple2Type,
} from "../../testdata/model_builders.ts";

/** The one source file of the model. */
const CONTROLLER = "src/warehouse/inventory_controller.ts";
const LONG = "InternationalWarehouseInventoryItem";
const LONG_KEY =
  "InternationalWarehouseInventoryController/INVENTORY_ITEM_WITH_EVERYTHING_FETCHER";
const longRef: TypeRef = { kind: "fetched", entity: LONG, key: LONG_KEY };
const shortRef: TypeRef = {
  kind: "fetched",
  entity: LONG,
  key: "InternationalWarehouseInventoryController/SHORT",
};
const level: TypeRef = { kind: "enum", name: "StockLevel" };

/** Edge cases; see the module doc. */
export const edgeModel: ApiModel = {
  version: 1,
  groups: [],
  services: [
    {
      name: "EmptyService",
      controller: "EmptyController",
      doc: "A controller whose every method is ignored.",
      source: at(CONTROLLER, 1, 3),
      operations: [],
    },
    {
      name: "InternationalWarehouseInventoryService",
      controller: "InternationalWarehouseInventoryController",
      doc:
        "Inventory of all warehouses.\n\nSecond paragraph, with a `*/` inside.",
      source: at(CONTROLLER, 10, 3),
      operations: [
        {
          name: "searchInventoryItemsAcrossAllWarehouses",
          httpMethod: "GET",
          path: "/warehouses/{warehouseCode}/items",
          doc: "Searches items.\n\nThe second line of the doc.",
          groups: [],
          parameters: [
            {
              name: "warehouse",
              in: "path",
              wireName: "warehouseCode",
              type: string,
              required: true,
              doc: "Code of the warehouse; any text, encoded.",
            },
            {
              name: "sort",
              in: "query",
              wireName: "sort code",
              type: string,
              required: false,
              defaultValue: "name asc",
            },
            {
              name: "inStock",
              in: "query",
              wireName: "inStock",
              type: boolean,
              required: true,
            },
            {
              name: "levels",
              in: "query",
              wireName: "level",
              type: { kind: "array", element: level },
              required: true,
            },
            {
              name: "minimumQuantityBeforeReorderingFromTheSupplier",
              in: "query",
              wireName: "min&qty",
              type: number,
              required: false,
              defaultValue: 1.5,
            },
            {
              name: "filter",
              in: "query",
              wireName: "filter",
              type: { kind: "map", value: string },
              required: false,
            },
            {
              name: "tenant",
              in: "header",
              wireName: "tenant",
              type: string,
              required: true,
            },
            {
              name: "retries",
              in: "header",
              wireName: "x-retries",
              type: integer,
              required: false,
            },
            {
              name: "level",
              in: "header",
              wireName: "x-level",
              type: level,
              required: false,
            },
          ],
          result: {
            type: {
              kind: "static",
              name: "Page",
              args: [{
                kind: "static",
                name: "Tuple2",
                args: [longRef, {
                  kind: "map",
                  value: { kind: "map", value: shortRef },
                }],
              }],
            },
            nullable: false,
          },
          source: at(CONTROLLER, 20, 3),
        },
        {
          name: "delete",
          httpMethod: "DELETE",
          path: "/weird`path/a\\b/{id}${part}",
          groups: [],
          parameters: [
            pathParam("id", integer),
            pathParam("part", level),
          ],
          result: { type: boolean, nullable: true },
          source: at(CONTROLLER, 30, 3),
        },
        {
          name: "patchItem",
          httpMethod: "PATCH",
          path: "/items",
          groups: [],
          parameters: [
            {
              name: "patch",
              in: "body",
              wireName: "body",
              type: {
                kind: "static",
                name: "Wrapper",
                args: [{ kind: "dynamic", entity: LONG }],
              },
              required: false,
              doc: "What to change; nothing when absent.",
            },
          ],
          result: {
            type: {
              kind: "static",
              name: "Wrapper",
              args: [longRef],
            },
            nullable: true,
          },
          source: at(CONTROLLER, 40, 3),
        },
        {
          name: "createItems",
          httpMethod: "POST",
          path: "/items",
          groups: [],
          parameters: [
            {
              name: "items",
              in: "body",
              wireName: "body",
              type: {
                kind: "array",
                element: { kind: "static", name: "Empty", args: [] },
              },
              required: true,
            },
            {
              name: "requestId",
              in: "header",
              wireName: "x-request-id",
              type: string,
              required: true,
            },
          ],
          result: {
            type: { kind: "array", element: shortRef },
            nullable: false,
          },
          source: at(CONTROLLER, 50, 3),
        },
        {
          name: "replace",
          httpMethod: "PUT",
          path: "/items/{id}",
          groups: [],
          parameters: [pathParam("id", integer)],
          result: { type: { kind: "void" }, nullable: false },
          source: at(CONTROLLER, 60, 3),
        },
      ],
    },
  ],
  dtos: [{
    entity: LONG,
    doc: "An item on a shelf.\n\n  Indented second paragraph.",
    shapes: [
      {
        key: LONG_KEY,
        owner: "InternationalWarehouseInventoryController",
        fetcher: "INVENTORY_ITEM_WITH_EVERYTHING_FETCHER",
        doc: "Everything, including the `*/` sequence.",
        source: at(CONTROLLER, 5, 3),
        type: object(LONG, [
          prop("id", integer),
          prop("first-name", string, false, "A name that must be quoted."),
          prop("level", level, true),
          prop("tags", {
            kind: "map",
            value: { kind: "array", element: level },
          }),
          prop(
            "shelf",
            object("Shelf", [
              prop("id", integer),
              prop(
                "neighbours",
                {
                  kind: "array",
                  element: object("Shelf", [
                    prop("id", integer),
                    prop("labelOfTheShelfAsPrintedOnTheSign", string, true),
                  ]),
                },
              ),
            ]),
            true,
          ),
          prop("self", shortRef, true),
          prop("raw", { kind: "dynamic", entity: LONG }, true),
        ]),
      },
      {
        key: "InternationalWarehouseInventoryController/SHORT",
        owner: "InternationalWarehouseInventoryController",
        fetcher: "SHORT",
        source: at(CONTROLLER, 6, 3),
        type: object(LONG, [prop("id", integer)]),
      },
    ],
  }],
  dynamicEntities: [{
    entity: LONG,
    properties: [
      prop("id", integer, true),
      prop("level", level, true),
      prop("related", {
        kind: "array",
        element: { kind: "dynamic", entity: LONG },
      }, true),
    ],
  }],
  enums: [
    {
      name: "StockLevel",
      values: [
        { value: "EMPTY" },
        { value: "NEARLY_EMPTY" },
        { value: "HALF_FULL" },
        { value: "NEARLY_FULL" },
        { value: "FULL" },
        { value: "OVERFLOWING" },
      ],
    },
  ],
  staticTypes: [
    {
      name: "Empty",
      origin: "plain",
      typeParameters: [],
      properties: [],
      source: at(CONTROLLER, 70, 3),
    },
    pageType(),
    tuple2Type(),
    {
      name: "Wrapper",
      origin: "hybrid",
      doc: "A generic hybrid type.",
      typeParameters: ["T"],
      properties: [
        prop("items", {
          kind: "array",
          element: { kind: "typeParameter", name: "T" },
        }),
        prop("byKey", {
          kind: "map",
          value: { kind: "typeParameter", name: "T" },
        }, true),
        prop("level", level),
        prop("example", longRef, true),
      ],
      source: at(CONTROLLER, 80, 3),
    },
  ],
};
