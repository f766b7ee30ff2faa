/**
 * How absent values of response DTOs are written (`orm.client.ts.null-render-mode`):
 * `undefined` (default) an optional key, `name?: T`, that the server leaves
 * out; `null` a required key, `name: T | null`, that the server sends as
 * `null`. The TypeScript client, the OpenAPI document and the server's
 * result shaping all ask {@link nullTargets} which types it applies to, so
 * the three agree.
 *
 * Types a client sends (request bodies and what they contain) keep `?:` in
 * both modes: a caller may leave their properties out, and the server reads
 * absent ones as `undefined`.
 *
 * @module
 */

import type { ApiModel } from "../../model/api_model.ts";
import { inputTypes } from "./input_types.ts";

/** The null render modes, the default first. */
export const NULL_RENDER_MODES = ["undefined", "null"] as const;

/** One of {@link NULL_RENDER_MODES}. */
export type NullRenderMode = typeof NULL_RENDER_MODES[number];

/**
 * The types whose optional properties are written `name: T | null` (and sent
 * as `null` when absent). Everything is false or empty in `undefined` mode.
 */
export interface NullTargets {
  /** Fetched shapes, with the objects nested in them. */
  readonly shapes: boolean;
  /** Static types by name: those no operation receives. */
  readonly statics: ReadonlySet<string>;
  /** Dynamic entities by entity name: those no operation receives. */
  readonly dynamics: ReadonlySet<string>;
}

/** What {@link nullTargets} gives in `undefined` mode. */
export const NO_NULL_TARGETS: NullTargets = {
  shapes: false,
  statics: new Set(),
  dynamics: new Set(),
};

/** The types of `model` that `mode` writes with nulls. */
export function nullTargets(
  model: ApiModel,
  mode: NullRenderMode = "undefined",
): NullTargets {
  if (mode === "undefined") return NO_NULL_TARGETS;
  const inputs = inputTypes(model);
  return {
    shapes: true,
    statics: new Set(
      model.staticTypes.map((type) => type.name).filter((name) =>
        !inputs.statics.has(name)
      ),
    ),
    dynamics: new Set(
      model.dynamicEntities.map((entity) => entity.entity).filter((name) =>
        !inputs.dynamics.has(name)
      ),
    ),
  };
}
