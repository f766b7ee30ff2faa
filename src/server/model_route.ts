/**
 * The served model (`GET /__tailor/model.json`): the `model.json` that
 * `tailor generate` writes, of the model the artifacts are rendered from,
 * answered as the artifacts are (strong ETag, 304, `no-cache`).
 *
 * @module
 */

import type { NullRenderMode } from "../emit/ts/null_mode.ts";
import type { ApiModel } from "../model/api_model.ts";
import { modelJson } from "../render/emitters.ts";
import type { RenderedArtifact } from "./artifact_cache.ts";
import { NULL_MODE_HEADER } from "./model_path.ts";

export { MODEL_PATH } from "./model_path.ts";

/** The key of the served model in the artifact cache. */
export const MODEL_CACHE_KEY = "model";

/** The served model's bytes. */
export function renderModel(model: ApiModel): RenderedArtifact {
  return {
    bytes: new TextEncoder().encode(modelJson(model)),
    contentType: "application/json; charset=utf-8",
  };
}

/** The headers the served model carries beside the artifact's own. */
export function modelHeaders(
  nullMode: NullRenderMode | undefined,
): Record<string, string> {
  return nullMode === undefined ? {} : { [NULL_MODE_HEADER]: nullMode };
}
