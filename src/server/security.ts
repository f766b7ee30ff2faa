/**
 * Declared security, enforced: the `security` requirements the configuration
 * gives the OpenAPI document (`orm.client.openapi.properties.security`, for
 * every operation) checked on every controller route by the authenticators
 * the server is given, one per security scheme. A requirement is met when
 * every scheme in it accepts the request; the route runs when one
 * requirement is met, else the first refusal is the answer. Declared
 * security that no authenticator can check fails closed: every route
 * answers 401 ({@link refuseUnchecked}), unless the author says the
 * security is documentation only (`securityDocumentationOnly`), which
 * start-up tells ({@link unenforcedWarning}).
 *
 * @module
 */

import type { Context, MiddlewareHandler } from "hono";
import type {
  SecurityRequirement,
  SecurityScheme,
} from "../emit/openapi/document_extras.ts";

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

/** The 401 body of a route whose declared security nothing can check. */
export interface UncheckedSecurityBody {
  readonly error: "unauthorized";
  readonly message: string;
}

/**
 * The guard of declared security that no authenticator checks: every
 * request is refused with a 401 (RFC 9110 §15.5.2: a `WWW-Authenticate`
 * challenge per scheme), as no credential could be verified.
 */
export function refuseUnchecked(
  schemes: readonly string[],
  declared: Readonly<Record<string, SecurityScheme>> = {},
): MiddlewareHandler {
  const body: UncheckedSecurityBody = {
    error: "unauthorized",
    message: `this operation requires ${
      schemes.join(" or ")
    }, which the server cannot check (no authenticator is configured)`,
  };
  const challenges = schemes.map((name) => challengeOf(name, declared[name]))
    .join(", ");
  return (c) =>
    Promise.resolve(c.json(body, 401, { "www-authenticate": challenges }));
}

/** The `WWW-Authenticate` challenge of a security scheme. */
function challengeOf(name: string, scheme: SecurityScheme | undefined): string {
  const http = scheme?.type === "http" && typeof scheme.scheme === "string"
    ? scheme.scheme
    : undefined;
  const token = http === undefined
    ? "Bearer"
    : http.charAt(0).toUpperCase() + http.slice(1);
  return `${token} realm="${name}"`;
}

/**
 * The start-up line of routes whose declared security nothing checks:
 * refused with 401, or (`documentationOnly`) let in without it.
 */
export function unenforcedWarning(
  schemes: readonly string[],
  routes: readonly string[],
  documentationOnly = false,
): string {
  const list = schemes.join(", ");
  return documentationOnly
    ? `warning: the OpenAPI document declares security (${list}) that is documentation only (securityDocumentationOnly), so these routes take requests without it: ${
      routes.join(", ")
    }.`
    : `warning: the OpenAPI document declares security (${list}) that no authenticator checks, so these routes answer 401: ${
      routes.join(", ")
    }. Pass createServer({ authenticate: { ${
      schemes[0]
    }: (c) => ... } }), or securityDocumentationOnly: true to let them in unchecked.`;
}
