/**
 * The tree `cli.ts generate` writes: the files of a target, re-rooted for a
 * single-client target, and staged beside the output directory while the
 * type check still runs (`generate` commits it once the check passes).
 *
 * @module
 */

import type { ClientConfig } from "../config/config.ts";
import { loadOpenApiPageAssets } from "../emit/openapi/openapi_page.ts";
import { OPENAPI_ASSETS_DIR } from "./emitters.ts";
import type { GuardOptions } from "../fs/output_guard.ts";
import {
  startReplacement,
  type TreeReplacement,
  writeFiles,
} from "../fs/tree.ts";
import type { ApiModel } from "../model/api_model.ts";
import { withUriPrefix } from "../model/uri_prefix.ts";
import type { ParallelRenderer } from "./parallel_render.ts";
import { type ArtifactTarget, renderArtifacts } from "./render_artifacts.ts";

/** Keeps the files of one target, re-rooted for a single-client target. */
export function filesOfTarget(
  files: ReadonlyMap<string, string>,
  target: ArtifactTarget,
): Map<string, string> {
  if (target === "all") return new Map(files);
  const kept = new Map<string, string>();
  for (const [path, text] of files) {
    if (target === "openapi" && path.startsWith("openapi.")) {
      kept.set(path, text);
    } else if (path.startsWith(`${target}/`)) {
      kept.set(path.slice(target.length + 1), text);
    }
  }
  return kept;
}

/** What a generation renders besides the model. */
export interface RenderRequest {
  readonly target: ArtifactTarget;
  readonly config: ClientConfig;
  /** Name of the project in generated headers. */
  readonly sourceName: string;
}

/** A generated tree staged beside the output directory. */
export interface StagedTree {
  readonly replacement: TreeReplacement;
  /** Files written (the marker file not counted). */
  readonly count: number;
}

/**
 * Renders `model` for `request` into a replacement of `out` (refused as
 * {@link startReplacement} refuses), the page's assets included, and
 * leaves it to be committed or abandoned. `renderer` renders the target
 * `all` on two threads.
 */
export async function stageTree(
  out: string,
  guard: GuardOptions,
  request: RenderRequest,
  model: ApiModel,
  renderer?: ParallelRenderer,
): Promise<StagedTree> {
  const { target, config, sourceName } = request;
  const replacement = await startReplacement(out, guard);
  const count = await replacement.fill(async () => {
    const prefixed = withUriPrefix(model, config.uriPrefix);
    let written: number;
    if (target === "all" && renderer !== undefined) {
      written = await renderer.renderInto(
        replacement.dir,
        prefixed,
        config,
        sourceName,
      );
    } else {
      const files = filesOfTarget(
        renderArtifacts(prefixed, config, sourceName, target),
        target,
      );
      writeFiles(replacement.dir, files);
      written = files.size;
    }
    if (target !== "all" && target !== "openapi") return written;
    const assets = await pageAssetFiles();
    writeFiles(replacement.dir, assets);
    return written + assets.size;
  });
  return { replacement, count };
}

/**
 * The OpenAPI page's browser assets at their paths in a generated tree;
 * `assets` are the loaded assets (read from their package unless given).
 */
export async function pageAssetFiles(
  assets: () => Promise<ReadonlyMap<string, Uint8Array>> =
    loadOpenApiPageAssets,
): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const [name, bytes] of await assets()) {
    files.set(`${OPENAPI_ASSETS_DIR}/${name}`, bytes);
  }
  return files;
}
