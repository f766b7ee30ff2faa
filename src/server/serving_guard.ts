/**
 * Watch mode with controllers: the running handlers are the code the
 * process started with, so a new model can change the document only where
 * the handlers still serve it. A model that differs from the served one in
 * anything but doc comments and source positions (a route, a parameter, a
 * result or error type, a shape) needs a restart; the server then keeps
 * the last document (see `createServer`).
 *
 * @module
 */

import type { ApiModel } from "../model/api_model.ts";
import { sameValue } from "../emit/file_memo.ts";

/** What the handlers cannot follow: everything but docs and positions. */
const FOLLOWED: ReadonlySet<string> = new Set(["doc", "source"]);

/** Whether the running handlers serve `next` as they serve `served`. */
export function servesSame(served: ApiModel, next: ApiModel): boolean {
  return sameValue(served, next, FOLLOWED);
}

/** The line printed when an edit needs a restart. */
export const RESTART_NEEDED =
  "the routes or their types changed: restart the server to serve them (or run the app with `tailor dev main.ts`, which reloads them); it keeps serving the last document until then";
