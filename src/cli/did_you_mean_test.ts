import assert from "node:assert/strict";
import { closestWord, editDistance } from "./did_you_mean.ts";

Deno.test("did you mean: typos find their word, strangers find none", () => {
  const options = ["project", "out", "target", "groups", "help", "force"];
  assert.equal(closestWord("projct", options), "project");
  assert.equal(closestWord("hepl", options), "help");
  assert.equal(closestWord("Target", options), "target");
  assert.equal(closestWord("frobnicate", options), undefined);
  assert.equal(closestWord("x", ["init", "api"]), undefined);
});

Deno.test("did you mean: edit distance counts a transposition once", () => {
  assert.equal(editDistance("help", "hepl"), 1);
  assert.equal(editDistance("", "abc"), 3);
  assert.equal(editDistance("kitten", "sitting"), 3);
});
