/**
 * Parts of the OpenAPI document that come from the configuration as
 * written (`orm.client.openapi.properties.*`): servers, security, security
 * schemes, contact and licence.
 *
 * @module
 */

/** One entry of `servers`. */
export interface ServerObject {
  readonly url: string;
  readonly description?: string;
}

/** One entry of `security`: scheme name -> scopes. */
export type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

/** A security scheme as OpenAPI 3.0 writes it (`type` and its fields). */
export type SecurityScheme = Readonly<Record<string, unknown>> & {
  readonly type: string;
};

/** `info.contact`. */
export interface ContactObject {
  readonly name?: string;
  readonly url?: string;
  readonly email?: string;
}

/** `info.license`. */
export interface LicenseObject {
  readonly name: string;
  readonly url?: string;
}

/** Everything the configuration adds to the document. */
export interface DocumentExtras {
  readonly servers?: readonly ServerObject[];
  readonly security?: readonly SecurityRequirement[];
  readonly securitySchemes?: Readonly<Record<string, SecurityScheme>>;
  readonly contact?: ContactObject;
  readonly license?: LicenseObject;
}
