/**
 * The wire ground truth of `tailor diff`, on the document level: between a
 * base model and a head model, does an old client still work against the
 * new server? Both models' OpenAPI documents are emitted, operations are
 * matched by method and path (what travels), and two things are checked:
 *
 * - the old client decodes the new server's answers: sample answers made
 *   from the HEAD document (every variant of `samples.ts`, `inside` the
 *   constraints, an empty body where the result may be absent) are
 *   validated against the BASE document's response schema
 *   (`responseValidator`), with `additionalProperties: false` and the
 *   value rules (bounds, lengths, patterns) dropped there: decoders ignore
 *   properties they do not know and check no bound;
 * - the new server accepts the old client's requests: requests made from
 *   the BASE document (every parameter, then only the required ones;
 *   bodies full and minimal; values at the `low` and the `high` end of
 *   their constraints) are validated against the HEAD document. A
 *   parameter travels as text and is read as its new schema says (ajv's
 *   type coercion: `"7"` is an integer, `"text"` is not); an unknown one is
 *   ignored, a missing required one refused. A body goes through the
 *   server's own check (`bodyChecks`: closed objects, required, types,
 *   enums, constraints, formats); a body sent where none is declared is
 *   ignored, none sent where one is required refused. An operation whose
 *   method and path are gone refuses everything.
 *
 * Both documents are made with their side's null render mode. Declared
 * error answers are not sampled.
 *
 * @module
 */

import { Ajv, type ValidateFunction } from "ajv";
import type { ApiModel } from "../../model/api_model.ts";
import type { DiffSide } from "../diff_models.ts";
import {
  buildOpenApiDocument,
  NULLABLE_EXTENSION,
} from "../../emit/openapi/emit_openapi.ts";
import { MULTIPART_FORM_DATA } from "../../emit/openapi/multipart.ts";
import {
  componentsSchema,
  toJsonSchema,
} from "../../emit/openapi/json_schema.ts";
import {
  type BodyCheck,
  bodyChecks,
} from "../../server/routes/body_validator.ts";
import {
  type ResponseCheck,
  responseValidator,
} from "../../testing/validate_openapi.ts";
import {
  objectDepth,
  sample,
  type SampleVariant,
  variantCount,
} from "./samples.ts";

type Json = { [key: string]: unknown };

const METHODS = ["get", "put", "post", "delete", "patch"];

/** An operation of a document, with the parameters of its path item. */
interface DocumentOperation {
  /** `GET /m0/r0/{id}`. */
  readonly route: string;
  readonly operation: Json;
  readonly parameters: readonly Json[];
}

/**
 * The wire ground truth against one base model: {@link breakOf} a head
 * model. What depends on the base only (its document, the validators of
 * its answers) and the validators of request values met before (by their
 * schema and the components it reaches) are made once.
 */
export class WireTruth {
  readonly #doc: Json;
  readonly #operations: readonly DocumentOperation[];
  readonly #decode: ResponseCheck;
  /** Checks of parameter values and of bodies, by schema and components. */
  readonly #parameterChecks = new Map<string, ValidateFunction>();
  readonly #bodyChecks = new Map<string, BodyCheck | undefined>();
  readonly #ajv = new Ajv({ strict: false, coerceTypes: "array" });

  constructor(base: DiffSide) {
    this.#doc = documentOf(base);
    this.#operations = operationsOf(this.#doc);
    this.#decode = responseValidator(JSON.stringify(openObjects(this.#doc)));
  }

  /**
   * The first way an old client (of the base) fails against the new server
   * (of `head`), or undefined when none does.
   */
  breakOf(head: DiffSide): string | undefined {
    const headDoc = documentOf(head);
    const heads = new Map(operationsOf(headDoc).map((o) => [o.route, o]));
    const variants = variantCount([this.#doc, headDoc]);
    for (const old of this.#operations) {
      const now = heads.get(old.route);
      if (now === undefined) return `${old.route}: gone`;
      const problem = this.#answerProblem(old, now, headDoc, variants) ??
        this.#requestProblem(old, now, head.model, headDoc, variants);
      if (problem !== undefined) return `${old.route}: ${problem}`;
    }
    return undefined;
  }

  /** Why the old client refuses an answer of the new server, if it does. */
  #answerProblem(
    old: DocumentOperation,
    now: DocumentOperation,
    headDoc: Json,
    variants: number,
  ): string | undefined {
    const all = { fill: Infinity, pick: 0, bound: "inside" } as const;
    for (const fill of fills(sampleAnswer(headDoc, now.operation, all))) {
      for (let pick = 0; pick < variants; pick++) {
        const variant = { fill, pick, bound: "inside" } as const;
        const answer = sampleAnswer(headDoc, now.operation, variant);
        const problems = this.#decode(old.route, 200, answer);
        if (problems.length > 0) {
          return `the old client refuses ${JSON.stringify(answer)}: ${
            problems[0]
          }`;
        }
      }
    }
    return undefined;
  }

  /** Why the new server refuses a request of the old client, if it does. */
  #requestProblem(
    old: DocumentOperation,
    now: DocumentOperation,
    head: ApiModel,
    headDoc: Json,
    variants: number,
  ): string | undefined {
    const body = old.operation.requestBody as Json | undefined;
    const all = { fill: Infinity, pick: 0, bound: "high" } as const;
    const whole = body === undefined
      ? undefined
      : sample(this.#doc, bodyOf(body).schema, all);
    for (const fill of fills(whole)) {
      for (let pick = 0; pick < variants; pick++) {
        for (const bound of ["low", "high"] as const) {
          const variant = { fill, pick, bound };
          const refused = this.#parameterRefusal(old, now, headDoc, variant) ??
            this.#bodyRefusal(old, now, head, headDoc, variant);
          if (refused !== undefined) return refused;
        }
      }
    }
    return undefined;
  }

  /** Why the new server refuses the old client's parameters, if it does. */
  #parameterRefusal(
    old: DocumentOperation,
    now: DocumentOperation,
    headDoc: Json,
    variant: SampleVariant,
  ): string | undefined {
    const sent = new Map<string, unknown>();
    for (const p of old.parameters) {
      if (p.required !== true && variant.fill === 0) continue;
      const value = sample(this.#doc, p.schema, variant);
      if (value !== undefined && value !== null) {
        sent.set(parameterKey(p), asText(value));
      }
    }
    for (const p of now.parameters) {
      const key = parameterKey(p);
      if (!sent.has(key)) {
        if (p.required === true) return `${key} is required, and not sent`;
        continue;
      }
      const validate = this.#parameterCheck(headDoc, p.schema);
      // Wrapped in an object: ajv coerces a property in place, not a root.
      if (!validate({ value: structuredClone(sent.get(key)) })) {
        return `${key}=${JSON.stringify(sent.get(key))} is refused: ${
          validate.errors?.[0]?.message
        }`;
      }
    }
    return undefined;
  }

  #parameterCheck(document: Json, schema: unknown): ValidateFunction {
    const key = closureKey(document, schema);
    let validate = this.#parameterChecks.get(key);
    if (validate === undefined) {
      const ajv = JSON.stringify(schema).includes('"$ref"')
        ? new Ajv({ strict: false, coerceTypes: "array" })
          .addSchema(componentsSchema(document))
        : this.#ajv;
      validate = ajv.compile({
        type: "object",
        properties: { value: toJsonSchema(schema) },
      });
      this.#parameterChecks.set(key, validate);
    }
    return validate;
  }

  #partsCheck(document: Json, schema: unknown): BodyCheck {
    const validate = new Ajv({ strict: false, validateFormats: false })
      .addSchema(componentsSchema(document))
      .compile({ allOf: [toJsonSchema(schema)] });
    return (body) =>
      validate(body) ? undefined : validate.errors?.[0]?.message ?? "refused";
  }

  /** Why the new server refuses the old client's body, if it does. */
  #bodyRefusal(
    old: DocumentOperation,
    now: DocumentOperation,
    head: ApiModel,
    headDoc: Json,
    variant: SampleVariant,
  ): string | undefined {
    const oldBody = old.operation.requestBody as Json | undefined;
    const newBody = now.operation.requestBody as Json | undefined;
    const sends = oldBody !== undefined &&
      (oldBody.required === true || variant.fill > 0);
    if (!sends) {
      return newBody?.required === true ? "a body is required" : undefined;
    }
    if (newBody === undefined) return undefined;
    const sent = bodyOf(oldBody), expected = bodyOf(newBody);
    if (sent.media !== expected.media) {
      return `the body travels as ${expected.media}, not ${sent.media}`;
    }
    const body = sample(this.#doc, sent.schema, variant);
    const key = closureKey(headDoc, expected.schema);
    if (!this.#bodyChecks.has(key)) {
      this.#bodyChecks.set(
        key,
        expected.media === MULTIPART_FORM_DATA
          // The parts as one object: required ones there, no other, each of
          // its type (a file part's text stands for its bytes).
          ? this.#partsCheck(headDoc, expected.schema)
          // The server's own check, made from the head model.
          : bodyChecks(head).get(now.route),
      );
    }
    const problem = this.#bodyChecks.get(key)?.(body);
    return problem === undefined
      ? undefined
      : `the body ${JSON.stringify(body)} is refused: ${problem}`;
  }
}

/**
 * The `fill`s of the variants: all (`Infinity`), and each depth of `whole`
 * (a sample filled all the way), so that every object in it is once present
 * with only its required properties.
 */
function fills(whole: unknown): number[] {
  const depth = Math.max(1, objectDepth(whole));
  return [Infinity, ...Array.from({ length: depth }, (_, i) => i)];
}

/**
 * A text that is the same exactly when `schema` means the same in two
 * documents: it with the components it reaches.
 */
function closureKey(document: Json, schema: unknown): string {
  const reached = new Map<string, unknown>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    const ref = (node as Json).$ref;
    if (typeof ref === "string" && !reached.has(ref)) {
      const target = resolve(document, { $ref: ref });
      reached.set(ref, target);
      visit(target);
    }
    Object.values(node).forEach(visit);
  };
  visit(schema);
  return JSON.stringify([schema, [...reached]]);
}

/** The side's OpenAPI document as plain JSON (what the YAML text holds). */
function documentOf(side: DiffSide): Json {
  const document = buildOpenApiDocument(side.model, {
    info: { title: "wire", version: "0" },
    ...(side.nullMode === undefined ? {} : { nullRenderMode: side.nullMode }),
  });
  return JSON.parse(
    JSON.stringify(
      document,
      (_, value) => value instanceof Map ? Object.fromEntries(value) : value,
    ),
  );
}

function operationsOf(document: Json): DocumentOperation[] {
  const out: DocumentOperation[] = [];
  for (const [path, item] of Object.entries(document.paths as Json)) {
    const shared = ((item as Json).parameters ?? []) as Json[];
    for (const method of METHODS) {
      const operation = (item as Json)[method] as Json | undefined;
      if (operation === undefined) continue;
      out.push({
        route: `${method.toUpperCase()} ${path}`,
        operation,
        parameters: [...shared, ...(operation.parameters ?? []) as Json[]]
          .map((p) => resolve(document, p)),
      });
    }
  }
  return out;
}

/** Value rules a decoder does not check: it reads types, not bounds. */
const VALUE_RULES = new Set([
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
]);

/**
 * `document` as a client decodes answers: objects open (unknown properties
 * are ignored) and without value rules (neither the TypeScript client nor
 * Jackson checks a bound or a length on what it reads; a client that does
 * is why a loosened response constraint is dangerous, not compatible).
 */
function openObjects(document: Json): unknown {
  return JSON.parse(
    JSON.stringify(
      document,
      (key, value) =>
        (key === "additionalProperties" && value === false) ||
          (VALUE_RULES.has(key) && typeof value !== "object")
          ? undefined
          : value,
    ),
  );
}

/** An answer of `operation`'s `200`: undefined for an empty body. */
function sampleAnswer(
  document: Json,
  operation: Json,
  variant: SampleVariant,
): unknown {
  const ok = (operation.responses as Json)["200"] as Json;
  const media = Object.values((ok.content ?? {}) as Json)[0] as
    | Json
    | undefined;
  if (media === undefined) return undefined;
  const value = sample(document, media.schema, variant);
  return value === null && ok[NULLABLE_EXTENSION] === true ? undefined : value;
}

/** The media type a body travels as, and its schema. */
function bodyOf(body: Json): { media: string; schema: unknown } {
  const [media, content] = Object.entries(body.content as Json)[0]!;
  if (media !== "application/json" && media !== MULTIPART_FORM_DATA) {
    throw new Error(`unsampled body media ${media}`);
  }
  return { media, schema: (content as Json).schema };
}

/** `query pageSize`; header names are case-insensitive. */
function parameterKey(p: Json): string {
  const name = String(p.name);
  return `${p.in} ${p.in === "header" ? name.toLowerCase() : name}`;
}

/** A parameter's value as it travels: text, or texts (a repeated one). */
function asText(value: unknown): unknown {
  return Array.isArray(value) ? value.map((v) => String(v)) : String(value);
}

function resolve(document: Json, value: Json): Json {
  if (typeof value.$ref !== "string") return value;
  return value.$ref.slice(2).split("/").reduce<unknown>(
    (node, part) => (node as Json)[part],
    document,
  ) as Json;
}
