/**
 * A client of the bookstore example, using the TypeScript client that
 * `deno task api` downloads from the running server into `src/__generated`:
 *
 * ```sh
 * deno task serve        # in another terminal
 * deno task api http://127.0.0.1:8080/ts.zip examples/client/src/__generated
 * deno run --allow-net examples/client/main.ts [http://127.0.0.1:8080]
 * ```
 *
 * @module
 */

import {
  Api,
  type BookDto,
  createFetchExecutor,
  isApiError,
} from "./src/__generated/index.ts";

/** The listing shape the server promises: no authors, no store. */
type Listed = BookDto["BookController/SIMPLE_FETCHER"];

const baseUrl = Deno.args[0] ?? "http://127.0.0.1:8080";
const api = new Api(createFetchExecutor({ baseUrl }));
const tenantA = new Api(createFetchExecutor({ baseUrl, tenant: "a" }));

console.log(await api.helloService.hello());

const page = await api.bookService.findBooks({ pageSize: 3 });
const line = (book: Listed) =>
  `${book.name} (edition ${book.edition}): ${book.price}`;
console.log(`${page.totalRowCount} books; the first ${page.rows.length}:`);
for (const book of page.rows) console.log(`  ${line(book)}`);

const book = await api.bookService.findBook({ id: page.rows[0]!.id });
if (book !== undefined) {
  const authors = book.authors.map((a) => `${a.firstName} ${a.lastName}`);
  console.log(
    `${book.name} at ${book.store?.name ?? "no store"} by ${
      authors.join(", ")
    }`,
  );
}
console.log(
  `book 999: ${await api.bookService.findBook({ id: 999 }) ?? "absent"}`,
);

const tenantBooks = await tenantA.bookService.findBooks({ pageSize: 20 });
console.log(`tenant a sees ${tenantBooks.totalRowCount} books`);

for (
  const author of await api.authorService.findMostActiveAuthors({ limit: 2 })
) {
  console.log(
    `${author.raw.firstName} ${author.raw.lastName}: ${
      author.stores.map((s) => s.name).join(", ")
    }`,
  );
}

try {
  await api.bookService.findBooks({ sortCode: "colour asc" });
} catch (reason) {
  console.log(`refused: ${JSON.stringify(reason)}`);
}

// Errors the server declares with @Throws: narrowed on family and code.
for (const [id, quantity] of [[1, 11], [999, 1]] as const) {
  try {
    const ordered = await api.bookService.orderBook({ id, quantity });
    console.log(`ordered ${quantity} of ${ordered.name}`);
  } catch (error) {
    if (!isApiError(error, "bookService", "orderBook")) throw error;
    switch (error.code) {
      case "OUT_OF_STOCK":
        console.log(
          `order of book ${error.bookId}: ${error.requested} asked, ${error.available} in stock`,
        );
        break;
      case "NOT_FOUND":
        console.log(`order of book ${error.bookId}: no such book`);
        break;
    }
  }
}
