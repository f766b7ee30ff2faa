import assert from "node:assert/strict";
import { sampleModel } from "../emit/testdata/sample_model.ts";
import { emptyModel } from "./api_model.ts";
import { ApiModelError, parseApiModel } from "./parse_api_model.ts";

Deno.test("parse model: a written model reads back equal", () => {
  assert.deepEqual(parseApiModel(JSON.stringify(sampleModel)), sampleModel);
  assert.deepEqual(parseApiModel(JSON.stringify(emptyModel())), emptyModel());
});

Deno.test("parse model: another version or layout is one clear error", () => {
  const cases: [string, RegExp][] = [
    ["{", /^not an API model: /],
    ["[]", /^not an API model: expected a JSON object$/],
    [
      JSON.stringify({ ...emptyModel(), version: 2 }),
      /^API model version 2, expected 1: regenerate it/,
    ],
    [JSON.stringify({ groups: [] }), /^API model version undefined, expected/],
    [
      JSON.stringify({ ...emptyModel(), enums: {} }),
      /^not an API model: "enums" is not a list$/,
    ],
  ];
  for (const [json, message] of cases) {
    assert.throws(
      () => parseApiModel(json),
      (error: Error) =>
        error instanceof ApiModelError && message.test(error.message),
      json,
    );
  }
});
