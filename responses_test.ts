/**
 * What the fixtures' controllers really return, checked against the
 * generated OpenAPI document: every body validates against the schema of its
 * operation (no field more, none missing). A server returning other data
 * than its types promise fails here.
 */

import assert from "node:assert/strict";
import { responseValidator } from "./src/testing/validate_openapi.ts";
import { AuthorController } from "./fixtures/bookstore/author_controller.ts";
import { BookController } from "./fixtures/bookstore/book_controller.ts";
import { DynamicBookController } from "./fixtures/bookstore/dynamic_book_controller.ts";
import { HelloController } from "./fixtures/bookstore/app.ts";

const check = responseValidator(
  await Deno.readTextFile("golden/bookstore/openapi.yml"),
);

/** A body as it travels: JSON, with undefined properties gone. */
function wire(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

Deno.test("responses: every bookstore operation's real body matches its schema", async () => {
  const books = new BookController();
  const authors = new AuthorController();
  const dynamic = new DynamicBookController();
  const cases: [string, unknown][] = [
    ["GET /books", await books.findBooks()],
    ["GET /books", await books.findBooks(1, 3, "price desc")],
    ["GET /book/{id}", await books.findBook(1)],
    ["GET /book/{id}", await books.findBook(9)], // a book without a store
    ["GET /authors/mostActive", await authors.findMostActiveAuthors()],
    [
      "GET /dynamic/book/{id}",
      await dynamic.findBook(2, "{ name store { name } }"),
    ],
    ["GET /helloworld", new HelloController().hello()],
  ];
  for (const [operation, body] of cases) {
    assert.deepEqual(check(operation, 200, wire(body)), [], operation);
  }
});

Deno.test("responses: a body with a field the fetcher did not select is refused", async () => {
  const book = wire(await new BookController().findBook(1)) as Record<
    string,
    unknown
  >;
  assert.notDeepEqual(
    check("GET /book/{id}", 200, { ...book, tenant: "a" }),
    [],
  );
  const { authors: _, ...withoutAuthors } = book;
  assert.notDeepEqual(check("GET /book/{id}", 200, withoutAuthors), []);
});
