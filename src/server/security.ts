/**
 * Declared security, enforced: the `security` requirements the configuration
 * gives the OpenAPI document (`orm.client.openapi.properties.security`, for
 * every operation) checked on every controller route by the authenticators
 * the server is given, one per security scheme. A requirement is met when
 * every scheme in it accepts the request; the route runs when one
 * requirement is met, else the first refusal is the answer. A requirement
 * none of whose schemes can be checked leaves the routes unguarded, which
 * start-up tells ({@link unenforcedWarning}).
 *
 * @module
 */

import type { Context, MiddlewareHandler } from "hono";
import type { SecurityRequirement } from "../emit/openapi/document_extras.ts";

/**
 * Checks one security scheme on a request: `undefined` when the request
 * passes it, else the refusal to send (a 401 with a JSON reason).
 */
export type Authenticator = (
  c: Context,
) => Response | undefined | Promise<Response | undefined>;

/** What start-up decided for the declared security. */
export type SecurityPlan =
  | { readonly kind: "none" }
  | { readonly kind: "guard"; readonly guard: MiddlewareHandler }
  | { readonly kind: "unenforced"; readonly schemes: readonly string[] };

/**
 * The guard of `requirements` with `authenticators`: none when nothing is
 * required (no requirement, or an empty one, which lets anyone in);
 * unenforced when a scheme of every requirement has no authenticator.
 */
export function securityPlan(
  requirements: readonly SecurityRequirement[],
  authenticators: Readonly<Record<string, Authenticator>>,
): SecurityPlan {
  if (requirements.length === 0) return { kind: "none" };
  const alternatives = requirements.map((r) => Object.keys(r));
  if (alternatives.some((schemes) => schemes.length === 0)) {
    return { kind: "none" };
  }
  const checked = alternatives.filter((schemes) =>
    schemes.every((s) => authenticators[s] !== undefined)
  );
  if (checked.length === 0) {
    return {
      kind: "unenforced",
      schemes: [...new Set(alternatives.flat())].filter((s) =>
        authenticators[s] === undefined
      ),
    };
  }
  return {
    kind: "guard",
    guard: async (c, next) => {
      let refusal: Response | undefined;
      for (const schemes of checked) {
        const refused = await firstRefusal(schemes, authenticators, c);
        if (refused === undefined) return await next();
        refusal ??= refused;
      }
      return refusal;
    },
  };
}

async function firstRefusal(
  schemes: readonly string[],
  authenticators: Readonly<Record<string, Authenticator>>,
  c: Context,
): Promise<Response | undefined> {
  for (const scheme of schemes) {
    const refused = await authenticators[scheme]!(c);
    if (refused !== undefined) return refused;
  }
  return undefined;
}

/** The start-up warning of routes whose declared security nothing checks. */
export function unenforcedWarning(
  schemes: readonly string[],
  routes: readonly string[],
): string {
  return `warning: the OpenAPI document declares security (${
    schemes.join(", ")
  }) that no authenticator checks, so these routes take requests without it: ${
    routes.join(", ")
  }. Pass createServer({ authenticate: { ${schemes[0]}: (c) => ... } }).`;
}
