/**
 * Test helper: the requests of a contract fuzz (contract_fuzz.ts), drawn
 * with fast-check from an OpenAPI 3.0 document's operations: valid ones,
 * and ones with one parameter or the body broken (or left out when
 * required), serialized as a client sends them (path and query encoded,
 * query arrays as repeated keys, JSON or multipart bodies).
 *
 * @module
 */

// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import fc from "npm:fast-check@4.10.2";
import {
  invalidValues,
  type Json,
  type Refused,
  resolverOf,
  validValues,
} from "./schema_arbitrary.ts";

/** One request drawn from the document. */
export interface FuzzRequest {
  /** `GET /book/{id}`: the operation, as the document writes it. */
  readonly operation: string;
  readonly method: string;
  /** Path and query, encoded. */
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: BodyInit;
  /** Why the document refuses it; undefined for a valid request. */
  readonly refused?: string;
}

/** An operation of a document: method, path, operation, its parameters. */
export interface Operation {
  readonly method: string;
  readonly path: string;
  readonly operation: Json;
  readonly parameters: readonly Json[];
}

const METHODS = ["get", "put", "post", "delete", "patch"];

/** Every operation of a document, path parameters included. */
export function operationsOf(document: Json): Operation[] {
  const paths = (document.paths ?? {}) as Record<string, Json>;
  const shared = ((document.components as Json | undefined)?.parameters ??
    {}) as Record<string, Json>;
  const parameter = (p: Json): Json =>
    typeof p.$ref === "string"
      ? shared[p.$ref.replace("#/components/parameters/", "")]!
      : p;
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((m) => m in item).map((method) => {
      const operation = item[method] as Json;
      return {
        method: method.toUpperCase(),
        path,
        operation,
        parameters: [
          ...((item.parameters ?? []) as Json[]),
          ...((operation.parameters ?? []) as Json[]),
        ].map(parameter),
      };
    })
  );
}

/** Header values: printable ASCII, as a fuzzer keeps them sendable. */
const HEADER_TEXT = fc.stringMatching(/^[!-~]{0,16}$/);

/** The requests of one operation: `count` valid, then `count` refused. */
export function requestsOf(
  document: Json,
  op: Operation,
  count: number,
  seed: number,
  headers: Record<string, string> = {},
): FuzzRequest[] {
  const resolve = resolverOf(document);
  const body = requestBody(op.operation);
  const valuesOf = (p: Json) =>
    p.in === "header" && (p.schema as Json).type === "string"
      ? HEADER_TEXT
      : validValues(p.schema as Json, resolve);
  const validParameters = fc.record(
    Object.fromEntries(
      op.parameters.map((p) => [p.name as string, valuesOf(p)]),
    ),
    {
      requiredKeys: op.parameters.filter((p) => p.required === true).map((p) =>
        p.name as string
      ),
    },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const validBody = body === undefined
    ? fc.constant(undefined)
    : body.required
    ? validValues(body.schema, resolve)
    : fc.option(validValues(body.schema, resolve), { nil: undefined });
  const valid = fc.tuple(validParameters, validBody).map(([values, value]) =>
    request(op, values, value, body?.media, headers)
  );
  // Refused: one parameter or the body broken (or left out when required).
  const broken: fc.Arbitrary<FuzzRequest>[] = [];
  for (const p of op.parameters) {
    if (p.in === "header") continue;
    const name = p.name as string;
    const wrong = invalidValues(p.schema as Json, resolve);
    const choices: fc.Arbitrary<Refused>[] = [
      ...(wrong === undefined ? [] : [wrong]),
      ...(p.required === true && p.in !== "path"
        ? [fc.constant({ value: undefined, why: "left out" })]
        : []),
    ];
    if (choices.length === 0) continue;
    broken.push(
      fc.tuple(validParameters, validBody, fc.oneof(...choices)).map((
        [values, value, { value: bad, why }],
      ) => ({
        ...request(op, { ...values, [name]: bad }, value, body?.media, headers),
        refused: `${name} ${why}`,
      })),
    );
  }
  if (body !== undefined) {
    const wrong = invalidValues(body.schema, resolve);
    const choices: fc.Arbitrary<Refused>[] = [
      ...(wrong === undefined ? [] : [wrong]),
      ...(body.required
        ? [fc.constant({ value: undefined, why: "left out" })]
        : []),
    ];
    if (choices.length > 0) {
      broken.push(
        fc.tuple(validParameters, fc.oneof(...choices)).map((
          [values, { value, why }],
        ) => ({
          ...request(op, values, value, body.media, headers),
          refused: `the body ${why}`,
        })),
      );
    }
  }
  return [
    ...fc.sample(valid, { seed, numRuns: count }),
    ...(broken.length === 0
      ? []
      : fc.sample(fc.oneof(...broken), { seed: seed + 1, numRuns: count })),
  ];
}

function requestBody(
  operation: Json,
): { media: string; schema: Json; required: boolean } | undefined {
  const body = operation.requestBody as Json | undefined;
  if (body === undefined) return undefined;
  const [media, content] = Object.entries(
    body.content as Record<string, Json>,
  )[0]!;
  return {
    media,
    schema: content.schema as Json,
    required: body.required === true,
  };
}

function request(
  op: Operation,
  values: Record<string, unknown>,
  body: unknown,
  media: string | undefined,
  extra: Record<string, string>,
): FuzzRequest {
  let path = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { ...extra };
  for (const p of op.parameters) {
    const value = values[p.name as string];
    if (value === undefined) continue;
    const texts = (Array.isArray(value) ? value : [value]).map(String);
    if (p.in === "path") {
      const text = texts.join(",");
      path = path.replace(
        `{${p.name}}`,
        text === "." || text === ".."
          ? `%2E${text.slice(1)}`
          : encodeURIComponent(text),
      );
    } else if (p.in === "query") {
      for (const text of texts) query.append(p.name as string, text);
    } else if (p.in === "header") headers[p.name as string] = texts.join(",");
  }
  const search = query.toString();
  const out = {
    operation: `${op.method} ${op.path}`,
    method: op.method,
    url: search === "" ? path : `${path}?${search}`,
    headers,
  };
  if (body === undefined || media === undefined) return out;
  if (media === "multipart/form-data" && isObject(body)) {
    const form = new FormData();
    for (const [name, part] of Object.entries(body)) {
      form.append(
        name,
        part === "file"
          ? new File([new Uint8Array(4)], "part.png")
          : new Blob([JSON.stringify(part)], { type: "application/json" }),
      );
    }
    return { ...out, body: form };
  }
  return {
    ...out,
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  };
}

export function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
