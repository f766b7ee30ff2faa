import assert from "node:assert/strict";
import type { ParameterModel } from "../../model/api_model.ts";
import { bindQueryObject } from "./bind_object.ts";

const filter: ParameterModel = {
  name: "filter",
  in: "query",
  wireName: "filter",
  type: { kind: "static", name: "Filter", args: [] },
  required: true,
  properties: [
    {
      name: "min",
      type: { kind: "primitive", name: "integer" },
      optional: true,
      constraints: { minimum: 1 },
    },
    { name: "order", type: { kind: "enum", name: "Order" }, optional: false },
  ],
};
const enums = new Map([["Order", new Set(["UP", "DOWN"])]]);

function query(values: Record<string, string[]>) {
  return (key: string) => values[key] ?? [];
}

Deno.test("bindQueryObject: present properties bound, absent ones left out", () => {
  assert.deepEqual(
    bindQueryObject(filter, query({ min: ["3"], order: ["UP"] }), enums),
    { ok: true, value: { min: 3, order: "UP" } },
  );
  assert.deepEqual(
    bindQueryObject(filter, query({ order: ["DOWN"] }), enums),
    { ok: true, value: { order: "DOWN" } },
  );
});

Deno.test("bindQueryObject: the property that does not fit is named", () => {
  assert.deepEqual(bindQueryObject(filter, query({}), enums), {
    ok: false,
    parameter: "order",
    message: "the query parameter order is required",
  });
  const low = bindQueryObject(
    filter,
    query({ min: ["0"], order: ["UP"] }),
    enums,
  );
  assert.equal(low.ok, false);
  assert.equal(!low.ok && low.parameter, "min");
});

Deno.test("bindQueryObject: an optional object without any key is undefined", () => {
  const optional = { ...filter, required: false };
  assert.deepEqual(bindQueryObject(optional, query({}), enums), {
    ok: true,
    value: undefined,
  });
  // One key present: the object is sent, and its required properties with it.
  assert.deepEqual(bindQueryObject(optional, query({ min: ["2"] }), enums), {
    ok: false,
    parameter: "order",
    message: "the query parameter order is required",
  });
});
