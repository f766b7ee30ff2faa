/**
 * Determinism of the analyzer. The models themselves are pinned as
 * golden/<fixture>/model.json by golden_test.ts at the project root.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { analyzeProject } from "./analyze.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

async function modelJson(fixture: string): Promise<string> {
  const result = await analyzeProject(`${ROOT}fixtures/${fixture}`);
  if (!result.ok) assert.fail(JSON.stringify(result.diagnostics, null, 2));
  return JSON.stringify(result.model, null, 2) + "\n";
}

Deno.test("analyzing twice gives byte-identical JSON", async () => {
  for (const fixture of ["bookstore", "treeshop"]) {
    assert.equal(await modelJson(fixture), await modelJson(fixture));
  }
});
