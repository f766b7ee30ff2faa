/**
 * Front-end code written the way Jimmer's users write it against Jimmer's
 * generated client (jimmer-examples' rest-client and the apps built like
 * it): a folder `__generated` imported without extensions, an executor
 * built on `fetch` that JSON-encodes the body and throws the error body,
 * `RequestOf`, `ResponseOf`, `ElementOf`, `ApiErrors` keyed by the Api
 * property and `ALL_ENUM_CONSTANTS`. jimmer_consumer_test.ts compiles it
 * against the bookstore client under Vite's tsconfig, unchanged.
 *
 * Every `@ts-expect-error` line must be an error.
 *
 * @module
 */

import { ALL_ENUM_CONSTANTS, Api } from "./__generated";
import type {
  ApiErrors,
  ElementOf,
  RequestOf,
  ResponseOf,
} from "./__generated";
import type { BookDto } from "./__generated/model/dto";
import type { Gender } from "./__generated/model/enums";

const BASE_URL = "http://localhost:8080";

// The executor of Jimmer's documentation.
export const api = new Api(async ({ uri, method, headers, body }) => {
  // deno-lint-ignore no-explicit-any -- as Jimmer's documentation writes it
  const tenant = (globalThis as any).__tenant as string | undefined;
  const response = await fetch(`${BASE_URL}${uri}`, {
    method,
    body: body !== undefined ? JSON.stringify(body) : undefined,
    headers: {
      "content-type": "application/json;charset=UTF-8",
      ...headers,
      ...(tenant !== undefined && tenant !== "" ? { tenant } : {}),
    },
  });
  if (response.status !== 200) {
    throw await response.json();
  }
  const text = await response.text();
  if (text.length === 0) {
    return null;
  }
  return JSON.parse(text);
});

export type BookQuery = RequestOf<typeof api.bookService.findBooks>;
export type BookPage = ResponseOf<typeof api.bookService.findBooks>;
export type BookRow = ElementOf<BookPage["rows"]>;
export type BookDetail = BookDto["BookController/COMPLEX_FETCHER"];
export type OrderError = ApiErrors["bookService"]["orderBook"];

/** A page of books as a table shows them. */
export async function bookTable(query: BookQuery): Promise<string[]> {
  const page: BookPage = await api.bookService.findBooks(query);
  return page.rows.map((row: BookRow) => `${row.name} (${row.edition})`);
}

/** The authors of a book, or nothing when there is no such book. */
export async function authorsOf(id: number): Promise<string[]> {
  const book: BookDetail | undefined = await api.bookService.findBook({ id });
  return book?.authors.map((a) => `${a.firstName} ${a.lastName}`) ?? [];
}

/** Orders a book; a declared error becomes a message. */
export async function order(id: number, quantity: number): Promise<string> {
  try {
    const book = await api.bookService.orderBook({ id, quantity });
    return `ordered ${book.name}`;
  } catch (e) {
    const error = e as OrderError;
    if (error.family === "BOOK" && error.code === "OUT_OF_STOCK") {
      return `only ${error.available} of ${error.requested} left`;
    }
    if (error.code === "NOT_FOUND") {
      return `no book ${error.bookId}`;
    }
    throw e;
  }
}

/** The options of a select box, from every enum's constants. */
export const genderOptions = ALL_ENUM_CONSTANTS.Gender.map((value) => ({
  label: value.toLowerCase(),
  value,
}));

export const GENDERS: readonly Gender[] = ALL_ENUM_CONSTANTS["Gender"];

// @ts-expect-error: keyed by the Api property (`bookService`), as Jimmer does
export type ByClassName = ApiErrors["BookService"];

// @ts-expect-error: Gender has two constants
export const NO_SUCH_GENDER: Gender = ALL_ENUM_CONSTANTS.Gender[2];
