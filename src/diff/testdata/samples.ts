/**
 * Sample values of OpenAPI 3.0 schemas, for `tailor diff`'s wire ground
 * truth: what a client could send, or a server answer, as the document
 * describes it. A sample is one of several variants, so that together they
 * exercise what a validator can refuse:
 *
 * - `fill` says how deep optional properties and one entry of every map
 *   are filled; deeper objects have only their required properties, maps
 *   there are empty and nullable values `null` (when `pick` is odd; filled
 *   minimally when it is even). The variants `Infinity` and
 *   `0..objectDepth(sample at Infinity) - 1` between them show every object
 *   the document lets be present with only its required properties;
 * - `pick` chooses the enum value and the union member (index modulo
 *   their count): the variants `0..variantCount(document) - 1` between
 *   them use every value of every enum and every member of every union;
 * - `bound` places numbers, strings and arrays: `low` and `high` at the
 *   least and greatest value their constraints admit (far out when
 *   unbounded), which is what a request sender may send and where a
 *   tightened constraint shows; `inside` strictly within them (an array of
 *   one item), as a server
 *   sends ordinary data. A number that is not an integer is never sampled
 *   as one (`1.5`), so that integer-only readers see the difference.
 *
 * Recursive schemas stop where they can (an optional property, an array,
 * a nullable value) once a component is twice on the way down.
 *
 * @module
 */

type Json = { [key: string]: unknown };

/** Which variant of a sample to make. */
export interface SampleVariant {
  /**
   * How deep optional properties and map entries are filled: objects
   * nested less deep than this have them, deeper ones only their required
   * properties. `Infinity` fills all, `0` none.
   */
  readonly fill: number;
  readonly pick: number;
  readonly bound: "low" | "high" | "inside";
}

/** Returned where recursion stops: the caller leaves the value out. */
const CUT = Symbol("cut");

/** How far out an unbounded number is sampled. */
const FAR = 1_000_000;

/** Formats the server checks, each with a value that keeps it. */
const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  "email": "someone@example.com",
  "uuid": "123e4567-e89b-12d3-a456-426614174000",
  "uri": "https://example.com/x",
  "date": "2026-11-27",
  "date-time": "2026-11-27T12:00:00Z",
};

/**
 * How many variants use every enum value and union member of `document`:
 * the largest enum or union, at least 2 (both bounds).
 */
export function variantCount(document: unknown): number {
  let most = 2;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    for (const key of ["enum", "oneOf", "anyOf"]) {
      const list = node[key];
      if (Array.isArray(list)) most = Math.max(most, list.length);
    }
    Object.values(node).forEach(visit);
  };
  visit(document);
  return most;
}

/**
 * A sample of `schema` (its `$ref`s into `document`); undefined where
 * recursion leaves nothing to send (an optional body).
 */
export function sample(
  document: Json,
  schema: unknown,
  variant: SampleVariant,
): unknown {
  const value = new Sampler(document, variant).value(schema, [], 0);
  return value === CUT ? undefined : value;
}

class Sampler {
  constructor(
    private readonly document: Json,
    private readonly variant: SampleVariant,
  ) {}

  /** A sample of `schema` in an object nested `depth` deep. */
  value(schema: unknown, stack: readonly string[], depth: number): unknown {
    if (!isObject(schema)) return "any";
    if (typeof schema.$ref === "string") {
      const name = schema.$ref;
      if (stack.filter((s) => s === name).length >= 2) return CUT;
      return this.value(this.#resolve(name), [...stack, name], depth);
    }
    if (schema.nullable === true && this.#leavesOut(depth)) return null;
    if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
      const members = (schema.oneOf ?? schema.anyOf) as unknown[];
      const member = members[this.variant.pick % members.length];
      const value = this.value(member, stack, depth);
      return value === CUT && schema.nullable === true ? null : value;
    }
    if (Array.isArray(schema.allOf)) return this.#allOf(schema, stack, depth);
    if (Array.isArray(schema.enum)) {
      return schema.enum[this.variant.pick % schema.enum.length];
    }
    switch (schema.type) {
      case "object":
        return this.#object(schema, stack, depth);
      case "array":
        return this.#array(schema, stack, depth);
      case "string":
        return this.#string(schema);
      case "integer":
      case "number":
        return this.#number(schema);
      case "boolean":
        return this.variant.pick % 2 === 0;
      default:
        return "any";
    }
  }

  /** Whether optional properties of an object `depth` deep are left out. */
  #minimal(depth: number): boolean {
    return depth >= this.variant.fill;
  }

  /**
   * Whether a nullable value `depth` deep is `null`: where optional
   * properties are left out, in variants of odd `pick` (those of even
   * `pick` fill it, minimally).
   */
  #leavesOut(depth: number): boolean {
    return this.#minimal(depth) && this.variant.pick % 2 === 1;
  }

  #allOf(schema: Json, stack: readonly string[], depth: number): unknown {
    const parts = (schema.allOf as unknown[]).map((s) =>
      this.value(s, stack, depth)
    );
    if (parts.includes(CUT)) return schema.nullable === true ? null : CUT;
    if (parts.every(isObject)) return Object.assign({}, ...parts);
    return parts[0];
  }

  #object(schema: Json, stack: readonly string[], depth: number): unknown {
    const out: Json = {};
    const minimal = this.#minimal(depth);
    const required = new Set((schema.required ?? []) as string[]);
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    for (const [name, property] of Object.entries(properties)) {
      if (!required.has(name) && minimal) continue;
      const value = this.value(property, stack, depth + 1);
      if (value !== CUT) out[name] = value;
      else if (required.has(name)) return CUT;
    }
    if (isObject(schema.additionalProperties) && !minimal) {
      const value = this.value(schema.additionalProperties, stack, depth + 1);
      if (value !== CUT) out.key = value;
    }
    return out;
  }

  #array(schema: Json, stack: readonly string[], depth: number): unknown {
    const least = typeof schema.minItems === "number" ? schema.minItems : 0;
    const most = typeof schema.maxItems === "number" ? schema.maxItems : 2;
    const length = this.variant.bound === "low"
      ? least
      : this.variant.bound === "high"
      ? most
      : Math.max(least, Math.min(most, 1));
    const items = Array.from(
      { length },
      () => this.value(schema.items, stack, depth),
    );
    if (!items.includes(CUT)) return items;
    return least === 0 ? [] : CUT;
  }

  #string(schema: Json): string {
    if (typeof schema.format === "string" && schema.format in FORMAT_SAMPLES) {
      return FORMAT_SAMPLES[schema.format]!;
    }
    const least = typeof schema.minLength === "number" ? schema.minLength : 0;
    const most = typeof schema.maxLength === "number" ? schema.maxLength : 12;
    const length = this.variant.bound === "low"
      ? least
      : this.variant.bound === "high"
      ? most
      : Math.max(least, Math.min(most, 4));
    const text = "text".repeat(Math.ceil(length / 4)).slice(0, length);
    if (schema.pattern === undefined) return text;
    // A grammar (sortCode's) or an id (fetcherId's): the first of a few
    // plain texts it admits.
    const pattern = new RegExp(String(schema.pattern), "u");
    const fits = [text, "", "id", "id asc", "0".repeat(64)].find((candidate) =>
      pattern.test(candidate) && candidate.length >= least &&
      candidate.length <=
        (typeof schema.maxLength === "number" ? schema.maxLength : Infinity)
    );
    if (fits === undefined) {
      throw new Error(`cannot sample a string of pattern ${schema.pattern}`);
    }
    return fits;
  }

  #number(schema: Json): number {
    const integer = schema.type === "integer";
    // Exclusive bounds (OpenAPI 3.0: a boolean beside the bound) one step in.
    const step = integer ? 1 : 0.5;
    const low = typeof schema.minimum === "number"
      ? schema.minimum + (schema.exclusiveMinimum === true ? step : 0)
      : undefined;
    const high = typeof schema.maximum === "number"
      ? schema.maximum - (schema.exclusiveMaximum === true ? step : 0)
      : undefined;
    const fraction = integer ? 0 : 0.5;
    switch (this.variant.bound) {
      case "low":
        return low ?? -FAR - fraction;
      case "high":
        return high ?? FAR + fraction;
      case "inside":
        if (low !== undefined && high !== undefined) {
          return integer ? Math.floor((low + high) / 2) : (low + high) / 2;
        }
        return low !== undefined
          ? low + 1 + fraction
          : high !== undefined
          ? high - 1 - fraction
          : 1 + fraction;
    }
  }

  #resolve(ref: string): unknown {
    if (!ref.startsWith("#/")) throw new Error(`cannot resolve ${ref}`);
    const found = ref.slice(2).split("/").reduce<unknown>(
      (node, part) => isObject(node) ? node[part] : undefined,
      this.document,
    );
    if (found === undefined) throw new Error(`cannot resolve ${ref}`);
    return found;
  }
}

/** How deep objects nest in `value`: 0 for a scalar, 1 for `{}`. */
export function objectDepth(value: unknown): number {
  if (Array.isArray(value)) return Math.max(0, ...value.map(objectDepth));
  if (!isObject(value)) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(objectDepth));
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
