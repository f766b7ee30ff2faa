/**
 * Test helper: a property-based contract fuzz of a served OpenAPI 3.0
 * document, after Schemathesis (whose PyPI package is out of reach here):
 * requests drawn from the document with fast-check (fuzz_requests.ts),
 * valid ones and ones that break one parameter or the body, sent to the
 * live server; each answer checked as Schemathesis checks it:
 *
 * - `not_a_server_error`: no 5xx;
 * - `status_code_conformance`: the status is one the operation lists
 *   (its `default` does not count);
 * - `content_type_conformance` and `response_schema_conformance`: a body of
 *   a listed media type (an empty body only where the response has no
 *   content: a tool does not know `x-tailor-nullable`), whose JSON the
 *   third-party `openapi-response-validator` accepts;
 * - `negative_data_rejection`: a request the document refuses is a 4xx (an
 *   integer past its bounds says "out of range");
 * - `positive_data_acceptance`: a request the document admits is not a
 *   400, but where the document cannot say the rule (`exempt`);
 * - `unsupported_method`: another method on a known path is a 405 whose
 *   `Allow` lists the path's methods.
 *
 * Seeded and bounded: the same seed sends the same requests.
 *
 * @module
 */

// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import OpenApiResponseValidator from "npm:openapi-response-validator@12.1.3";
import type { Json } from "./schema_arbitrary.ts";
import {
  type FuzzRequest,
  isObject,
  type Operation,
  operationsOf,
  requestsOf,
} from "./fuzz_requests.ts";

/** What the fuzz found: `<operation> <check>` with one example each. */
export type Failures = Map<string, string>;

/** Options of {@link fuzzDocument}. */
export interface FuzzOptions {
  /** The server's base URL (`http://127.0.0.1:PORT`). */
  readonly base: string;
  /** The served document, parsed. */
  readonly document: Json;
  readonly seed: number;
  /** Valid and invalid requests drawn per operation (each). */
  readonly perOperation: number;
  /** Headers sent with every request (the bearer token). */
  readonly headers?: Record<string, string>;
  /**
   * A refused valid request the document cannot describe (a fetcher's
   * grammar, a missing referenced row): true to let it pass.
   */
  readonly exempt?: (request: FuzzRequest, body: unknown) => boolean;
}

/** An answer as it came over the wire. */
interface Answer {
  readonly status: number;
  readonly contentType: string | null;
  readonly allow: string | null;
  readonly text: string;
}

async function send(base: string, request: FuzzRequest): Promise<Answer> {
  const response = await fetch(base + request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    allow: response.headers.get("allow"),
    text: await response.text(),
  };
}

/**
 * Sends `perOperation` valid and as many refused requests to every
 * operation of the document and another method to every path; returns the
 * failing `<operation> <check>` pairs.
 */
export async function fuzzDocument(options: FuzzOptions): Promise<Failures> {
  const { document, base } = options;
  const failures: Failures = new Map();
  const fail = (operation: string, check: string, example: string) => {
    const key = `${operation} ${check}`;
    if (!failures.has(key)) failures.set(key, example);
  };
  const Validator = (OpenApiResponseValidator as unknown as {
    default: new (args: Json) => {
      validateResponse(status: number, body: unknown): unknown;
    };
  }).default;
  for (const [index, op] of operationsOf(document).entries()) {
    const responses = op.operation.responses as Record<string, Json>;
    const validator = new Validator({
      responses,
      components: document.components,
    });
    const requests = requestsOf(
      document,
      op,
      options.perOperation,
      options.seed + 2 * index,
      options.headers,
    );
    for (const request of requests) {
      const answer = await send(base, request);
      const where = `${request.method} ${request.url}${
        request.refused === undefined ? "" : ` (${request.refused})`
      }: ${answer.status} ${answer.text.slice(0, 200)}`;
      const body = parsed(answer);
      for (const problem of conformance(answer, body, responses, validator)) {
        fail(request.operation, problem, where);
      }
      if (request.refused !== undefined) {
        if (answer.status < 400 || answer.status >= 500) {
          fail(request.operation, "negative_data_rejection", where);
        } else if (
          /(below the minimum|above the maximum)/.test(request.refused) &&
          isObject(body) && typeof body.message === "string" &&
          /is not an integer/.test(body.message)
        ) {
          fail(request.operation, "out_of_range_message", where);
        }
      } else if (
        (answer.status === 400 || answer.status === 422) &&
        options.exempt?.(request, body) !== true
      ) {
        fail(request.operation, "positive_data_acceptance", where);
      }
    }
  }
  await unsupportedMethods(options, fail);
  return failures;
}

function parsed(answer: Answer): unknown {
  const media = answer.contentType?.split(";")[0]?.trim();
  if (media !== "application/json") return answer.text;
  try {
    return JSON.parse(answer.text);
  } catch {
    return answer.text;
  }
}

/** The status, content type and schema problems of an answer. */
function conformance(
  answer: Answer,
  body: unknown,
  responses: Record<string, Json>,
  validator: { validateResponse(status: number, body: unknown): unknown },
): string[] {
  if (answer.status >= 500) return ["not_a_server_error"];
  const response = responses[String(answer.status)];
  if (response === undefined) return ["status_code_conformance"];
  const content = response.content as Record<string, Json> | undefined;
  if (content === undefined) {
    return answer.text === "" ? [] : ["content_type_conformance"];
  }
  // As Schemathesis: `x-tailor-nullable` is no excuse for an empty body.
  if (answer.text === "") return ["content_type_conformance"];
  const media = answer.contentType?.split(";")[0]?.trim().toLowerCase();
  if (media === undefined || !(media in content)) {
    return ["content_type_conformance"];
  }
  if (media !== "application/json") return [];
  return validator.validateResponse(answer.status, body) === undefined
    ? []
    : ["response_schema_conformance"];
}

/** Another method on every path: a 405 listing the path's methods. */
async function unsupportedMethods(
  options: FuzzOptions,
  fail: (operation: string, check: string, example: string) => void,
): Promise<void> {
  const byPath = new Map<string, Operation[]>();
  for (const op of operationsOf(options.document)) {
    byPath.set(op.path, [...byPath.get(op.path) ?? [], op]);
  }
  for (const [path, operations] of byPath) {
    const declared = operations.map((o) => o.method);
    const allowed = new Set(
      declared.includes("GET") ? [...declared, "HEAD"] : declared,
    );
    const [sample] = requestsOf(
      options.document,
      operations[0]!,
      1,
      options.seed,
      options.headers,
    );
    for (const method of ["GET", "PUT", "POST", "DELETE", "PATCH"]) {
      if (declared.includes(method)) continue;
      const { body: _, ...bare } = sample!;
      const answer = await send(options.base, { ...bare, method });
      const listed = new Set(
        (answer.allow ?? "").split(",").map((m) => m.trim()).filter(Boolean),
      );
      const same = listed.size === allowed.size &&
        [...allowed].every((m) => listed.has(m));
      if (answer.status !== 405 || !same) {
        fail(
          `${method} ${path}`,
          "unsupported_method",
          `${answer.status}, Allow: ${answer.allow}`,
        );
      }
    }
  }
}
