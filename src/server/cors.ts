/**
 * The cross-origin policy of a Tailor server, on Hono's `cors` middleware:
 * browser apps of the listed origins may call it (a Vite app on
 * `http://localhost:5173` calling the API on another port), preflights
 * answered; no other origin gets CORS headers, so by default there is no
 * cross-origin access at all.
 *
 * @module
 */

import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";

/** Options of {@link corsPolicy}. */
export interface CorsOptions {
  /**
   * The origins allowed, as a browser sends them: `http://localhost:5173`;
   * `["*"]` allows every origin (answered `*`, so without credentials).
   */
  readonly origins: readonly string[];
  /**
   * Request headers allowed besides `authorization`, `content-type` and the
   * model's header parameters: those the server's middleware reads, such as
   * a tenant header.
   */
  readonly headers?: readonly string[];
}

/** Request headers every allowed origin may send. */
const BASE_HEADERS = ["authorization", "content-type"];

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600;

/**
 * The middleware letting `options.origins` call the server with the
 * headers `modelHeaders` (the operations' header parameters) and
 * `options.headers`.
 */
export function corsPolicy(
  options: CorsOptions,
  modelHeaders: readonly string[],
): MiddlewareHandler {
  const headers = [
    ...new Set(
      [...BASE_HEADERS, ...modelHeaders, ...options.headers ?? []].map((h) =>
        h.toLowerCase()
      ),
    ),
  ];
  return cors({
    origin: options.origins.includes("*") ? "*" : [...options.origins],
    allowMethods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    allowHeaders: headers,
    exposeHeaders: ["etag", "content-disposition"],
    maxAge: PREFLIGHT_MAX_AGE,
  });
}
