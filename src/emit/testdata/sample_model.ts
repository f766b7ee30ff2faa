/**
 * A hand-written ApiModel covering every TypeRef kind, for emitter unit tests
 * that must not depend on the analyzer. Golden tests use the analyzer's real
 * models of the fixtures instead.
 *
 * @module
 */

import type { ApiModel } from "../../model/api_model.ts";
import {
  at,
  integer,
  number,
  object,
  pageType,
  pathParam,
  prop,
  string,
  tuple2Type,
} from "./model_builders.ts";

/** The shape of TREE_FETCHER, the same on every level of the recursion. */
const treeNode = object("TreeNode", [
  prop("id", integer),
  prop("name", string),
  prop("childNodes", {
    kind: "array",
    element: {
      kind: "fetched",
      entity: "TreeNode",
      key: "TreeController/TREE_FETCHER@childNodes",
    },
  }, true),
]);

/** The bookstore of the spec plus a recursive tree, a Tuple2, a map and a body. */
export const sampleModel: ApiModel = {
  version: 1,
  groups: ["admin", "shop"],
  services: [
    {
      name: "BookService",
      controller: "BookController",
      doc: "Books of the store: listing and details.",
      source: at("book_controller.ts", 17, 14),
      operations: [
        {
          name: "findBooks",
          httpMethod: "GET",
          path: "/books",
          doc: "Lists books, one page at a time.",
          groups: ["shop"],
          parameters: [
            {
              name: "pageIndex",
              in: "query",
              wireName: "pageIndex",
              type: integer,
              required: false,
              defaultValue: 0,
              doc: "Index of the page, from 0.",
            },
            {
              name: "sortCode",
              in: "query",
              wireName: "sortCode",
              type: string,
              required: false,
              defaultValue: "name asc, edition desc",
            },
            {
              name: "tags",
              in: "query",
              wireName: "tags",
              type: { kind: "array", element: string },
              required: false,
            },
          ],
          result: {
            type: {
              kind: "static",
              name: "Page",
              args: [{
                kind: "fetched",
                entity: "Book",
                key: "BookController/SIMPLE_FETCHER",
              }],
            },
            nullable: false,
          },
          source: at("book_controller.ts", 40, 14),
        },
        {
          name: "findBook",
          httpMethod: "GET",
          path: "/book/{id}",
          doc: "Finds one book with its store and authors.",
          groups: ["shop"],
          parameters: [pathParam("id", integer, "Identifier of the book.")],
          result: {
            type: {
              kind: "fetched",
              entity: "Book",
              key: "BookController/COMPLEX_FETCHER",
            },
            nullable: true,
          },
          source: at("book_controller.ts", 60, 14),
        },
        {
          name: "saveBook",
          httpMethod: "PUT",
          path: "/book/{id}",
          groups: ["admin"],
          parameters: [
            pathParam("id", integer),
            {
              name: "input",
              in: "body",
              wireName: "body",
              type: { kind: "static", name: "BookInput", args: [] },
              required: true,
            },
            {
              name: "requestId",
              in: "header",
              wireName: "x-request-id",
              type: string,
              required: false,
            },
          ],
          result: { type: { kind: "void" }, nullable: false },
          source: at("book_controller.ts", 80, 14),
        },
      ],
    },
    {
      name: "TreeService",
      controller: "TreeController",
      source: at("tree_controller.ts", 10, 14),
      operations: [
        {
          name: "findTree",
          httpMethod: "GET",
          path: "/tree/{rootId}",
          groups: [],
          parameters: [pathParam("rootId", integer)],
          result: {
            type: {
              kind: "fetched",
              entity: "TreeNode",
              key: "TreeController/TREE_FETCHER",
            },
            nullable: true,
          },
          source: at("tree_controller.ts", 20, 14),
        },
        {
          name: "pairs",
          httpMethod: "GET",
          path: "/tree/pairs",
          groups: [],
          parameters: [],
          result: {
            type: {
              kind: "map",
              value: {
                kind: "static",
                name: "Tuple2",
                args: [
                  {
                    kind: "fetched",
                    entity: "TreeNode",
                    key: "TreeController/TREE_FETCHER",
                  },
                  { kind: "dynamic", entity: "TreeNode" },
                ],
              },
            },
            nullable: false,
          },
          source: at("tree_controller.ts", 30, 14),
        },
        {
          name: "hello",
          httpMethod: "GET",
          path: "/hello",
          groups: [],
          parameters: [],
          result: { type: string, nullable: false },
          source: at("tree_controller.ts", 40, 14),
        },
      ],
    },
  ],
  dtos: [
    {
      entity: "Book",
      doc: "A book, in one edition.",
      shapes: [
        {
          key: "BookController/COMPLEX_FETCHER",
          owner: "BookController",
          fetcher: "COMPLEX_FETCHER",
          doc: "The detail shape.",
          source: at("book_controller.ts", 12, 14),
          type: object("Book", [
            prop("id", integer),
            prop("name", string, false, "Title of the book."),
            prop("price", number),
            prop(
              "store",
              object("BookStore", [
                prop("id", integer),
                prop("name", string),
                prop("website", string, true),
              ]),
              true,
              "The store selling the book, if any.",
            ),
            prop("authors", {
              kind: "array",
              element: object("Author", [
                prop("id", integer),
                prop("gender", { kind: "enum", name: "Gender" }),
              ]),
            }),
          ]),
        },
        {
          key: "BookController/SIMPLE_FETCHER",
          owner: "BookController",
          fetcher: "SIMPLE_FETCHER",
          source: at("book_controller.ts", 9, 14),
          type: object("Book", [prop("id", integer), prop("name", string)]),
        },
      ],
    },
    {
      entity: "TreeNode",
      shapes: [
        {
          key: "TreeController/TREE_FETCHER",
          owner: "TreeController",
          fetcher: "TREE_FETCHER",
          source: at("tree_controller.ts", 5, 14),
          type: treeNode,
        },
        {
          key: "TreeController/TREE_FETCHER@childNodes",
          owner: "TreeController",
          fetcher: "TREE_FETCHER",
          path: "childNodes",
          source: at("tree_controller.ts", 5, 14),
          type: treeNode,
        },
      ],
    },
  ],
  dynamicEntities: [{
    entity: "TreeNode",
    doc: "A node of a category tree.",
    properties: [
      prop("id", integer, true),
      prop("name", string, true),
      prop("parent", { kind: "dynamic", entity: "TreeNode" }, true),
      prop("childNodes", {
        kind: "array",
        element: { kind: "dynamic", entity: "TreeNode" },
      }, true),
    ],
  }],
  enums: [{
    name: "Gender",
    doc: "Gender of an author.",
    values: [{ value: "MALE", doc: "Male." }, { value: "FEMALE" }],
  }],
  staticTypes: [
    {
      name: "BookInput",
      origin: "plain",
      doc: "A book to save.",
      typeParameters: [],
      properties: [
        prop("name", string),
        prop("storeId", integer, true, "Store selling it."),
      ],
      source: at("book_controller.ts", 3, 14),
    },
    pageType("One page of a listing."),
    tuple2Type("A pair of values."),
  ],
};
