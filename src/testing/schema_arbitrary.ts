/**
 * Test helper: fast-check arbitraries of the values an OpenAPI 3.0 schema
 * admits and of values it refuses, as a property-based fuzzer
 * (Schemathesis) draws them: bounds and lengths at their edges, strings of
 * any code point (astral ones too, counted as one), patterns through
 * `fc.stringMatching`, objects with and without their optional properties,
 * one member of a discriminated union. A schema without bounds draws
 * integers past 2^53 too, so a bound the server enforces but the document
 * leaves out shows as a refused valid value.
 *
 * @module
 */

// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import fc from "npm:fast-check@4.10.2";

/** A parsed JSON value. */
export type Json = { [key: string]: unknown };

/** A fast-check arbitrary of any value. */
export type Values = fc.Arbitrary<unknown>;

/** Resolves `#/components/schemas/<Name>` of a document. */
export type Resolver = (schema: Json) => Json;

/** The resolver of `document`'s component schemas (nested `$ref`s too). */
export function resolverOf(document: Json): Resolver {
  const schemas = ((document.components as Json | undefined)?.schemas ??
    {}) as Record<string, Json>;
  const resolve: Resolver = (schema) => {
    const ref = schema.$ref;
    if (typeof ref !== "string") return schema;
    const found = schemas[ref.replace("#/components/schemas/", "")];
    if (found === undefined) throw new Error(`unknown schema ${ref}`);
    return resolve(found);
  };
  return resolve;
}

/** Past 2^53: what an integer without published bounds may be sent. */
const UNSAFE = [2 ** 53, -(2 ** 53), 1e20];

/** Values `schema` admits. */
export function validValues(schema: Json, resolve: Resolver): Values {
  const s = resolve(schema);
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) {
    const members = (s.anyOf ?? s.oneOf) as Json[];
    return fc.oneof(...members.map((m) => validValues(m, resolve)));
  }
  if (Array.isArray(s.allOf)) {
    // One member (a described `$ref`): its values.
    return validValues((s.allOf as Json[])[0]!, resolve);
  }
  if (Array.isArray(s.enum)) {
    return fc.constantFrom(...(s.enum as unknown[]));
  }
  const values = byType(s, resolve);
  return s.nullable === true ? fc.oneof(values, fc.constant(null)) : values;
}

function byType(s: Json, resolve: Resolver): Values {
  switch (s.type) {
    case "integer":
      return integers(s);
    case "number":
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        ...(typeof s.minimum === "number" ? { min: s.minimum } : {}),
        ...(typeof s.maximum === "number" ? { max: s.maximum } : {}),
        ...(s.exclusiveMinimum === true ? { minExcluded: true } : {}),
        ...(s.exclusiveMaximum === true ? { maxExcluded: true } : {}),
      });
    case "boolean":
      return fc.boolean();
    case "string":
      return strings(s);
    case "array":
      return fc.array(validValues(s.items as Json, resolve), {
        minLength: (s.minItems as number | undefined) ?? 0,
        maxLength: (s.maxItems as number | undefined) ?? 4,
      });
    case "object":
      return objects(s, resolve);
    default:
      return fc.constant(null);
  }
}

function integers(s: Json): Values {
  const min = typeof s.minimum === "number"
    ? s.minimum + (s.exclusiveMinimum === true ? 1 : 0)
    : undefined;
  const max = typeof s.maximum === "number"
    ? s.maximum - (s.exclusiveMaximum === true ? 1 : 0)
    : undefined;
  const low = min ?? Number.MIN_SAFE_INTEGER;
  const high = max ?? Number.MAX_SAFE_INTEGER;
  const edges = [low, high, Math.max(low, Math.min(high, 0))];
  const unbounded = UNSAFE.filter((v) =>
    (min === undefined || v >= min) && (max === undefined || v <= max)
  );
  return fc.oneof(
    fc.constantFrom(...edges, ...unbounded),
    fc.integer({ min: Math.max(low, -1000), max: Math.min(high, 1000) }),
    fc.integer({ min: low, max: high }),
  );
}

/** Any code point but a lone surrogate, astral ones (`😀`) often. */
const CHARACTER = fc.oneof(
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) =>
    String.fromCodePoint(c)
  ),
).filter((c) => c.isWellFormed());

function strings(s: Json): Values {
  if (s.format === "binary") return fc.constant("file");
  if (typeof s.pattern === "string") {
    const pattern = new RegExp(s.pattern, "u");
    return fc.stringMatching(pattern).filter((text) =>
      fits(text, s) && text.isWellFormed()
    );
  }
  const minLength = (s.minLength as number | undefined) ?? 0;
  const maxLength = (s.maxLength as number | undefined) ?? 24;
  const text = (min: number, max: number) =>
    fc.array(CHARACTER, { minLength: min, maxLength: max }).map((cs) =>
      cs.join("")
    );
  // The edges too: exactly minLength, exactly maxLength code points.
  return fc.oneof(
    text(minLength, maxLength),
    text(minLength, minLength),
    text(maxLength, maxLength),
  );
}

function fits(text: string, s: Json): boolean {
  const length = [...text].length;
  return length >= ((s.minLength as number | undefined) ?? 0) &&
    length <= ((s.maxLength as number | undefined) ?? Infinity);
}

function objects(s: Json, resolve: Resolver): Values {
  const properties = propertiesOf(s);
  const required = new Set((s.required ?? []) as string[]);
  return fc.record(
    Object.fromEntries(
      [...properties].map(([name, p]) => [name, validValues(p, resolve)]),
    ),
    { requiredKeys: [...properties.keys()].filter((k) => required.has(k)) },
  );
}

function propertiesOf(s: Json): Map<string, Json> {
  const properties = s.properties ?? {};
  return new Map(
    properties instanceof Map
      ? properties
      : Object.entries(properties as Record<string, Json>),
  );
}

/** A value `schema` refuses, with what makes it wrong. */
export interface Refused {
  readonly value: unknown;
  readonly why: string;
}

/**
 * Values `schema` refuses; undefined when it admits anything a request can
 * carry (an unconstrained string).
 */
export function invalidValues(
  schema: Json,
  resolve: Resolver,
): fc.Arbitrary<Refused> | undefined {
  const s = resolve(schema);
  const wrong: fc.Arbitrary<Refused>[] = [];
  const add = (values: Values, why: string) =>
    wrong.push(values.map((value) => ({ value, why })));
  if (Array.isArray(s.allOf)) {
    return invalidValues((s.allOf as Json[])[0]!, resolve);
  }
  if (Array.isArray(s.enum)) {
    add(
      fc.string({ minLength: 1, maxLength: 8 }).filter((v) =>
        !(s.enum as unknown[]).includes(v)
      ),
      "not in the enum",
    );
  }
  switch (s.type) {
    case "integer": {
      if (typeof s.minimum === "number") {
        add(fc.constant(s.minimum - 1), "below the minimum");
      }
      if (typeof s.maximum === "number") {
        add(fc.constant(s.maximum + 1), "above the maximum");
      }
      add(fc.constantFrom(1.5, "abc", true), "not an integer");
      break;
    }
    case "number":
      if (typeof s.minimum === "number") {
        add(fc.constant(s.minimum - 1), "below the minimum");
      }
      if (typeof s.maximum === "number") {
        add(fc.constant(s.maximum + 1), "above the maximum");
      }
      add(fc.constant("ten"), "not a number");
      break;
    case "boolean":
      add(fc.constantFrom("yes", 2), "not a boolean");
      break;
    case "string":
      if (s.format === "binary") break;
      if (typeof s.minLength === "number" && s.minLength > 0) {
        add(
          fc.array(CHARACTER, { maxLength: s.minLength - 1 }).map((cs) =>
            cs.join("")
          ),
          "shorter than minLength",
        );
      }
      if (typeof s.maxLength === "number") {
        add(
          fc.array(CHARACTER, {
            minLength: s.maxLength + 1,
            maxLength: s.maxLength + 4,
          }).map((cs) => cs.join("")),
          "longer than maxLength",
        );
      }
      if (typeof s.pattern === "string") {
        const pattern = new RegExp(s.pattern, "u");
        add(
          fc.string({ maxLength: 12 }).filter((v) =>
            !pattern.test(v) && fits(v, s)
          ),
          "not matching the pattern",
        );
      }
      break;
    case "array": {
      if (typeof s.maxItems === "number") {
        add(
          fc.array(validValues(s.items as Json, resolve), {
            minLength: s.maxItems + 1,
            maxLength: s.maxItems + 2,
          }),
          "more items than maxItems",
        );
      }
      const item = invalidValues(s.items as Json, resolve);
      if (item !== undefined) {
        wrong.push(item.map(({ value, why }) => ({
          value: [value],
          why: `an item ${why}`,
        })));
      }
      break;
    }
    case "object":
      wrong.push(...invalidObjects(s, resolve));
      break;
  }
  return wrong.length === 0 ? undefined : fc.oneof(...wrong);
}

function invalidObjects(s: Json, resolve: Resolver): fc.Arbitrary<Refused>[] {
  const properties = propertiesOf(s);
  const valid = objects(s, resolve) as fc.Arbitrary<Json>;
  const out: fc.Arbitrary<Refused>[] = [
    fc.constantFrom("text", 3, [1]).map((value) => ({
      value,
      why: "not an object",
    })),
  ];
  for (const name of (s.required ?? []) as string[]) {
    out.push(valid.map((object) => {
      const { [name]: _, ...rest } = object;
      return { value: rest, why: `without the required ${name}` };
    }));
  }
  if (s.additionalProperties === false) {
    out.push(valid.map((object) => ({
      value: { ...object, unexpected: 1 },
      why: "with a property the schema does not list",
    })));
  }
  for (const [name, property] of properties) {
    const wrong = invalidValues(property, resolve);
    if (wrong === undefined) continue;
    out.push(
      fc.tuple(valid, wrong).map(([object, { value, why }]) => ({
        value: { ...object, [name]: value },
        why: `${name} ${why}`,
      })),
    );
  }
  return out;
}
