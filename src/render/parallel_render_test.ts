import assert from "node:assert/strict";
import { loadConfig } from "../config/config.ts";
import { readTree } from "../fs/tree.ts";
import { ParallelRenderer } from "./parallel_render.ts";
import { projectModel } from "../pipeline.ts";
import { renderArtifacts } from "./render_artifacts.ts";

const FIXTURES = ["bookstore", "treeshop"].map((name) =>
  new URL(`../../fixtures/${name}`, import.meta.url).pathname
);

Deno.test("ParallelRenderer writes the bytes renderArtifacts renders, every file", async () => {
  const renderer = new ParallelRenderer();
  try {
    for (const project of FIXTURES) {
      const result = await projectModel(project, { typeCheck: false });
      assert.ok(result.ok);
      const config = await loadConfig(project);
      const dir = await Deno.makeTempDir();
      const count = await renderer.renderInto(dir, result.model, config, "p");
      const expected = renderArtifacts(result.model, config, "p", "all");
      assert.equal(count, expected.size);
      assert.deepEqual(await readTree(dir), expected);
      await Deno.remove(dir, { recursive: true });
    }
  } finally {
    renderer.close();
  }
});

Deno.test("ParallelRenderer reports a directory it cannot write to", async () => {
  const renderer = new ParallelRenderer();
  try {
    const project = FIXTURES[0]!;
    const result = await projectModel(project, { typeCheck: false });
    assert.ok(result.ok);
    const file = await Deno.makeTempFile();
    await assert.rejects(
      renderer.renderInto(file, result.model, await loadConfig(project), "p"),
    );
    await Deno.remove(file);
  } finally {
    renderer.close();
  }
});
