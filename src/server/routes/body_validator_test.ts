/**
 * Bodies of a discriminated union checked against the member their
 * discriminator names, each problem named in one line.
 */
import assert from "node:assert/strict";
import { unionModel } from "../../emit/testdata/union_model.ts";
import { bodyChecks } from "./body_validator.ts";

Deno.test("body checks: a union body fits the member its kind names", () => {
  const check = bodyChecks(unionModel).get("POST /shapes")!;
  assert.equal(check({ kind: "circle", radius: 1 }), undefined);
  assert.equal(check({ kind: "square", side: 2 }), undefined);
  assert.equal(
    check({ kind: "triangle" }),
    '/kind must be equal to one of the allowed values: "circle", "square"',
  );
  assert.equal(
    check({ radius: 1 }),
    "the body must have required property 'kind'",
  );
  assert.equal(
    check({ kind: "circle", side: 2 }),
    "the body must have required property 'radius'",
  );
  assert.equal(
    check({ kind: "square", side: 2, radius: 1 }),
    'the body must NOT have additional properties ("radius")',
  );
  assert.equal(check(null), "the body must be object");
});
