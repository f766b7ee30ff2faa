/**
 * Test helper: the model of a one-file project written into a temporary
 * directory, its `"@runtime"` imports pointing at this checkout's runtime.
 *
 * @module
 */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import type { ApiModel } from "../model/api_model.ts";
import { type AnalysisResult, analyzeProject } from "../analyze/analyze.ts";

const RUNTIME = fileURLToPath(new URL("../../runtime.ts", import.meta.url));

/** The analysis of `source` written as `app.ts`, diagnostics and all. */
export async function analyzeSource(source: string): Promise<AnalysisResult> {
  const dir = await Deno.makeTempDir({ prefix: "tailor_source_" });
  try {
    await Deno.writeTextFile(
      `${dir}/app.ts`,
      source.replaceAll('"@runtime"', JSON.stringify(RUNTIME)),
    );
    return await analyzeProject(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** The model of `source` as `app.ts`; fails the test on any diagnostic. */
export async function modelOf(source: string): Promise<ApiModel> {
  const result = await analyzeSource(source);
  if (!result.ok) assert.fail(JSON.stringify(result.diagnostics, null, 2));
  return result.model;
}
