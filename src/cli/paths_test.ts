import assert from "node:assert/strict";
import { displayPath } from "./paths.ts";

Deno.test("paths: inside the working directory relative, outside absolute", () => {
  assert.equal(displayPath("/work/p/src/a.ts", "/work/p"), "src/a.ts");
  assert.equal(displayPath("src/../b.ts", "/work/p"), "b.ts");
  assert.equal(displayPath("/work/p", "/work/p"), ".");
  assert.equal(displayPath("/tmp/out", "/work/p"), "/tmp/out");
  assert.equal(displayPath("../q/x.ts", "/work/p"), "/work/q/x.ts");
});
