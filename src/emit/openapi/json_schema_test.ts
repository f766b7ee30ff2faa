/**
 * `toJsonSchema` of a discriminated union: the discriminator required and
 * one of the mapped values, each value's member applied by `if`/`then`, and
 * `null` beside it when the union is `nullable`.
 */
import assert from "node:assert/strict";
import { COMPONENTS_ID, toJsonSchema } from "./json_schema.ts";

const UNION = {
  oneOf: [
    { $ref: "#/components/schemas/Circle" },
    { $ref: "#/components/schemas/Square" },
  ],
  discriminator: {
    propertyName: "kind",
    mapping: {
      circle: "#/components/schemas/Circle",
      square: "#/components/schemas/Square",
    },
  },
};

const CONVERTED = {
  type: "object",
  required: ["kind"],
  properties: { kind: { enum: ["circle", "square"] } },
  allOf: ["circle", "square"].map((value) => ({
    if: { required: ["kind"], properties: { kind: { const: value } } },
    then: {
      $ref: `${COMPONENTS_ID}#/definitions/${
        value === "circle" ? "Circle" : "Square"
      }`,
    },
  })),
};

Deno.test("toJsonSchema: a discriminated union selects its member by the discriminator", () => {
  assert.deepEqual(toJsonSchema(UNION), CONVERTED);
  assert.deepEqual(
    toJsonSchema({ description: "A shape.", ...UNION }),
    CONVERTED,
  );
});

Deno.test("toJsonSchema: a nullable discriminated union admits null", () => {
  assert.deepEqual(
    toJsonSchema({ type: "object", ...UNION, nullable: true }),
    { anyOf: [CONVERTED, { type: "null" }] },
  );
});

Deno.test("toJsonSchema: a oneOf without a discriminator mapping stays a oneOf", () => {
  const plain = { oneOf: UNION.oneOf };
  assert.deepEqual(toJsonSchema(plain), {
    oneOf: [
      { $ref: `${COMPONENTS_ID}#/definitions/Circle` },
      { $ref: `${COMPONENTS_ID}#/definitions/Square` },
    ],
  });
});
