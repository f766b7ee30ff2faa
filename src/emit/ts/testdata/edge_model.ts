/**
 * An ApiModel of awkward cases for the TypeScript emitter: names long enough
 * to make the formatter wrap, quoted property names, doc comments with `*\/`
 * and blank lines, every parameter location and type, every HTTP method,
 * nested maps, a generic hybrid type, empty types and a service without
 * operations.
 *
 * @module
 */

import type {
  ApiModel,
  ObjectTypeRef,
  PropertyModel,
  SourceLocation,
  TypeRef,
} from "../../../model/api_model.ts";

const at = (line: number): SourceLocation => ({
  file: "src/warehouse/inventory_controller.ts",
  line,
  column: 3,
});
const integer: TypeRef = { kind: "primitive", name: "integer" };
const number: TypeRef = { kind: "primitive", name: "number" };
const string: TypeRef = { kind: "primitive", name: "string" };
const boolean: TypeRef = { kind: "primitive", name: "boolean" };
const prop = (
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
const object = (
  entity: string,
  properties: PropertyModel[],
): ObjectTypeRef => ({ kind: "object", entity, properties });

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
      source: at(1),
      operations: [],
    },
    {
      name: "InternationalWarehouseInventoryService",
      controller: "InternationalWarehouseInventoryController",
      doc:
        "Inventory of all warehouses.\n\nSecond paragraph, with a `*/` inside.",
      source: at(10),
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
          source: at(20),
        },
        {
          name: "delete",
          httpMethod: "DELETE",
          path: "/weird`path/a\\b/{id}${part}",
          groups: [],
          parameters: [
            {
              name: "id",
              in: "path",
              wireName: "id",
              type: integer,
              required: true,
            },
            {
              name: "part",
              in: "path",
              wireName: "part",
              type: level,
              required: true,
            },
          ],
          result: { type: boolean, nullable: true },
          source: at(30),
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
          source: at(40),
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
          source: at(50),
        },
        {
          name: "replace",
          httpMethod: "PUT",
          path: "/items/{id}",
          groups: [],
          parameters: [{
            name: "id",
            in: "path",
            wireName: "id",
            type: integer,
            required: true,
          }],
          result: { type: { kind: "void" }, nullable: false },
          source: at(60),
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
        source: at(5),
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
        source: at(6),
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
      source: at(70),
    },
    {
      name: "Page",
      origin: "builtin",
      typeParameters: ["T"],
      properties: [
        prop("rows", {
          kind: "array",
          element: { kind: "typeParameter", name: "T" },
        }),
        prop("totalRowCount", integer),
        prop("totalPageCount", integer),
      ],
    },
    {
      name: "Tuple2",
      origin: "builtin",
      typeParameters: ["A", "B"],
      properties: [
        prop("_1", { kind: "typeParameter", name: "A" }),
        prop("_2", { kind: "typeParameter", name: "B" }),
      ],
    },
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
      source: at(80),
    },
  ],
};
