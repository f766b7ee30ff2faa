import assert from "node:assert/strict";
import type { ParameterModel } from "./api_model.ts";
import { flattenQuery } from "./query_object.ts";

const filter: ParameterModel = {
  name: "filter",
  in: "query",
  wireName: "filter",
  type: { kind: "static", name: "Filter", args: [] },
  required: true,
  doc: "The form.",
  properties: [
    {
      name: "name",
      type: { kind: "primitive", name: "string" },
      optional: true,
      doc: "Part of the name.",
      constraints: { maxLength: 5 },
    },
    { name: "order", type: { kind: "enum", name: "Order" }, optional: false },
  ],
};

Deno.test("flattenQuery: a simple parameter is itself", () => {
  const page: ParameterModel = {
    name: "page",
    in: "query",
    wireName: "p",
    type: { kind: "primitive", name: "integer" },
    required: false,
  };
  assert.deepEqual(flattenQuery(page), [page]);
});

Deno.test("flattenQuery: one parameter per property, named after it", () => {
  assert.deepEqual(flattenQuery(filter), [
    {
      name: "name",
      in: "query",
      wireName: "name",
      type: { kind: "primitive", name: "string" },
      required: false,
      doc: "Part of the name.",
      constraints: { maxLength: 5 },
    },
    {
      name: "order",
      in: "query",
      wireName: "order",
      type: { kind: "enum", name: "Order" },
      required: true,
    },
  ]);
});

Deno.test("flattenQuery: no property is required of an optional object", () => {
  const optional = flattenQuery({ ...filter, required: false });
  assert.deepEqual(optional.map((p) => p.required), [false, false]);
});
