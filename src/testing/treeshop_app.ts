/**
 * Test helper: the treeshop served by `createServer` as its tests serve it
 * (its controllers and injectors, no type check), with `options` added.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { treeshopInjectors } from "../../fixtures/treeshop/injectors.ts";
import {
  HiddenController,
  TreeController,
} from "../../fixtures/treeshop/tree_controller.ts";
import {
  createServer,
  type CreateServerOptions,
} from "../server/create_server.ts";

const TREESHOP = fileURLToPath(
  new URL("../../fixtures/treeshop", import.meta.url),
);

/** The treeshop's app; `options` replace or add to the defaults. */
export function treeshopApp(
  options: Partial<CreateServerOptions> = {},
): ReturnType<typeof createServer> {
  return createServer({
    project: TREESHOP,
    typeCheck: false,
    controllers: [new TreeController(), new HiddenController()],
    inject: treeshopInjectors,
    ...options,
  });
}
