/**
 * The error bodies the Tailor server itself sends, each a component schema,
 * and which operations can answer each: what `createServer` and
 * `controllerRoutes` write, so that a third-party client or validator knows
 * every byte it may get.
 *
 * - 400 `BadRequest`: a parameter or body that cannot be bound (every
 *   operation with a parameter; a fetcher's syntax error adds `line` and
 *   `column`).
 * - 404 `NotFound`: a path variable that matches no route (an empty one).
 * - 413 `PayloadTooLarge`: a request body over the server's limit.
 * - 422 `FetcherBudget`: a client fetcher (`Dynamic_<Entity>` results) over
 *   its budget.
 * - 503 `ServiceUnavailable`: the store is busy or unavailable, with
 *   `Retry-After`; any handler may meet it.
 *
 * @module
 */

import type { OperationModel, TypeRef } from "../../model/api_model.ts";
import type { Json, SchemaRegistry } from "./schemas.ts";

/** One kind of error body the server sends. */
export interface ServerError {
  readonly status: number;
  /** Preferred component name. */
  readonly schema: string;
  /** When the server may answer it, said in the response's description. */
  readonly description: string;
  /** Whether `operation` can answer it. */
  readonly answers: (operation: OperationModel) => boolean;
  /** Required properties first, then optional ones. */
  readonly required: readonly [string, Json][];
  readonly optional?: readonly [string, Json][];
  /** Response headers sent with it. */
  readonly headers?: Json;
}

const STRING: Json = { type: "string" };
const INTEGER: Json = { type: "integer" };
const errorCode = (...codes: string[]): [string, Json] => [
  "error",
  { type: "string", enum: codes },
];

/** Every error body of the server, by status ascending. */
export const SERVER_ERRORS: readonly ServerError[] = [
  {
    status: 400,
    schema: "BadRequest",
    description:
      "A parameter or body the server could not bind (bad-request; a fetcher's syntax error gives its line and column).",
    answers: (op) => op.parameters.length > 0,
    required: [errorCode("bad-request"), ["parameter", STRING], [
      "message",
      STRING,
    ]],
    optional: [["line", INTEGER], ["column", INTEGER]],
  },
  {
    status: 404,
    schema: "NotFound",
    description:
      "No route matches the path (an empty path variable), or the handler found nothing there.",
    answers: (op) => op.path.includes("{"),
    required: [errorCode("not-found")],
    optional: [["path", STRING], ["message", STRING]],
  },
  {
    status: 413,
    schema: "PayloadTooLarge",
    description: "The request body is larger than the server accepts.",
    answers: (op) =>
      op.parameters.some((p) => p.in === "body" || p.in === "part"),
    required: [errorCode("payload-too-large"), ["message", STRING], [
      "maxBytes",
      INTEGER,
    ]],
  },
  {
    status: 422,
    schema: "FetcherBudget",
    description:
      "The client's fetcher loads more objects or bytes than its budget.",
    answers: (op) => hasDynamic(op.result.type),
    required: [
      errorCode("fetcher-budget"),
      ["limit", { type: "string", enum: ["maxObjects", "maxBytes"] }],
      ["max", INTEGER],
      ["message", STRING],
    ],
  },
  {
    status: 503,
    schema: "ServiceUnavailable",
    description:
      "The store is busy or unavailable; try again after `Retry-After` seconds.",
    answers: () => true,
    required: [errorCode("store-busy", "store-unavailable"), [
      "message",
      STRING,
    ]],
    optional: [["retryAfter", INTEGER]],
    headers: {
      "Retry-After": {
        description: "Seconds to wait before trying again.",
        schema: INTEGER,
      },
    },
  },
];

/** Registers the schema of a server error; returns its name. */
export function serverErrorSchema(
  error: ServerError,
  registry: SchemaRegistry,
): string {
  return registry.component(
    `server error\n${error.schema}`,
    error.schema,
    () => ({
      type: "object",
      description: error.description,
      required: error.required.map(([name]) => name),
      properties: new Map<string, Json>([
        ...error.required,
        ...error.optional ?? [],
      ]),
      additionalProperties: false,
    }),
  );
}

/** Whether a result holds a client-shaped entity (`?fetcherCode=`). */
function hasDynamic(type: TypeRef): boolean {
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
