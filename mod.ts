/**
 * Tailor: the server author's surface. Everything of `runtime.ts` (entities,
 * fetchers, controllers, the client generation switches), plus the server:
 * `createServer` (artifacts and controllers on Hono), `controllerRoutes`, and
 * `listen`, the listener `tailor serve` runs them on (connection timeouts,
 * accept failures survived, Java's HTTP/2 upgrade answered in HTTP/1.1).
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
export {
  type ConnectionTimeouts,
  DEFAULT_TIMEOUTS,
  type Fetch,
  listen,
  type Listening,
  type ListenOptions,
} from "./src/server/listen.ts";
