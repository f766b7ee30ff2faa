/**
 * What the fixtures' controllers really return, checked against the
 * generated OpenAPI document: every body validates against the schema of its
 * operation (no field more, none missing). A server returning other data
 * than its types promise fails here.
 */

import assert from "node:assert/strict";
import { StoreQueryError } from "./src/store/mod.ts";
import { responseValidator } from "./src/testing/validate_openapi.ts";
import { AuthorController } from "./fixtures/bookstore/author_controller.ts";
import { BookController } from "./fixtures/bookstore/book_controller.ts";
import { DynamicBookController } from "./fixtures/bookstore/dynamic_book_controller.ts";
import { HelloController } from "./fixtures/bookstore/app.ts";
import { bookstoreStore, withTenant } from "./fixtures/bookstore/data.ts";
import { Book } from "./fixtures/bookstore/entities.ts";
import { type ClientFetcher, compileFetcher, fetcher } from "./runtime.ts";

/** The fetcher of Book a client's text compiles to. */
const shape = (text: string) =>
  compileFetcher(Book, text) as ClientFetcher<Book>;

const check = responseValidator(
  await Deno.readTextFile("golden/bookstore/openapi.yml"),
);

/** A body as it travels: JSON, with undefined properties gone. */
function wire(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/** The bookstore's controllers on one store. */
function bookstoreControllers() {
  const store = bookstoreStore();
  return {
    books: new BookController(store),
    authors: new AuthorController(store),
    dynamic: new DynamicBookController(store),
  };
}

Deno.test("responses: every bookstore operation's real body matches its schema", async () => {
  const { books, authors, dynamic } = bookstoreControllers();
  const cases: [string, unknown][] = [
    ["GET /books", await books.findBooks()],
    ["GET /books", await books.findBooks(1, 3, "price desc")],
    ["GET /books", await books.findBooks(9)], // past the last page
    ["GET /books", await withTenant("a", () => books.findBooks(0, 20))],
    ["GET /book/{id}", await books.findBook(1)],
    ["GET /book/{id}", await books.findBook(9)], // a book without a store
    ["GET /book/{id}", await books.findBook(12)], // a store with a website
    ["GET /authors/mostActive", await authors.findMostActiveAuthors()],
    ["GET /authors/mostActive", await authors.findMostActiveAuthors(1)], // the least
    [
      "GET /dynamic/book/{id}",
      await dynamic.findBook(
        2,
        shape("{ name store { name } }"),
      ),
    ],
    ["GET /dynamic/book/{id}", await dynamic.findBook(3, fetcher(Book))],
    ["GET /helloworld", new HelloController().hello()],
  ];
  for (const [operation, body] of cases) {
    assert.deepEqual(check(operation, 200, wire(body)), [], operation);
  }
});

Deno.test("responses: a body with a field the fetcher did not select is refused", async () => {
  const { books } = bookstoreControllers();
  const book = wire(await books.findBook(1)) as Record<
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

Deno.test("responses: the bookstore answers from its seeded store", async () => {
  const { books, authors, dynamic } = bookstoreControllers();
  const page = await books.findBooks();
  assert.deepEqual(page.rows.map((row) => row.id), [5, 4, 11, 10, 8]);
  assert.deepEqual([page.totalRowCount, page.totalPageCount], [12, 3]);
  assert.equal(await books.findBook(99), undefined);
  assert.deepEqual(await authors.findMostActiveAuthors(3), [
    {
      raw: { id: 1, firstName: "Eve", lastName: "Procello" },
      stores: [{ id: 1, name: "O'REILLY" }],
    },
    {
      raw: { id: 2, firstName: "Alex", lastName: "Banks" },
      stores: [{ id: 1, name: "O'REILLY" }],
    },
    {
      raw: { id: 5, firstName: "Samer", lastName: "Buna" },
      stores: [{ id: 2, name: "MANNING" }],
    },
  ]);
  // Tenant "a" sees the even books only: one per author, ties by id.
  const inA = await withTenant("a", () => authors.findMostActiveAuthors(3));
  assert.deepEqual(inA.map((author) => author.raw.id), [1, 2, 3]);
  assert.deepEqual(
    await dynamic.findBook(
      7,
      shape("{ name authors { lastName } }"),
    ),
    {
      id: 7,
      name: "GraphQL in Action",
      authors: [{ id: 5, lastName: "Buna" }],
    },
  );
  await assert.rejects(
    books.findBooks(0, 5, "title asc"),
    (error) =>
      error instanceof StoreQueryError && error.argument === "sortCode",
  );
});
