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
}

const KEY = Symbol.for("tailor.devModels");
const SETTINGS = Symbol.for("tailor.devSettings");

/** Sets the models of this worker (`dev_worker.ts`). */
export function setDevModels(models: DevModels): void {
  (globalThis as Record<symbol, unknown>)[KEY] = models;
}

/** The models handed to this worker for `project`, if any. */
export function devModelsOf(project: string): DevModels | undefined {
  const models = (globalThis as Record<symbol, unknown>)[KEY] as
    | DevModels
    | undefined;
  return models?.project === resolve(project) ? models : undefined;
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
