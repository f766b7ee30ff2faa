import assert from "node:assert/strict";
import type { TypeRef } from "./api_model.ts";
import { substituteTypeParameters } from "./type_refs.ts";

const T: TypeRef = { kind: "typeParameter", name: "T" };
const string: TypeRef = { kind: "primitive", name: "string" };

Deno.test("type refs: type parameters are replaced everywhere they stand", () => {
  const type: TypeRef = {
    kind: "object",
    properties: [
      { name: "rows", type: { kind: "array", element: T }, optional: false },
      { name: "byKey", type: { kind: "map", value: T }, optional: true },
      {
        name: "page",
        type: { kind: "static", name: "Page", args: [T] },
        optional: false,
      },
    ],
  };
  assert.deepEqual(
    substituteTypeParameters(type, new Map([["T", string]])),
    {
      kind: "object",
      properties: [
        {
          name: "rows",
          type: { kind: "array", element: string },
          optional: false,
        },
        { name: "byKey", type: { kind: "map", value: string }, optional: true },
        {
          name: "page",
          type: { kind: "static", name: "Page", args: [string] },
          optional: false,
        },
      ],
    },
  );
});

Deno.test("type refs: an unbound type parameter is refused", () => {
  assert.throws(
    () => substituteTypeParameters(T, new Map([["U", string]])),
    /unbound type parameter T/,
  );
  assert.equal(substituteTypeParameters(T, new Map()), T);
});
