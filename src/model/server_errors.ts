/**
 * The error bodies the Tailor server itself sends (`createServer`,
 * `controllerRoutes`, the store), and which operations can answer each: the
 * one table the OpenAPI document, the TypeScript client and the Java client
 * describe them from.
 *
 * - 400 `bad-request`: a parameter or body that cannot be bound (every
 *   operation with a parameter; a fetcher's syntax error adds `line` and
 *   `column`).
 * - 404 `not-found`: no route matches (an empty path variable), a handler
 *   found nothing, or a `fetcherId` names no fetcher the server knows.
 * - 403 `unlisted-fetcher`: in allow-list mode, a client fetcher
 *   (`ClientFetcher<E>`) that the server's fetcher manifest does not list.
 * - 409 `constraint-violation`: the store refused a write for a foreign
 *   key, unique, not-null or check constraint (operations other than GET),
 *   naming the property.
 * - 413 `payload-too-large`: a request body over the server's limit.
 * - 422 `fetcher-budget`: a client fetcher (`Dynamic_<Entity>` results) over
 *   its budget, or a page (`Page<...>` results) skipping more rows than it.
 * - 503 `store-busy` / `store-unavailable` / `store-timeout`: the store
 *   cannot answer now, or the request's database work ran past the
 *   statement time limit, with `Retry-After`; any handler may meet it.
 *
 * @module
 */

import type { OperationModel, TypeRef } from "./api_model.ts";

/** A field of a server error body: a string, an integer or string values. */
export interface ServerErrorField {
  readonly name: string;
  readonly type: "string" | "integer" | readonly string[];
  readonly optional?: boolean;
}

/** One kind of error body the server sends. */
export interface ServerErrorModel {
  readonly status: number;
  /** Name of the body's type (OpenAPI component, Java record). */
  readonly name: string;
  /** The values of its `error` field. */
  readonly codes: readonly string[];
  /** When the server answers it. */
  readonly doc: string;
  /** Its fields besides `error`. */
  readonly fields: readonly ServerErrorField[];
  /** Whether `operation` can answer it. */
  readonly answers: (operation: OperationModel) => boolean;
  /** Whether a `Retry-After` header comes with it. */
  readonly retryAfter?: boolean;
}

/** Every error body of the server, by status ascending. */
export const SERVER_ERRORS: readonly ServerErrorModel[] = [
  {
    status: 400,
    name: "BadRequest",
    codes: ["bad-request"],
    doc:
      "A parameter or body the server could not bind (bad-request; a fetcher's syntax error gives its line and column).",
    answers: (op) => op.parameters.length > 0,
    fields: [
      { name: "parameter", type: "string" },
      { name: "message", type: "string" },
      { name: "line", type: "integer", optional: true },
      { name: "column", type: "integer", optional: true },
    ],
  },
  {
    status: 404,
    name: "NotFound",
    codes: ["not-found"],
    doc:
      "No route matches the path (an empty path variable), the handler found nothing there, or a fetcherId names no fetcher the server knows.",
    answers: (op) =>
      op.path.includes("{") ||
      op.parameters.some((p) => p.fetcher !== undefined),
    fields: [
      { name: "path", type: "string", optional: true },
      { name: "message", type: "string", optional: true },
    ],
  },
  {
    status: 403,
    name: "UnlistedFetcher",
    codes: ["unlisted-fetcher"],
    doc:
      "In allow-list mode, a fetcher (fetcherCode or fetcherId) that the server's fetcher manifest does not list; nothing ran.",
    answers: (op) => op.parameters.some((p) => p.fetcher !== undefined),
    fields: [
      { name: "parameter", type: ["fetcherCode", "fetcherId"] },
      { name: "message", type: "string" },
    ],
  },
  {
    status: 409,
    name: "ConstraintViolation",
    codes: ["constraint-violation"],
    doc:
      "The store refused the write: a reference to a row that does not exist, a value already taken, a missing value, a failed check or a value its column cannot hold (`constraint`), on `property` (`Entity.property`) when known.",
    answers: (op) => op.httpMethod !== "GET",
    fields: [
      {
        name: "constraint",
        type: ["foreign-key", "unique", "not-null", "check", "value"],
      },
      { name: "property", type: "string", optional: true },
      { name: "message", type: "string" },
    ],
  },
  {
    status: 413,
    name: "PayloadTooLarge",
    codes: ["payload-too-large"],
    doc: "The request body is larger than the server accepts.",
    answers: (op) =>
      op.parameters.some((p) => p.in === "body" || p.in === "part"),
    fields: [
      { name: "message", type: "string" },
      { name: "maxBytes", type: "integer" },
    ],
  },
  {
    status: 422,
    name: "FetcherBudget",
    codes: ["fetcher-budget"],
    doc:
      "The request asks for more work than its budget: the client's fetcher loads more objects or bytes, or ranks more rows, or the request skips more rows (offset) than allowed; `limit` names the limit, `max` its value.",
    answers: (op) => hasDynamic(op.result.type) || isPage(op.result.type),
    fields: [
      {
        name: "limit",
        type: ["maxObjects", "maxBytes", "maxOffset", "maxSortedRows"],
      },
      { name: "max", type: "integer" },
      { name: "message", type: "string" },
    ],
  },
  {
    status: 503,
    name: "ServiceUnavailable",
    codes: ["store-busy", "store-unavailable", "store-timeout"],
    doc:
      "The store is busy or unavailable, or the request's database work ran past the statement time limit (store-timeout: `limit` is `statementTimeoutMs`, `max` its milliseconds); try again after `Retry-After` seconds.",
    answers: () => true,
    fields: [
      { name: "message", type: "string" },
      { name: "retryAfter", type: "integer", optional: true },
      { name: "limit", type: "string", optional: true },
      { name: "max", type: "integer", optional: true },
    ],
    retryAfter: true,
  },
];

/** Whether a result is a page of the store (`Page<...>`). */
function isPage(type: TypeRef): boolean {
  return type.kind === "static" && type.name === "Page";
}

/** Whether a result holds a client-shaped entity (`?fetcherCode=`). */
export function hasDynamic(type: TypeRef): boolean {
  switch (type.kind) {
    case "dynamic":
      return true;
    case "array":
      return hasDynamic(type.element);
    case "map":
      return hasDynamic(type.value);
    case "static":
      return type.args.some(hasDynamic);
    default:
      return false;
  }
}
