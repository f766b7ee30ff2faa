/**
 * The models `tailor dev` hands to the app it runs: in a dev worker,
 * `createServer({ project })` of that project takes them instead of
 * analyzing the project again (the supervisor analyzed it, incrementally),
 * and does not watch (the supervisor does).
 *
 * @module
 */

import { resolve } from "node:path";
import type { ApiModel } from "../model/api_model.ts";

/** The models of one project, as the supervisor analyzed them. */
export interface DevModels {
  /** The project directory, absolute. */
  readonly project: string;
  readonly client: ApiModel;
  readonly server: ApiModel;
  /** Which version of the app runs on them: 0 for the first, then 1, 2... */
  readonly version: number;
}

const KEY = Symbol.for("tailor.devModels");
const SETTINGS = Symbol.for("tailor.devSettings");
const ASKED = Symbol.for("tailor.devModelsAskedAt");

/** Sets the models of this worker (`dev_worker.ts`). */
export function setDevModels(models: DevModels): void {
  (globalThis as Record<symbol, unknown>)[KEY] = models;
}

/** The models handed to this worker for `project`, if any. */
export function devModelsOf(project: string): DevModels | undefined {
  const models = (globalThis as Record<symbol, unknown>)[KEY] as
    | DevModels
    | undefined;
  if (models === undefined || models.project !== resolve(project)) {
    return undefined;
  }
  (globalThis as Record<symbol, unknown>)[ASKED] ??= epochMs();
  return models;
}

/**
 * When this worker's app first asked for its models (milliseconds since
 * the epoch): its modules were loaded by then, and it starts building.
 */
export function devModelsAskedAt(): number | undefined {
  return (globalThis as Record<symbol, unknown>)[ASKED] as number | undefined;
}

/**
 * Sets what the supervisor hands this worker's app besides the models
 * (`dev_worker.ts`): plain data, such as the command line of
 * `deno task serve --watch`.
 */
export function setDevSettings(settings: unknown): void {
  (globalThis as Record<symbol, unknown>)[SETTINGS] = settings;
}

/** The settings handed to this worker's app, if any. */
export function devSettings(): unknown {
  return (globalThis as Record<symbol, unknown>)[SETTINGS];
}

/** Whether this worker runs a version of a `tailor dev` app. */
export function inDevVersion(): boolean {
  return (globalThis as Record<symbol, unknown>)[KEY] !== undefined;
}

/**
 * Whether this worker runs a reloaded version of a `tailor dev` app (not
 * the first): what it keeps in memory starts over, which the store says.
 */
export function isDevReload(): boolean {
  const models = (globalThis as Record<symbol, unknown>)[KEY] as
    | DevModels
    | undefined;
  return (models?.version ?? 0) > 0;
}

/**
 * Now, in milliseconds since the epoch, as precise as `performance.now()`:
 * comparable between the supervisor and its workers.
 */
export function epochMs(): number {
  return performance.timeOrigin + performance.now();
}
