import assert from "node:assert/strict";
import { builderProblem } from "./evaluate.ts";
import { builder } from "./testdata/builder.ts";

Deno.test("evaluate: a builder has fetcher, embeddable, fetcherText and fetcherId; a module without them is named so", () => {
  assert.equal(builderProblem(builder), undefined);
  assert.equal(
    builderProblem({ fetcher: () => {}, fetcherId: "no" }),
    "lacks embeddable(), fetcherText(), fetcherId()",
  );
});
