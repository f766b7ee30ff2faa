/**
 * The structured keys of `orm.client.openapi.properties`: `servers`,
 * `security`, `components.securitySchemes`, `info.contact` and
 * `info.license`, taken as written (YAML values, or JSON text in the
 * properties form) and checked against the OpenAPI 3.0 shapes. Pure.
 *
 * @module
 */

import type {
  DocumentExtras,
  SecurityScheme,
} from "../emit/openapi/document_extras.ts";

const PREFIX = "orm.client.openapi.properties.";

type Check = (value: unknown) => string | undefined;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** A problem with an object's fields: unknown ones, missing or non-string ones. */
function fields(
  value: unknown,
  required: readonly string[],
  optional: readonly string[],
): string | undefined {
  if (!isRecord(value)) return "must be a mapping";
  for (const key of Object.keys(value)) {
    if (!required.includes(key) && !optional.includes(key)) {
      return `has an unknown field "${key}" (known: ${
        [...required, ...optional].join(", ")
      })`;
    }
  }
  for (const key of required) {
    if (typeof value[key] !== "string" || value[key] === "") {
      return `needs the text field "${key}"`;
    }
  }
  for (const key of optional) {
    if (key in value && typeof value[key] !== "string") {
      return `field "${key}" must be text`;
    }
  }
  return undefined;
}

function listOf(check: Check): Check {
  return (value) => {
    if (!Array.isArray(value)) return "must be a list";
    for (const [i, item] of value.entries()) {
      const problem = check(item);
      if (problem !== undefined) return `item ${i + 1} ${problem}`;
    }
    return undefined;
  };
}

const requirement: Check = (value) => {
  if (!isRecord(value)) return "must be a mapping of scheme name to scopes";
  for (const [name, scopes] of Object.entries(value)) {
    if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== "string")) {
      return `scopes of "${name}" must be a list of text (empty for bearer)`;
    }
  }
  return undefined;
};

const SCHEME_FIELDS: Readonly<
  Record<string, [readonly string[], readonly string[]]>
> = {
  http: [["type", "scheme"], ["bearerFormat", "description"]],
  apiKey: [["type", "name", "in"], ["description"]],
  openIdConnect: [["type", "openIdConnectUrl"], ["description"]],
};

const scheme: Check = (value) => {
  if (!isRecord(value)) return "must be a mapping";
  const type = value.type;
  if (type === "oauth2") {
    const { flows, description, type: _, ...rest } = value;
    if (Object.keys(rest).length > 0) {
      return `has an unknown field "${Object.keys(rest)[0]}"`;
    }
    if (description !== undefined && typeof description !== "string") {
      return `field "description" must be text`;
    }
    return isRecord(flows) && Object.keys(flows).length > 0
      ? undefined
      : `of type oauth2 needs "flows"`;
  }
  const spec = typeof type === "string" ? SCHEME_FIELDS[type] : undefined;
  if (spec === undefined) {
    return `needs "type": http, apiKey, oauth2 or openIdConnect`;
  }
  const problem = fields(value, spec[0], spec[1]);
  if (problem !== undefined) return problem;
  if (
    type === "apiKey" &&
    !["query", "header", "cookie"].includes(String(value.in))
  ) {
    return `field "in" must be query, header or cookie`;
  }
  return undefined;
};

const schemes: Check = (value) => {
  if (!isRecord(value)) return "must be a mapping of scheme name to scheme";
  for (const [name, item] of Object.entries(value)) {
    const problem = scheme(item);
    if (problem !== undefined) return `"${name}" ${problem}`;
  }
  return undefined;
};

/** The structured keys, what they fill and how they are checked. */
interface ExtraSpec {
  readonly field: keyof DocumentExtras;
  readonly check: Check;
}

const EXTRAS: ReadonlyMap<string, ExtraSpec> = new Map<string, ExtraSpec>([
  [`${PREFIX}servers`, {
    field: "servers",
    check: listOf((v) => fields(v, ["url"], ["description"])),
  }],
  [`${PREFIX}security`, { field: "security", check: listOf(requirement) }],
  [`${PREFIX}components.securitySchemes`, {
    field: "securitySchemes",
    check: schemes,
  }],
  [`${PREFIX}info.contact`, {
    field: "contact",
    check: (v) => fields(v, [], ["name", "url", "email"]),
  }],
  [`${PREFIX}info.license`, {
    field: "license",
    check: (v) => fields(v, ["name"], ["url"]),
  }],
]);

/** Every structured key. */
export const EXTRA_KEYS: readonly string[] = [...EXTRAS.keys()];

/** True for a key whose value is taken whole (not flattened). */
export function isExtraKey(key: string): boolean {
  return EXTRAS.has(key);
}

/**
 * Checks one structured value (`text`: JSON, from the properties form);
 * returns the field it fills, or the problem.
 */
export function readExtra(
  key: string,
  value: unknown,
): { field: keyof DocumentExtras; value: unknown } | { problem: string } {
  const spec = EXTRAS.get(key)!;
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return {
        problem: `"${key}" must be ${
          describe(spec.field)
        } (JSON in .properties)`,
      };
    }
  }
  const problem = spec.check(parsed);
  if (problem !== undefined) return { problem: `"${key}" ${problem}` };
  if (spec.field === "securitySchemes") {
    const checked = parsed as Record<string, SecurityScheme>;
    if (Object.keys(checked).length === 0) {
      return { problem: `"${key}" must name at least one scheme` };
    }
  }
  return { field: spec.field, value: parsed };
}

function describe(field: keyof DocumentExtras): string {
  return field === "servers" || field === "security" ? "a list" : "a mapping";
}
