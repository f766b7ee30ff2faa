/**
 * The answer to a known path called with a method it does not have (RFC
 * 9110 §15.5.6): a 405 whose `Allow` header lists the methods it has (HEAD
 * beside GET, as the server answers it), with a JSON reason.
 *
 * @module
 */

/** The 405 body: the method asked for and the ones the path answers. */
export interface MethodNotAllowedBody {
  readonly error: "method-not-allowed";
  readonly method: string;
  readonly allowed: readonly string[];
}

/** The methods a path answers, `methods` with HEAD after GET, in a stable order. */
export function allowedMethods(methods: Iterable<string>): string[] {
  const given = new Set([...methods].map((m) => m.toUpperCase()));
  if (given.has("GET")) given.add("HEAD");
  return ORDER.filter((m) => given.has(m));
}

const ORDER = ["GET", "HEAD", "PUT", "POST", "DELETE", "PATCH", "OPTIONS"];

/** The 405 answer to `method` on a path that answers `allowed`. */
export function methodNotAllowed(
  method: string,
  allowed: readonly string[],
): Response {
  const body: MethodNotAllowedBody = {
    error: "method-not-allowed",
    method,
    allowed,
  };
  return Response.json(body, {
    status: 405,
    headers: { allow: allowed.join(", ") },
  });
}
