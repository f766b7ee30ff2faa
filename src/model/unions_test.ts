import assert from "node:assert/strict";
import type { StaticTypeModel } from "./api_model.ts";
import { unionMemberOf, unionMembers } from "./unions.ts";

const PROMOTION: StaticTypeModel = {
  name: "Promotion",
  origin: "plain",
  typeParameters: [],
  properties: [],
  union: {
    discriminator: "kind",
    members: [
      { value: "percent", name: "PercentOff" },
      { value: "fixed", name: "FixedOff" },
    ],
  },
};

Deno.test("unionMembers: the members as references, none for a plain type", () => {
  assert.deepEqual(unionMembers(PROMOTION), [
    { kind: "static", name: "PercentOff", args: [] },
    { kind: "static", name: "FixedOff", args: [] },
  ]);
  assert.deepEqual(unionMembers({}), []);
});

Deno.test("unionMemberOf: the member a value's discriminator names", () => {
  const union = PROMOTION.union!;
  assert.deepEqual(unionMemberOf(union, { kind: "fixed", amount: 1 }), {
    kind: "static",
    name: "FixedOff",
    args: [],
  });
  assert.equal(unionMemberOf(union, { kind: "other" }), undefined);
  assert.equal(unionMemberOf(union, {}), undefined);
  assert.equal(unionMemberOf(union, null), undefined);
  assert.equal(unionMemberOf(union, "fixed"), undefined);
});
