/**
 * An ApiModel full of names that are hard for Java: keywords, reserved
 * member names, characters outside identifiers, types that shadow `String`,
 * `List` or `Nullable`, nested records that would repeat an enclosing name,
 * and docs and literals with comment terminators, HTML and escapes. The
 * generated Java must still compile (see javac_test.ts).
 *
 * @module
 */

import type { ApiModel } from "../../../model/api_model.ts";
import {
  at,
  boolean,
  inlineObject,
  integer,
  number,
  object,
  pathParam,
  prop,
  string,
} from "../../testdata/model_builders.ts";

/** Where everything of the model is declared. */
const source = at("weird/controller.ts", 1);

/** A nasty doc comment. */
export const NASTY_DOC = [
  "Ends a comment */ too early, has <b>HTML</b> & entities,",
  "@param tags, {@link Foo} inline tags, \\u000a escapes and \u20ac.",
  "",
  "A second paragraph.",
  "",
  "Control characters\u0001 0\u0002 are dropped.",
].join("\n");

const parentChain = object("Node", [
  prop("id", integer),
  prop(
    "parent",
    object("Node", [
      prop("id", integer),
      prop("parent", object("Node", [prop("id", integer)]), true),
    ]),
    true,
  ),
]);

/** The recursive children of a node, on both levels of its shape. */
const children = prop("children", {
  kind: "array",
  element: {
    kind: "fetched",
    entity: "Node",
    key: "Weird/NODE@children.items",
  },
}, true);

/** The nasty model. */
export const nastyModel: ApiModel = {
  version: 1,
  groups: [],
  services: [{
    name: "Weird-Service",
    controller: "WeirdController",
    doc: NASTY_DOC,
    source,
    operations: [
      {
        name: "default",
        httpMethod: "GET",
        path: '/weird/"quoted"\\path/{class}',
        doc: NASTY_DOC,
        groups: [],
        parameters: [
          pathParam("class", string, "The */ class."),
          {
            name: "a-b",
            in: "query",
            wireName: "a-b",
            type: integer,
            required: false,
            defaultValue: 'line\nbreak "quoted"\ttab\u0001',
          },
          {
            name: "a_b",
            in: "query",
            wireName: "a_b",
            type: { kind: "enum", name: "String" },
            required: true,
          },
          {
            name: "tenant",
            in: "header",
            wireName: "tenant",
            type: string,
            required: true,
          },
        ],
        result: {
          type: {
            kind: "map",
            value: {
              kind: "map",
              value: {
                kind: "fetched",
                entity: "Node",
                key: "Weird/NODE",
              },
            },
          },
          nullable: false,
        },
        source,
      },
      {
        name: "hashCode",
        httpMethod: "POST",
        path: "/weird/inline",
        groups: [],
        parameters: [{
          name: "body",
          in: "body",
          wireName: "body",
          type: inlineObject([
            prop("default", string),
            prop("n", number, true),
          ]),
          required: false,
        }],
        result: {
          type: inlineObject([
            prop("ok", boolean),
            prop("list", {
              kind: "static",
              name: "List",
              args: [string],
            }),
          ]),
          nullable: true,
        },
        source,
      },
      {
        name: "wait",
        httpMethod: "PATCH",
        path: "/weird/count",
        groups: [],
        parameters: [],
        result: { type: integer, nullable: true },
        source,
      },
      {
        name: "remove",
        httpMethod: "DELETE",
        path: "/weird/{id}",
        groups: [],
        parameters: [pathParam("id", integer)],
        result: { type: { kind: "void" }, nullable: false },
        source,
      },
      {
        name: "nullable",
        httpMethod: "PUT",
        path: "/weird/nullable",
        groups: [],
        parameters: [{
          name: "value",
          in: "body",
          wireName: "body",
          type: { kind: "static", name: "Nullable", args: [] },
          required: true,
        }],
        result: {
          type: { kind: "dynamic", entity: "Node" },
          nullable: true,
        },
        source,
      },
    ],
  }, {
    // Sorted after "Weird-Service"; both sanitize to Weird_Service.
    name: "Weird_Service",
    controller: "OtherController",
    source,
    operations: [],
  }],
  dtos: [{
    entity: "Node",
    doc: NASTY_DOC,
    shapes: [
      {
        key: "Weird/NODE",
        owner: "Weird",
        fetcher: "NODE",
        doc: NASTY_DOC,
        source,
        type: inlineObject([
          prop("id", integer),
          prop("default", string, false, NASTY_DOC),
          prop("hashCode", integer, true),
          prop("_", string, true),
          prop("1st", boolean),
          prop("a b", string),
          prop("a_b", string),
          prop("\u540d\u524d", string),
          prop("$ref", string, true),
          prop("kind", { kind: "enum", name: "String" }),
          prop("chain", parentChain, true),
          prop("page", object("Node", [prop("rows", integer)]), true),
          prop("pages", {
            kind: "static",
            name: "Page",
            args: [{ kind: "fetched", entity: "Node", key: "Weird/NODE" }],
          }, true),
          prop("nodeDto", object("Node", [prop("id", integer)]), true),
          children,
        ]),
      },
      {
        key: "Weird/NODE@children.items",
        owner: "Weird",
        fetcher: "NODE",
        path: "children.items",
        source,
        type: inlineObject([
          prop("id", integer),
          children,
        ]),
      },
    ],
  }],
  dynamicEntities: [{
    entity: "Node",
    properties: [
      prop("id", integer),
      prop("class", string, true),
      prop("parent", { kind: "dynamic", entity: "Node" }, true),
    ],
  }],
  enums: [
    {
      name: "String",
      doc: "An enum whose name shadows java.lang.String.",
      values: [
        { value: "in-progress", doc: "Hyphenated." },
        { value: "class" },
        { value: "1st" },
        { value: "_" },
        { value: "OK" },
      ],
    },
    { name: "yield", values: [] },
  ],
  staticTypes: [
    {
      name: "List",
      origin: "plain",
      typeParameters: ["E"],
      properties: [
        prop("items", {
          kind: "array",
          element: { kind: "typeParameter", name: "E" },
        }),
        prop("text", string),
      ],
      source,
    },
    {
      name: "Nullable",
      origin: "plain",
      doc: "A type whose name shadows the annotation.",
      typeParameters: [],
      properties: [prop("value", string, true), prop("count", integer, true)],
      source,
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
      ],
    },
    {
      name: "list",
      origin: "plain",
      doc: "Differs from List only in case: must not share its file name.",
      typeParameters: [],
      properties: [],
      source,
    },
    {
      name: "var",
      origin: "plain",
      typeParameters: [],
      properties: [prop("string", string), prop("record", string)],
      source,
    },
  ],
};
