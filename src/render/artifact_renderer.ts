/**
 * Incremental rendering for watch mode: {@link ArtifactRenderer} renders the
 * artifacts of successive models as `renderArtifacts` does, redoing only
 * the files (and OpenAPI fragments, `model.json` entries) whose inputs
 * changed.
 *
 * It relies on how watch mode's incremental analysis builds a new model:
 * the parts an edit did not touch are the same objects (`===`) as in the
 * previous model, and models are never mutated. Per-file results are kept
 * by the identity of the model object they are made of plus every other
 * input they read (whole-model inputs such as the Java names, the types
 * some operation receives or the null targets are compared by value), so
 * the output always equals a full render.
 *
 * @module
 */

import type { ClientConfig } from "../config/config.ts";
import { RenderMemo } from "../emit/file_memo.ts";
import type { ApiModel } from "../model/api_model.ts";
import {
  type ArtifactTarget,
  renderArtifactsWith,
} from "./render_artifacts.ts";

/** Renders artifacts like `renderArtifacts`, reusing per-file work across renders. */
export class ArtifactRenderer {
  readonly #memo = new RenderMemo();
  #lastCounts = new Map<string, number>();

  /** Options are fixed per renderer: a new configuration needs a new one. */
  constructor(
    readonly config: ClientConfig,
    readonly sourceName: string,
    readonly target: ArtifactTarget = "all",
  ) {}

  /** Byte-identical to `renderArtifacts(model, config, sourceName, target)`. */
  render(model: ApiModel): Map<string, string> {
    this.#memo.takeCounts();
    try {
      return renderArtifactsWith(
        model,
        this.config,
        this.sourceName,
        this.target,
        this.#memo,
      );
    } finally {
      this.#lastCounts = this.#memo.takeCounts();
    }
  }

  /**
   * How many per-file results of each kind (`ts`, `java`, `model.json`,
   * `openapi`, ...) the last {@link render} computed instead of reusing.
   */
  get lastComputed(): ReadonlyMap<string, number> {
    return this.#lastCounts;
  }
}

/** Renders a model into its artifacts: `renderArtifacts`' signature. */
export type RenderArtifacts = (
  model: ApiModel,
  config: ClientConfig,
  sourceName: string,
  target: ArtifactTarget,
) => Map<string, string>;

/**
 * A `renderArtifacts` for a sequence of models (watch mode): it keeps one
 * {@link ArtifactRenderer} while the configuration, source name and target
 * stay the same (compared by value), and starts a new one when they change.
 */
export function incrementalRenderer(): RenderArtifacts {
  let last: { key: string; renderer: ArtifactRenderer } | undefined;
  return (model, config, sourceName, target) => {
    const key = JSON.stringify([config, sourceName, target]);
    if (last?.key !== key) {
      last = {
        key,
        renderer: new ArtifactRenderer(config, sourceName, target),
      };
    }
    return last.renderer.render(model);
  };
}
