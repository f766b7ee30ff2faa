import assert from "node:assert/strict";
import { loadConfig } from "./config/config.ts";
import { loadProject } from "./analyze/project.ts";
import type { ApiModel } from "./model/api_model.ts";
import type { Diagnostic } from "./model/diagnostic.ts";
import { loadedModel, projectModel } from "./pipeline.ts";
import {
  type ArtifactTarget,
  renderArtifacts,
} from "./render/render_artifacts.ts";

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

Deno.test("loadedModel: whileChecking gets the model before the type check answers, and the check still decides", async () => {
  const loaded = await loadProject(BOOKSTORE);
  const typeError: Diagnostic = {
    severity: "error",
    code: "TAILOR018",
    message: "type error",
    file: "controller.ts",
    line: 1,
    column: 1,
  };
  for (const errors of [[], [typeError]]) {
    let answer!: (diagnostics: readonly Diagnostic[]) => void;
    const check = new Promise<readonly Diagnostic[]>((r) => answer = r);
    let early: ApiModel | undefined;
    const pending = loadedModel(loaded, {
      typeCheck: () => check,
      whileChecking: (model) => early = model,
    });
    await new Promise((r) => setTimeout(r, 0));
    assert.ok(early !== undefined, "the model comes before the check answers");
    assert.ok(early.services.length > 0);
    answer(errors);
    const result = await pending;
    if (errors.length === 0) {
      assert.ok(result.ok);
      assert.equal(result.model, early);
    } else {
      assert.deepEqual(result, { ok: false, diagnostics: [typeError] });
    }
  }
});
