/**
 * A hand-written ApiModel with a discriminated union, for the emitters'
 * unit tests: `Shape = Circle | Square` on `kind`, returned maybe absent,
 * sent as a body, and held by `Drawing` both as a described field and as an
 * optional one (written `nullable` in null render mode).
 *
 * @module
 */

import type {
  ApiModel,
  StaticTypeModel,
  TypeRef,
} from "../../model/api_model.ts";
import { at, number, prop, string } from "./model_builders.ts";

const shape: TypeRef = { kind: "static", name: "Shape", args: [] };
const drawing: TypeRef = { kind: "static", name: "Drawing", args: [] };

/** A member of `Shape` whose `kind` is `value`. */
const member = (
  name: string,
  value: string,
  size: string,
): StaticTypeModel => ({
  name,
  origin: "plain",
  typeParameters: [],
  properties: [prop("kind", string), prop(size, number, false, "Size.")],
  source: at("shapes.ts", 1),
  discriminator: { property: "kind", value },
});

/** One service: `GET /shapes/{id}` (maybe absent), `POST /shapes` (a body). */
export const unionModel: ApiModel = {
  version: 1,
  groups: [],
  services: [{
    name: "ShapeService",
    controller: "ShapeController",
    source: at("shapes.ts", 20),
    operations: [
      {
        name: "findShape",
        httpMethod: "GET",
        path: "/shapes/{id}",
        groups: [],
        parameters: [{
          name: "id",
          in: "path",
          wireName: "id",
          type: string,
          required: true,
        }],
        result: { type: shape, nullable: true },
        source: at("shapes.ts", 22),
      },
      {
        name: "draw",
        httpMethod: "POST",
        path: "/shapes",
        groups: [],
        parameters: [{
          name: "shape",
          in: "body",
          wireName: "shape",
          type: shape,
          required: true,
        }],
        result: { type: drawing, nullable: false },
        source: at("shapes.ts", 30),
      },
    ],
  }],
  dtos: [],
  dynamicEntities: [],
  enums: [],
  staticTypes: [
    member("Circle", "circle", "radius"),
    {
      name: "Drawing",
      origin: "plain",
      typeParameters: [],
      properties: [
        prop("main", shape, false, "The main shape."),
        prop("extra", shape, true),
      ],
      source: at("shapes.ts", 10),
    },
    {
      name: "Shape",
      origin: "plain",
      doc: "A circle or a square.",
      typeParameters: [],
      properties: [],
      source: at("shapes.ts", 5),
      union: {
        discriminator: "kind",
        members: [
          { value: "circle", name: "Circle" },
          { value: "square", name: "Square" },
        ],
      },
    },
    member("Square", "square", "side"),
  ],
};
