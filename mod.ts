/**
 * Tailor: the server author's surface. Everything of `runtime.ts` (entities,
 * fetchers, controllers, the client generation switches), plus the server:
 * `createServer` (artifacts and controllers on Hono) and `controllerRoutes`.
 *
 * @module
 */

export * from "./runtime.ts";
export {
  type BadRequestBody,
  controllerRoutes,
  type ControllerRoutesOptions,
  type Injector,
} from "./src/server/routes/mount.ts";
export { DEFAULT_MAX_UPLOAD_BYTES } from "./src/server/routes/parts.ts";
export {
  DEFAULT_MAX_BODY_BYTES,
  type PayloadTooLargeBody,
} from "./src/server/routes/body_reader.ts";
export { RouteTableError } from "./src/server/routes/fetchers.ts";
export {
  createServer,
  type CreateServerOptions,
  type ServedRoutes,
  ServerStartError,
} from "./src/server/create_server.ts";
