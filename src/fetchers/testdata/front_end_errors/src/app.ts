import { Author, Book, fetcher } from "./__generated/fetchers.ts";
import { LIMIT } from "./limits.ts";

export function authorsOf(limit: number) {
  return fetcher(Book).authors(fetcher(Author), { limit });
}

let edition = true;
edition = false;
export const withEdition = fetcher(Book).edition(edition);

export const misspelt = fetcher(Book).nme();

export const wrongChild = fetcher(Book).store(fetcher(Author));

export const limited = fetcher(Book).authors(fetcher(Author), { limit: LIMIT });

export function chosen(cheap: boolean) {
  return fetcher(Book).price(cheap ? false : true);
}

export const fine = fetcher(Book).name();
