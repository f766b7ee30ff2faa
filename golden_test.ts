/**
 * Golden files: the ApiModel (`model.json`) and every text artifact of every
 * fixture are pinned under `golden/<fixture>/`, the files an option changes
 * under `golden/options/<name>/`, and what the CLI prints for each error
 * fixture (messages and hints) under `golden/diagnostics/`.
 * `deno task golden` rewrites them; the diff is reviewed like code.
 */

import assert from "node:assert/strict";
import { basename, resolve } from "node:path";
import { analyzeProject } from "./src/analyze/analyze.ts";
import { type ClientConfig, loadConfig } from "./src/config/config.ts";
import { readTree } from "./src/fs/tree.ts";
import { formatDiagnostic } from "./src/model/diagnostic.ts";
import { withUriPrefix } from "./src/model/uri_prefix.ts";
import { projectModel } from "./src/pipeline.ts";
import { renderArtifacts } from "./src/render/render_artifacts.ts";
import { assertGoldenTree, readGoldenModel } from "./src/testing/golden.ts";

/** Fixtures whose model and generated output are pinned. */
export const GOLDEN_FIXTURES = ["bookstore", "treeshop"] as const;

/**
 * Settings pinned on a fixture: under `golden/options/<name>/`, the files
 * that differ from the fixture's own golden tree (the rest must not).
 */
const OPTION_GOLDENS: readonly {
  readonly name: string;
  readonly fixture: typeof GOLDEN_FIXTURES[number];
  readonly config: Partial<ClientConfig>;
}[] = [
  {
    name: "treeshop_uri_prefix",
    fixture: "treeshop",
    config: { uriPrefix: "/api/v1" },
  },
  {
    name: "bookstore_ts_mutable",
    fixture: "bookstore",
    config: { tsMutable: true },
  },
  {
    name: "bookstore_ts_api_name",
    fixture: "bookstore",
    config: { tsApiName: "BookStoreApi" },
  },
];

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

for (const { name, fixture, config } of OPTION_GOLDENS) {
  Deno.test(`golden: ${fixture} with ${JSON.stringify(config)}`, async () => {
    const project = `fixtures/${fixture}`;
    const settings = { ...await loadConfig(project), ...config };
    const model = await readGoldenModel(fixture);
    const plain = await readTree(`golden/${fixture}`);
    const files = renderArtifacts(
      withUriPrefix(model, settings.uriPrefix),
      settings,
      basename(resolve(project)),
    );
    const changed = new Map(
      [...files].filter(([path, text]) => plain.get(path) !== text),
    );
    assert.ok(changed.size > 0, `${name} changes nothing`);
    await assertGoldenTree(`golden/options/${name}`, changed);
  });
}

Deno.test("golden: what the CLI prints for every error fixture", async () => {
  const files = new Map<string, string>();
  for await (const entry of Deno.readDir("fixtures/errors")) {
    if (!entry.isDirectory) continue;
    const result = await analyzeProject(`fixtures/errors/${entry.name}`);
    const diagnostics = result.ok ? result.warnings : result.diagnostics;
    files.set(
      `${entry.name}.txt`,
      diagnostics.map((d) => formatDiagnostic(d) + "\n").join(""),
    );
  }
  await assertGoldenTree("golden/diagnostics", files);
});
