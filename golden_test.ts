/**
 * Golden files: the ApiModel (`model.json`) and every text artifact of every
 * fixture are pinned under `golden/<fixture>/`. `deno task golden` rewrites
 * them; the diff is reviewed like code.
 */

import assert from "node:assert/strict";
import { basename, resolve } from "node:path";
import { loadConfig } from "./src/config/config.ts";
import { projectModel, renderArtifacts } from "./src/pipeline.ts";
import { assertGoldenTree } from "./src/testing/golden.ts";

/** Fixtures whose model and generated output are pinned. */
export const GOLDEN_FIXTURES = ["bookstore", "treeshop"] as const;

for (const fixture of GOLDEN_FIXTURES) {
  Deno.test(`golden: ${fixture}`, async () => {
    const project = `fixtures/${fixture}`;
    // The fixtures are type-checked by fixtures/fixtures_check_test.ts.
    const result = await projectModel(project, { typeCheck: false });
    if (!result.ok) assert.fail(JSON.stringify(result, null, 2));
    assert.deepEqual(result.warnings, []);
    const files = renderArtifacts(
      result.model,
      await loadConfig(project),
      basename(resolve(project)),
    );
    await assertGoldenTree(`golden/${fixture}`, files);
  });
}
