/**
 * A program using the client generated from `fixtures/bookstore` (through
 * the analyzer's `golden/bookstore/model.json`). The tests copy it beside
 * the generated tree (`./client/`) and type-check it with `deno check` and
 * `tsc --strict --exactOptionalPropertyTypes --noUncheckedIndexedAccess`:
 * the correct uses must compile and every `@ts-expect-error` line must be an
 * error.
 *
 * It only type-checks; it is never run.
 *
 * @module
 */

import { Book, BookStore, fetcher } from "./client/fetchers.ts";
import {
  type AllErrors,
  Api,
  type ApiErrors,
  type AuthorWithStores,
  type BookDto,
  type BookNotFound,
  type BookServiceOptions,
  type ElementOf,
  type Executor,
  type Gender,
  Gender_CONSTANTS,
  isApiError,
  type OutOfStock,
  type RequestOf,
  type ResponseOf,
} from "./client/index.ts";
import type { Assert, Equals, IsOptional } from "./type_assertions.ts";

type Simple = BookDto["BookController/SIMPLE_FETCHER"];
type Complex = BookDto["BookController/COMPLEX_FETCHER"];

const executor: Executor = ({ uri, method, headers, body }) =>
  Promise.resolve({ uri, method, headers, body });
const api = new Api(executor);

/** Type-level facts about the generated client. */
export type Facts = [
  Assert<
    Equals<RequestOf<typeof api.bookService.findBook>, { readonly id: number }>
  >,
  Assert<
    Equals<
      BookServiceOptions["findBooks"],
      {
        readonly pageIndex?: number | undefined;
        readonly pageSize?: number | undefined;
        readonly sortCode?: string | undefined;
      }
    >
  >,
  Assert<IsOptional<Complex, "store">>,
  Assert<
    Equals<ResponseOf<typeof api.bookService.findBook>, Complex | undefined>
  >,
  Assert<
    Equals<ElementOf<ResponseOf<typeof api.bookService.findBooks>>, Simple>
  >,
  Assert<
    Equals<
      ResponseOf<typeof api.authorService.findMostActiveAuthors>,
      ReadonlyArray<AuthorWithStores>
    >
  >,
  Assert<
    Equals<
      ResponseOf<typeof api.dynamicBookService.findBook>,
      { readonly [key: string]: unknown } | undefined
    >
  >,
  Assert<Equals<ResponseOf<typeof api.helloService.hello>, string>>,
  Assert<Equals<Gender, "MALE" | "FEMALE">>,
  Assert<Equals<Complex["authors"][number]["gender"], Gender>>,
  Assert<
    Equals<ApiErrors["bookService"]["orderBook"], BookNotFound | OutOfStock>
  >,
  Assert<Equals<AllErrors["family"], "BOOK">>,
  Assert<Equals<AllErrors["code"], "NOT_FOUND" | "OUT_OF_STOCK">>,
  Assert<Equals<BookNotFound["bookId"], number>>,
];

/** A declared error, narrowed on `family` and `code`. */
export async function orderOrExplain(): Promise<string> {
  try {
    const book = await api.bookService.orderBook({ id: 1, quantity: 3 });
    return book.name;
  } catch (error) {
    if (!isApiError(error, "bookService", "orderBook")) throw error;
    switch (error.code) {
      case "NOT_FOUND":
        return `no book ${error.bookId}`;
      case "OUT_OF_STOCK":
        return `${error.available} of ${error.requested} in stock`;
    }
  }
}

/** What a client may write. */
export async function correctUses(): Promise<string> {
  const page = await api.bookService.findBooks({ pageIndex: 1 });
  await api.bookService.findBooks();
  await api.bookService.findBooks({ pageSize: 10, sortCode: "price desc" });
  // exactOptionalPropertyTypes: an optional option takes a maybe value.
  const maybeIndex: number | undefined = page.totalPageCount > 1
    ? 1
    : undefined;
  await api.bookService.findBooks({ pageIndex: maybeIndex });
  const names = page.rows.map((row) => `${row.name} ${row.edition}`);
  const prices: number[] = page.rows.map((row) => row.price);

  const book = await api.bookService.findBook({ id: 1 });
  const storeName: string | undefined = book?.store?.name;
  const website: string | undefined = book?.store?.website;
  const average: number | undefined = book?.store?.avgPrice;
  const authors =
    book?.authors.map((author) =>
      `${author.firstName} ${author.lastName} (${author.gender})`
    ) ?? [];

  const active = await api.authorService.findMostActiveAuthors({ limit: 3 });
  await api.authorService.findMostActiveAuthors();
  const firstActive: string | undefined = active[0]?.raw.firstName;
  const storeNames = active.flatMap((entry) =>
    entry.stores.map((store) => store.name)
  );

  const dynamic = await api.dynamicBookService.findBook({
    id: 1,
    fetcher: fetcher(Book).name().store(fetcher(BookStore).name()),
  });
  const dynamicStore: string | undefined = dynamic?.store?.name;

  const hello: string = await api.helloService.hello();
  const male: Gender = Gender_CONSTANTS[0];

  return [
    ...names,
    ...prices,
    storeName,
    website,
    average,
    ...authors,
    firstActive,
    ...storeNames,
    dynamicStore,
    hello,
    male,
  ].join();
}

/** What the types must reject; every line below is a compile error. */
export async function wrongUses(): Promise<void> {
  // @ts-expect-error: unknown option
  await api.bookService.findBooks({ page: 1 });
  // @ts-expect-error: wrong option type
  await api.bookService.findBooks({ pageIndex: "1" });
  // @ts-expect-error: the path variable is required
  await api.bookService.findBook();
  // @ts-expect-error: wrong path variable type
  await api.bookService.findBook({ id: "1" });
  // @ts-expect-error: the operation has no parameters
  await api.helloService.hello({ name: "x" });

  try {
    await api.bookService.orderBook({ id: 1 });
  } catch (error) {
    // @ts-expect-error: findBook declares no error
    isApiError(error, "bookService", "findBook");
    // @ts-expect-error: keyed by the Api property, not the class name
    isApiError(error, "BookService", "orderBook");
    const declared = error as ApiErrors["bookService"]["orderBook"];
    // @ts-expect-error: no such code
    if (declared.code === "GONE") return;
    // @ts-expect-error: only OutOfStock has requested
    declared.requested;
    if (declared.code === "NOT_FOUND") {
      // @ts-expect-error: BookNotFound has no available
      declared.available;
      // @ts-expect-error: the family is BOOK
      const family: "ORDER" = declared.family;
      // @ts-expect-error: error fields are readonly
      declared.bookId = 2;
      throw new Error(family);
    }
  }

  const page = await api.bookService.findBooks();
  const row = page.rows[0]!;
  // @ts-expect-error: the simple fetcher does not select the store
  row.store;
  // @ts-expect-error: DTO fields are readonly
  row.name = "changed";

  const book = await api.bookService.findBook({ id: 1 });
  if (book !== undefined) {
    // @ts-expect-error: the complex fetcher excludes the tenant
    book.tenant;
    // @ts-expect-error: the store is optional
    book.store.name;
    // @ts-expect-error: the store shape does not select its books
    book.store?.books;
    // @ts-expect-error: nested fields are readonly too
    book.authors[0]!.firstName = "changed";
  }

  const active = await api.authorService.findMostActiveAuthors();
  const first = active[0];
  if (first !== undefined) {
    // @ts-expect-error: the hybrid's author shape has no gender
    first.raw.gender;
    // @ts-expect-error: the hybrid's store shape has no website
    first.stores[0]?.website;
    // @ts-expect-error: hybrid fields are readonly
    first.stores = [];
  }
}
