import assert from "node:assert/strict";
import { ArtifactRenderer, incrementalRenderer } from "./artifact_renderer.ts";
import { analyzeProject } from "../analyze/analyze.ts";
import { type ClientConfig, loadConfig } from "../config/config.ts";
import type { ApiModel } from "../model/api_model.ts";
import { type ArtifactTarget, renderArtifacts } from "./render_artifacts.ts";
import { readGoldenModel } from "../testing/golden.ts";
import { MODEL_EDITS } from "../testing/model_edits.ts";
import { mulberry32 } from "../testing/random.ts";
import { writeSyntheticProject } from "../testing/synthetic_project.ts";

const TARGETS: readonly ArtifactTarget[] = ["all", "ts", "java", "openapi"];

/** Option combinations besides a project's own configuration. */
const OPTIONS: readonly Partial<ClientConfig>[] = [
  {},
  {
    tsImportExtension: "js",
    tsEnumStyle: "enum-like",
    tsNullRenderMode: "null",
    javaBasePackage: "org.example.api",
  },
  {
    tsImportExtension: "none",
    openapiExtras: { servers: [{ url: "https://api.example.com" }] },
  },
];

/** Fails naming the first file that differs from a full render. */
function assertSameFiles(
  actual: Map<string, string>,
  expected: Map<string, string>,
  what: string,
): void {
  assert.deepEqual([...actual.keys()], [...expected.keys()], `${what}: paths`);
  for (const [path, text] of expected) {
    if (actual.get(path) !== text) {
      assert.equal(actual.get(path), text, `${what}: ${path}`);
    }
  }
}

/** What `render` returns, or the error it throws. */
function outcome(
  render: () => Map<string, string>,
): Map<string, string> | Error {
  try {
    return render();
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
}

/**
 * Renders `model`, then every edit of it, and the edits of the edits, then
 * a random walk of edits, with one renderer, comparing each result with a
 * full render.
 */
function assertIncremental(
  model: ApiModel,
  config: ClientConfig,
  target: ArtifactTarget,
  label: string,
): number {
  const renderer = new ArtifactRenderer(config, "project", target);
  const check = (m: ApiModel, what: string) => {
    const expected = outcome(() =>
      renderArtifacts(m, config, "project", target)
    );
    const actual = outcome(() => renderer.render(m));
    if (expected instanceof Error || actual instanceof Error) {
      assert.equal(String(actual), String(expected), `${label}: ${what}`);
    } else assertSameFiles(actual, expected, `${label} ${target}: ${what}`);
  };
  check(model, "first render");
  let applied = 0;
  let current = model;
  for (const { name, edit } of MODEL_EDITS) {
    const edited = edit(model);
    if (edited === undefined) continue;
    check(edited, name);
    check(model, `${name}, undone`);
    const chained = edit(current);
    if (chained !== undefined) {
      current = chained;
      check(current, `${name}, on the earlier edits`);
    }
    applied++;
  }
  // A random walk: edits of any model seen so far, in a seeded order.
  const random = mulberry32(label.length * 31 + target.length);
  const seen = [model, current];
  for (let step = 0; step < 20; step++) {
    const from = seen[Math.floor(random() * seen.length)]!;
    const { name, edit } =
      MODEL_EDITS[Math.floor(random() * MODEL_EDITS.length)]!;
    const next = edit(from) ?? from;
    check(next, `random step ${step}: ${name}`);
    seen.push(next);
  }
  return applied;
}

for (const fixture of ["bookstore", "treeshop"]) {
  Deno.test(`ArtifactRenderer equals a full render: ${fixture}, edited`, async () => {
    const model = await readGoldenModel(fixture);
    const own = await loadConfig(`fixtures/${fixture}`);
    for (const options of OPTIONS) {
      for (const target of TARGETS) {
        const applied = assertIncremental(
          model,
          { ...own, ...options },
          target,
          `${fixture} ${JSON.stringify(options)}`,
        );
        assert.ok(applied >= 7, `only ${applied} edits apply to ${fixture}`);
      }
    }
  });
}

/** A synthetic project of about 100 endpoints, analyzed once. */
async function syntheticModel(): Promise<ApiModel> {
  const dir = await Deno.makeTempDir({ prefix: "tailor_render_" });
  try {
    await writeSyntheticProject(dir, 100);
    const result = await analyzeProject(dir);
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    return result.model;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("ArtifactRenderer equals a full render: synthetic project, edited", async () => {
  const model = await syntheticModel();
  const config: ClientConfig = { info: { title: "Synthetic", version: "1" } };
  for (const options of OPTIONS) {
    for (const target of TARGETS) {
      assertIncremental(
        model,
        { ...config, ...options },
        target,
        `synthetic ${JSON.stringify(options)}`,
      );
    }
  }
});

/** The counts of a render, YAML text of OpenAPI nodes apart. */
function computed(renderer: ArtifactRenderer): {
  files: Record<string, number>;
  yaml: number;
} {
  const { "openapi yaml": yaml = 0, ...files } = Object.fromEntries(
    renderer.lastComputed,
  );
  return { files, yaml };
}

Deno.test("ArtifactRenderer recomputes only the files of the service that changed", async () => {
  const model = await readGoldenModel("bookstore");
  const config = await loadConfig("fixtures/bookstore");
  const renderer = new ArtifactRenderer(config, "bookstore");
  renderer.render(model);
  const first = computed(renderer);
  assert.ok((first.files.ts ?? 0) > 2, "the first render computes every file");

  // The document's own maps (paths, components, ...) are new every time.
  renderer.render({ ...model });
  const again = computed(renderer);
  assert.deepEqual(again.files, {});
  assert.ok(again.yaml * 5 < first.yaml, `${again.yaml} of ${first.yaml}`);

  const edited = MODEL_EDITS.find((e) => e.name.includes("operation's doc"))!
    .edit(model)!;
  renderer.render(edited);
  const incremental = computed(renderer);
  assert.deepEqual(incremental.files, {
    ts: 1,
    java: 1,
    "model.json": 1,
    openapi: 1,
    "openapi path": 1,
  });
  // The document's maps, and the operation's text and its path's.
  assert.equal(incremental.yaml, again.yaml + 2);

  // The document does not show where a shape is declared.
  const moved = MODEL_EDITS.find((e) => e.name.includes("declaration"))!
    .edit(edited)!;
  renderer.render(moved);
  assert.deepEqual(computed(renderer).files, {
    ts: 1,
    java: 1,
    "model.json": 1,
  });
});

Deno.test("incrementalRenderer: one renderer while the configuration stays, a new one when it changes", async () => {
  const model = await readGoldenModel("bookstore");
  const config = await loadConfig("fixtures/bookstore");
  const render = incrementalRenderer();
  const other = { ...config, tsImportExtension: "js" as const };
  for (
    const [c, target] of [[config, "all"], [other, "all"], [other, "ts"], [
      config,
      "all",
    ]] as const
  ) {
    assertSameFiles(
      render(model, c, "bookstore", target),
      renderArtifacts(model, c, "bookstore", target),
      `${c.tsImportExtension ?? "ts"} ${target}`,
    );
  }
});
