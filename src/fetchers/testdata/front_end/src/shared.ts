// The `.js` import extension, and consts used by the other files.
import { Author, Book, BookStore, fetcher } from "./__generated/fetchers.js";

export const PAGE = 10;

/** Only continued elsewhere (`base.price()`): a building block, not listed. */
export const base = fetcher(Book).name();

/** Used on its own in app.ts: listed here, where it is built. */
export const storeFields = fetcher(BookStore).allScalarFields().website(false);

const byName = [{ prop: "name" }, { prop: "edition", desc: true }];

/** Exported and not used in the front end: listed. */
export const authors = fetcher(Author).firstName().lastName()
  .books(fetcher(Book), { orderBy: byName, limit: PAGE, offset: 5 } as const);
