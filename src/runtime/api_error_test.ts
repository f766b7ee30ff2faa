import assert from "node:assert/strict";
import { ApiError, apiErrorBody, declaredErrors, Throws } from "./api_error.ts";
import { HttpError } from "./http_error.ts";

class NotFound extends ApiError {
  static readonly family = "BOOK";
  static readonly code = "NOT_FOUND";
  static readonly status = 404;
  constructor(readonly bookId: number) {
    super();
  }
}

class Conflict extends ApiError {
  static readonly family = "ORDER";
  static readonly code = "CONFLICT";
  readonly reasons: string[];
  constructor(reasons: string[]) {
    super();
    this.reasons = reasons;
  }
}

class Nameless extends ApiError {}

class Shop {
  @Throws(NotFound, Conflict)
  order(): void {}
  plain(): void {}
}

Deno.test("an ApiError is an HttpError with its status and exact body", () => {
  const error = new NotFound(7);
  assert.ok(error instanceof HttpError);
  assert.equal(error.status, 404);
  assert.equal(error.name, "NotFound");
  assert.equal(error.message, "BOOK.NOT_FOUND");
  assert.deepEqual(error.body, {
    family: "BOOK",
    code: "NOT_FOUND",
    bookId: 7,
  });
  assert.equal(
    JSON.stringify(error.body),
    '{"family":"BOOK","code":"NOT_FOUND","bookId":7}',
  );
});

Deno.test("an ApiError without a status answers 400", () => {
  const error = new Conflict(["a"]);
  assert.equal(error.status, 400);
  assert.deepEqual(apiErrorBody(error), {
    family: "ORDER",
    code: "CONFLICT",
    reasons: ["a"],
  });
});

Deno.test("an ApiError class without family or code cannot be built", () => {
  assert.throws(() => new Nameless(), /Nameless must declare/);
});

Deno.test("@Throws records the declared errors per method", () => {
  assert.deepEqual(declaredErrors(Shop, "order"), [NotFound, Conflict]);
  assert.deepEqual(declaredErrors(Shop, "plain"), []);
});
