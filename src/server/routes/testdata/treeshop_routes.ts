/**
 * The treeshop fixture for route tests: its server-scope model, analyzed
 * once per test module, and its routes with fresh controllers.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import type { Hono } from "hono";
import { analyzeProject } from "../../../analyze/analyze.ts";
import type { ApiModel } from "../../../model/api_model.ts";
import {
  HiddenController,
  TreeController,
} from "../../../../fixtures/treeshop/tree_controller.ts";
import { treeshopInjectors } from "../../../../fixtures/treeshop/injectors.ts";
import { controllerRoutes, type ControllerRoutesOptions } from "../mount.ts";

const TREESHOP = fileURLToPath(
  new URL("../../../../fixtures/treeshop/", import.meta.url),
);

/** The treeshop's model in server scope; throws on diagnostics. */
export async function treeshopServerModel(): Promise<ApiModel> {
  const analysis = await analyzeProject(TREESHOP, { scope: "server" });
  if (!analysis.ok) throw new Error(JSON.stringify(analysis.diagnostics));
  return analysis.model;
}

/** The treeshop's routes on `model` with `tree` (default: a fresh one). */
export function treeshopRoutes(
  model: ApiModel,
  tree: TreeController = new TreeController(),
  extra: Partial<ControllerRoutesOptions> = {},
): Hono {
  return controllerRoutes({
    model,
    controllers: [tree, new HiddenController()],
    inject: treeshopInjectors,
    ...extra,
  });
}
