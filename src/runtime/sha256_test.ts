import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { sha256Hex } from "./sha256.ts";

Deno.test("sha256Hex agrees with node:crypto at every padding boundary", () => {
  const texts = [
    "",
    "abc",
    "{ id name }",
    "é漢字🙂".repeat(50),
    "\ud800x\udc00",
  ];
  for (let n = 50; n <= 130; n++) texts.push("x".repeat(n));
  for (const text of texts) {
    assert.equal(
      sha256Hex(text),
      createHash("sha256").update(text, "utf8").digest("hex"),
      `length ${text.length}`,
    );
  }
});
