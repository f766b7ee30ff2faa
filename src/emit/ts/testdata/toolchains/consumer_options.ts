/**
 * A front-end program using the bookstore and treeshop clients generated
 * with the TypeScript options `enum-style: enum-like`,
 * `null-render-mode: null`, `mutable: true` and `api-name: ShopApi`,
 * compiled by toolchains_test.ts under each toolchain's tsconfig and run
 * against a stub `fetch` that answers as a null-mode server does.
 *
 * Every `@ts-expect-error` line is a wrong use that must not compile; the
 * test also compiles it without the directives and expects an error on
 * exactly those lines.
 *
 * @module
 */

import {
  type BookDto,
  createFetchExecutor,
  type Dynamic_Book,
  type FetchFunction,
  type FetchResponse,
  Gender,
  Gender_CONSTANTS,
  ShopApi,
} from "./bookstore/index.ts";
import { NodeKind, type TreeNodeDto } from "./treeshop/index.ts";

type Complex = BookDto["BookController/COMPLEX_FETCHER"];
type TreeNode = TreeNodeDto["TreeController/NODE_FETCHER"];

const BOOK = '{"id":9,"name":"Unpublished Notes","edition":1,"price":10,' +
  '"store":null,"authors":[{"id":5,"firstName":"Samer","lastName":"Buna",' +
  '"gender":"MALE"}]}';

/** Answers `/book/9` as a null-mode server, anything else with 404. */
const stubFetch: FetchFunction = (url) => {
  const found = url.endsWith("/book/9");
  const response: FetchResponse = {
    status: found ? 200 : 404,
    headers: {
      get: (name) => name === "content-type" ? "application/json" : null,
    },
    text: () => Promise.resolve(found ? BOOK : '{"error":"not-found"}'),
  };
  return Promise.resolve(response);
};

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`options consumer: ${what}`);
}

/** The name of a book's store, when it has one: null is checked first. */
function storeName(book: Complex): string {
  return book.store === null ? "none" : book.store.name;
}

/** Calls the bookstore client through the stub. */
export async function run(): Promise<string> {
  const api = new ShopApi(
    createFetchExecutor({ baseUrl: "http://stub", fetch: stubFetch }),
  );
  const book = await api.bookService.findBook({ id: 9 });
  check(book !== undefined && storeName(book) === "none", "null store");
  check(book?.authors[0]?.gender === Gender.MALE, "enum-like value");
  // Mutable: consumer.ts's wrong uses, a write and a pop, compile here.
  if (book !== undefined) book.name = "changed";
  book?.authors.pop();
  check(book?.name === "changed" && book.authors.length === 0, "mutable");
  check(Gender_CONSTANTS.includes(Gender.FEMALE), "constant list");
  const root: TreeNode = { id: 1, name: "Clothes", parent: null };
  check(root.parent === null && NodeKind.FOLDER === "FOLDER", "tree node");
  const dynamic: Dynamic_Book = {
    id: 1,
    name: null,
    edition: null,
    price: null,
    tenant: null,
    store: null,
    authors: null,
  };
  check(dynamic.store === null, "dynamic entity");
  return `options ok: ${Object.keys(Gender).length} genders`;
}

/** What the types must reject: every line after a directive is an error. */
export function wrongUses(book: Complex, node: TreeNode): string {
  // @ts-expect-error: in null mode the store may be null
  const name: string = book.store.name;
  // @ts-expect-error: the key is required (null when absent)
  const partial: TreeNode = { id: 1, name: "Clothes" };
  // @ts-expect-error: null is not undefined
  const parent: { readonly id: number } | undefined = node.parent;
  // @ts-expect-error: not a value of the enum
  const other = Gender.OTHER;
  return `${name}${partial.id}${parent?.id}${String(other)}`;
}
