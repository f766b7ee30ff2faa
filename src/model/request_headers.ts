/**
 * Request headers the server reads outside the methods' signatures (a
 * middleware's `tenant`, spec §4.6.4), declared once with
 * `orm.client.request-headers: tenant` so that the document lists them on
 * every operation and the clients can send them.
 *
 * @module
 */

/** A header name: an HTTP token that can also name an OpenAPI component. */
const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Headers OpenAPI 3.0 ignores as parameters: `authorization` is declared by
 * a security scheme, the others by the media types.
 */
const NOT_PARAMETERS = new Set(["authorization", "accept", "content-type"]);

/**
 * The header names of a comma-separated list (`tenant, x-region`), lower
 * case, or the problem with it.
 */
export function parseRequestHeaders(
  text: string,
): { readonly names: readonly string[] } | { readonly problem: string } {
  const names = text.split(",").map((n) => n.trim().toLowerCase());
  for (const name of names) {
    if (!HEADER_NAME.test(name)) {
      return {
        problem:
          `"${name}" is not a header name (letters, digits, ".", "_", "-")`,
      };
    }
    if (NOT_PARAMETERS.has(name)) {
      return {
        problem: name === "authorization"
          ? `declare "authorization" as a security scheme (orm.client.openapi.properties.components.securitySchemes), not as a request header`
          : `"${name}" is set by the client from the media type, not declared`,
      };
    }
  }
  if (new Set(names).size !== names.length) {
    return { problem: "a header is listed twice" };
  }
  return { names };
}
