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
  // Private: not an own property, so never a field of an `ApiError` body.
  readonly #headers: Readonly<Record<string, string>>;

  /**
   * An answer `status` with the JSON `body`; `message` is for logs,
   * `headers` are added to the answer.
   */
  constructor(
    status: number,
    body: unknown,
    message = `HTTP ${status}`,
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.body = body;
    this.#headers = headers;
  }

  /** Headers sent with the answer (`Retry-After`...). */
  get headers(): Readonly<Record<string, string>> {
    return this.#headers;
  }
}

/**
 * A 400 `{ error: "bad-request", parameter, message }`, the answer of a
 * value the binding accepted but the handler does not (`quantity=0`).
 */
export function badRequest(parameter: string, message: string): HttpError {
  return new HttpError(
    400,
    { error: "bad-request", parameter, message },
    message,
  );
}
