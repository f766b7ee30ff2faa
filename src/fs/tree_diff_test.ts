import assert from "node:assert/strict";
import { compareTrees } from "./tree_diff.ts";

Deno.test("tree diff: equal trees have no report", () => {
  const tree = new Map([["a.ts", "x\n"]]);
  assert.equal(compareTrees(tree, new Map(tree)), undefined);
});

Deno.test("tree diff: missing, extra and changed files, the first one diffed", () => {
  const report = compareTrees(
    new Map([["gone.ts", "1\n"], ["same.ts", "s\n"], ["b.ts", "old\n"]]),
    new Map([["new.ts", "2\n"], ["same.ts", "s\n"], ["b.ts", "new\n"]]),
    { expected: "want", actual: "got" },
  );
  assert.ok(report !== undefined);
  const lines = report.split("\n");
  assert.deepEqual(lines.slice(0, 3), [
    "only in want: gone.ts",
    "only in got: new.ts",
    "changed: b.ts",
  ]);
  assert.ok(lines.includes("-old") && lines.includes("+new"), report);
  assert.ok(report.includes("--- want/b.ts"), report);
});
