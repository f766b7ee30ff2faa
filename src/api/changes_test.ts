import assert from "node:assert/strict";
import { MARKER_FILE } from "../fs/output_guard.ts";
import { compareFiles, listChanges, summarizeChanges } from "./changes.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test("changes: added, changed and removed paths, marker ignored", () => {
  const changes = compareFiles(
    new Map([["same.ts", "s"], ["edit.ts", "1"], ["gone.ts", "g"], [
      MARKER_FILE,
      "",
    ]]),
    new Map([["same.ts", bytes("s")], ["edit.ts", bytes("2")], [
      "new.ts",
      bytes("n"),
    ]]),
  );
  assert.deepEqual(changes, {
    added: ["new.ts"],
    changed: ["edit.ts"],
    removed: ["gone.ts"],
  });
  assert.equal(summarizeChanges(changes), "1 added, 1 changed, 1 removed");
  assert.deepEqual(listChanges(changes), [
    "  + new.ts",
    "  ~ edit.ts",
    "  - gone.ts",
  ]);
});

Deno.test("changes: long lists are cut", () => {
  const after = new Map(
    Array.from({ length: 25 }, (_, i) => [`f${i}`, bytes("")]),
  );
  const lines = listChanges(compareFiles(new Map(), after));
  assert.equal(lines.length, 21);
  assert.equal(lines.at(-1), "  ... and 5 more");
});
