/**
 * A model's artifacts as one tree of files. Apart from the pipeline that
 * makes the model: rendering needs no TypeScript compiler, so what imports
 * only this (the render worker, the CLI before its type check starts) does
 * not load one.
 *
 * @module
 */

import type { ClientConfig } from "../config/config.ts";
import { type FileMemo, NO_MEMO } from "../emit/file_memo.ts";
import { type ArtifactKind, renderKinds } from "./emitters.ts";
import type { ApiModel } from "../model/api_model.ts";

/** Which artifacts {@link renderArtifacts} renders. */
export type ArtifactTarget = "all" | "ts" | "java" | "openapi";

/**
 * Every text artifact of a model, as one tree: `ts/**`, `java/**`,
 * `openapi.yml`, `openapi.html` and `model.json` (the page's browser assets
 * are binary package files and are not part of it). `target` renders only
 * that part of the tree (`openapi`: the document and the page; `model.json`
 * comes with `all` only), at the same paths.
 */
export function renderArtifacts(
  model: ApiModel,
  config: ClientConfig,
  sourceName: string,
  target: ArtifactTarget = "all",
): Map<string, string> {
  return renderArtifactsWith(model, config, sourceName, target, NO_MEMO);
}

/**
 * {@link renderArtifacts}, reusing the per-file results `memo` kept from
 * earlier models (see `ArtifactRenderer`).
 */
export function renderArtifactsWith(
  model: ApiModel,
  config: ClientConfig,
  sourceName: string,
  target: ArtifactTarget,
  memo: FileMemo,
): Map<string, string> {
  const files = renderKinds(
    model,
    config,
    sourceName,
    TARGET_KINDS[target],
    memo,
  );
  return new Map([...files].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0));
}

/** The artifact kinds of each target. */
const TARGET_KINDS: Readonly<
  Record<ArtifactTarget, readonly ArtifactKind[]>
> = {
  all: ["ts", "java", "openapi", "page", "model"],
  ts: ["ts"],
  java: ["java"],
  openapi: ["openapi", "page"],
};
