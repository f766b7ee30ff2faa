import assert from "node:assert/strict";
import { loadConfig } from "./config/config.ts";
import {
  type ArtifactTarget,
  projectModel,
  renderArtifacts,
} from "./pipeline.ts";

const BOOKSTORE = new URL("../fixtures/bookstore", import.meta.url).pathname;

Deno.test("renderArtifacts: a target renders exactly its part of the tree", async () => {
  const result = await projectModel(BOOKSTORE, { typeCheck: false });
  if (!result.ok) assert.fail(JSON.stringify(result));
  const config = await loadConfig(BOOKSTORE);
  const all = renderArtifacts(result.model, config, "bookstore");
  const parts: Record<Exclude<ArtifactTarget, "all">, RegExp> = {
    ts: /^ts\//,
    java: /^java\//,
    openapi: /^openapi\./,
  };
  for (const [target, pattern] of Object.entries(parts)) {
    const part = renderArtifacts(
      result.model,
      config,
      "bookstore",
      target as ArtifactTarget,
    );
    const expected = [...all].filter(([path]) => pattern.test(path));
    assert.ok(expected.length > 0);
    assert.deepEqual([...part], expected, target);
  }
});
