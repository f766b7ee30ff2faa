/**
 * Typed error families: errors a controller method declares with `@Throws`,
 * so the generated clients know their exact bodies.
 *
 * ```ts
 * export class BookNotFound extends ApiError {
 *   static readonly family = "BOOK";
 *   static readonly code = "NOT_FOUND";
 *   static readonly status = 404;
 *   constructor(readonly bookId: number) {
 *     super();
 *   }
 * }
 * ```
 *
 * `throw new BookNotFound(7)` answers 404 with the JSON body
 * `{ "family": "BOOK", "code": "NOT_FOUND", "bookId": 7 }`.
 *
 * @module
 */

import { HttpError } from "./http_error.ts";
import { type AnyClass, classRecord, recordOf } from "./metadata.ts";

/** The status of an `ApiError` class that declares none. */
export const DEFAULT_ERROR_STATUS = 400;

/**
 * Instance property names that cannot be fields of an error body: they are
 * the body's discriminators or belong to `Error`/`HttpError`.
 */
export const RESERVED_ERROR_FIELDS: ReadonlySet<string> = new Set([
  "family",
  "code",
  "status",
  "body",
  "name",
  "message",
  "stack",
  "cause",
]);

/** The statics an `ApiError` subclass declares. */
export interface ApiErrorClass {
  /** The error's family, for example `"BOOK"`. */
  readonly family: string;
  /** The error's code inside its family, for example `"NOT_FOUND"`. */
  readonly code: string;
  /** The HTTP status of the answer; `DEFAULT_ERROR_STATUS` when absent. */
  readonly status?: number;
  /** The class's name. */
  readonly name: string;
}

/**
 * Base class of declared errors. A subclass declares `static readonly family`
 * and `static readonly code` as string literals, optionally
 * `static readonly status` (400 to 599, default 400), and its fields as public
 * readonly properties. Its `body` is `{ family, code, ...fields }`, read when
 * the error is answered, so fields assigned in the subclass's constructor
 * are in it.
 */
export abstract class ApiError extends HttpError {
  /** An error of the subclass's family, code and status. */
  constructor() {
    const type = new.target as unknown as ApiErrorClass;
    if (!type.family || !type.code) {
      throw new TypeError(`${type.name} must declare a static family and code`);
    }
    super(
      type.status ?? DEFAULT_ERROR_STATUS,
      undefined,
      `${type.family}.${type.code}`,
    );
    this.name = type.name;
    Object.defineProperty(this, "body", {
      get: () => apiErrorBody(this),
      enumerable: false,
      configurable: true,
    });
  }
}

/**
 * The JSON body of an `ApiError`: its family and code, then its own public
 * fields in assignment order.
 */
export function apiErrorBody(error: ApiError): Record<string, unknown> {
  const type = error.constructor as unknown as ApiErrorClass;
  const body: Record<string, unknown> = {
    family: type.family,
    code: type.code,
  };
  for (const [key, value] of Object.entries(error)) {
    if (!RESERVED_ERROR_FIELDS.has(key)) body[key] = value;
  }
  return body;
}

/** An `ApiError` subclass, as `@Throws` takes it. */
export type ApiErrorType = AnyClass<ApiError> & ApiErrorClass;

/**
 * Declares the errors a controller method may answer:
 * `@Throws(BookNotFound, OutOfStock)`. The clients get their types; the
 * server answers each one thrown with its status and exact body.
 */
export function Throws(
  ...errors: ApiErrorType[]
): (
  // deno-lint-ignore ban-types
  value: Function,
  context: ClassMethodDecoratorContext,
) => void {
  return (_value, context) => {
    const record = recordOf(context.metadata);
    record.methodErrors ??= new Map();
    record.methodErrors.set(String(context.name), errors);
  };
}

/** The errors `@Throws` declares on `method` of `type`, in their order. */
export function declaredErrors(
  type: AnyClass,
  method: string,
): readonly ApiErrorType[] {
  return (classRecord(type)?.methodErrors?.get(method) ?? []) as ApiErrorType[];
}
