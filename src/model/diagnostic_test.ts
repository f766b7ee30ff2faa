import assert from "node:assert/strict";
import { type Diagnostic, formatDiagnostic } from "./diagnostic.ts";

const at = { code: "TAILOR002", file: "a.ts", line: 3, column: 5 };

Deno.test("diagnostic: an error, with its hint on a second line", () => {
  const error: Diagnostic = { ...at, message: "vague", hint: "name a type" };
  assert.equal(
    formatDiagnostic(error),
    "a.ts:3:5 - error TAILOR002: vague\n  hint: name a type",
  );
});

Deno.test("diagnostic: a warning says so", () => {
  assert.equal(
    formatDiagnostic({ ...at, severity: "warning", message: "not enabled" }),
    "a.ts:3:5 - warning TAILOR002: not enabled",
  );
});
