/**
 * The error a handler throws to answer with a status other than 200.
 *
 * @module
 */

/**
 * Thrown by a controller method (or an injector) to answer `status` with
 * `body` as JSON: `throw new HttpError(404, { error: "not-found" })`.
 */
export class HttpError extends Error {
  /** The HTTP status, 400 to 599. */
  readonly status: number;
  /** The JSON body of the answer. */
  readonly body: unknown;

  /** An answer `status` with the JSON `body`; `message` is for logs. */
  constructor(status: number, body: unknown, message = `HTTP ${status}`) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.body = body;
  }
}
