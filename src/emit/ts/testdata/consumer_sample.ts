/**
 * A program using the client generated from `src/emit/testdata/sample_model.ts`.
 * The tests copy it beside the generated tree (`./client/`) and type-check it
 * with `deno check` and `tsc --strict --exactOptionalPropertyTypes
 * --noUncheckedIndexedAccess`: the correct uses must compile, and every
 * `@ts-expect-error` line must really be an error, so a too loose emitter
 * fails the check as well as a wrong one.
 *
 * It only type-checks; it is never run.
 *
 * @module
 */

import {
  Api,
  type BookDto,
  type BookInput,
  type BookServiceOptions,
  type Dynamic_TreeNode,
  type ElementOf,
  type Executor,
  type Gender,
  Gender_CONSTANTS,
  type Page,
  type RequestOf,
  type ResponseOf,
  type TreeNodeDto,
  type Tuple2,
} from "./client/index.ts";
import type { Assert, Equals, IsOptional } from "./type_assertions.ts";

type Simple = BookDto["BookController/SIMPLE_FETCHER"];
type Complex = BookDto["BookController/COMPLEX_FETCHER"];
type Tree = TreeNodeDto["TreeController/TREE_FETCHER"];

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
      RequestOf<typeof api.bookService.findBooks>,
      BookServiceOptions["findBooks"]
    >
  >,
  Assert<
    Equals<
      BookServiceOptions["findBooks"],
      {
        readonly pageIndex?: number | undefined;
        readonly sortCode?: string | undefined;
        readonly tags?: ReadonlyArray<string> | undefined;
      }
    >
  >,
  Assert<
    Equals<
      RequestOf<typeof api.bookService.saveBook>,
      {
        readonly id: number;
        readonly body: BookInput;
        readonly requestId?: string | undefined;
      }
    >
  >,
  Assert<
    Equals<
      RequestOf<typeof api.treeService.hello>,
      { readonly [key: string]: never }
    >
  >,
  Assert<
    Equals<ResponseOf<typeof api.bookService.findBook>, Complex | undefined>
  >,
  Assert<Equals<ResponseOf<typeof api.bookService.findBooks>, Page<Simple>>>,
  Assert<Equals<ResponseOf<typeof api.bookService.saveBook>, void>>,
  Assert<
    Equals<ElementOf<ResponseOf<typeof api.bookService.findBooks>>, Simple>
  >,
  Assert<Equals<ElementOf<ReadonlyArray<Tree>>, Tree>>,
  Assert<Equals<Simple, { readonly id: number; readonly name: string }>>,
  Assert<IsOptional<Complex, "store">>,
  Assert<
    Equals<
      Complex["store"],
      | {
        readonly id: number;
        readonly name: string;
        readonly website?: string;
      }
      | undefined
    >
  >,
  Assert<Equals<Complex["authors"][number]["gender"], Gender>>,
  Assert<Equals<Gender, "MALE" | "FEMALE">>,
  Assert<Equals<typeof Gender_CONSTANTS, readonly ["MALE", "FEMALE"]>>,
  Assert<Equals<Tree["childNodes"], ReadonlyArray<Tree> | undefined>>,
  Assert<
    Equals<
      ResponseOf<typeof api.treeService.pairs>,
      { readonly [key: string]: Tuple2<Tree, Dynamic_TreeNode> }
    >
  >,
  Assert<IsOptional<Dynamic_TreeNode, "id">>,
];

/** What a client may write. */
export async function correctUses(): Promise<string> {
  const page = await api.bookService.findBooks({ pageIndex: 1 });
  await api.bookService.findBooks();
  await api.bookService.findBooks({ tags: ["a", "b"], sortCode: "name asc" });
  // Optional options take undefined (exactOptionalPropertyTypes callers).
  await api.bookService.findBooks({ pageIndex: undefined });
  const first: Simple | undefined = page.rows[0];
  const total: number = page.totalRowCount + page.totalPageCount;

  const book = await api.bookService.findBook({ id: 1 });
  const storeName: string | undefined = book?.store?.name;
  const website: string | undefined = book?.store?.website;
  const genders: Gender[] = book?.authors.map((author) => author.gender) ?? [];

  await api.bookService.saveBook({ id: 1, body: { name: "x" } });
  await api.bookService.saveBook({
    id: 1,
    body: { name: "x", storeId: 2 },
    requestId: "r-1",
  });

  const tree = await api.treeService.findTree({ rootId: 1 });
  const grandChild: string | undefined = tree?.childNodes?.[0]?.childNodes?.[0]
    ?.name;
  const pairs = await api.treeService.pairs();
  const parentName: string | undefined = pairs["x"]?._2.parent?.name;
  const hello: string = await api.treeService.hello({});
  const firstGender: Gender = Gender_CONSTANTS[0];

  return [
    first?.name,
    total,
    storeName,
    website,
    genders.join(),
    grandChild,
    parentName,
    hello,
    firstGender,
  ].join();
}

/** What the types must reject; every line below is a compile error. */
export async function wrongUses(): Promise<void> {
  // @ts-expect-error: unknown option
  await api.bookService.findBooks({ pageNo: 1 });
  // @ts-expect-error: wrong option type
  await api.bookService.findBooks({ pageIndex: "1" });
  // @ts-expect-error: arrays of the right element type only
  await api.bookService.findBooks({ tags: [1] });
  // @ts-expect-error: the path variable is required
  await api.bookService.findBook({});
  // @ts-expect-error: options are required when one of them is
  await api.bookService.findBook();
  // @ts-expect-error: the body is required
  await api.bookService.saveBook({ id: 1 });
  // @ts-expect-error: the body has its own type
  await api.bookService.saveBook({ id: 1, body: { title: "x" } });
  // @ts-expect-error: an operation without parameters takes no options
  await api.treeService.hello({ verbose: true });

  const page = await api.bookService.findBooks();
  const row = page.rows[0]!;
  // @ts-expect-error: the simple fetcher does not select the price
  row.price;
  // @ts-expect-error: DTO fields are readonly
  row.name = "changed";
  // @ts-expect-error: lists are readonly
  page.rows.push(row);

  const book = await api.bookService.findBook({ id: 1 });
  // @ts-expect-error: a nullable result may be undefined
  book.name;
  if (book !== undefined) {
    // @ts-expect-error: the store is optional
    book.store.name;
    // @ts-expect-error: the nested store shape does not select its books
    book.store?.books;
    // @ts-expect-error: nested fields are readonly too
    book.authors[0]!.gender = "MALE";
    // @ts-expect-error: not a value of the enum
    const gender: Gender = "OTHER";
    // @ts-expect-error: noUncheckedIndexedAccess applies to lists
    const firstAuthor: { readonly id: number } = book.authors[0];
    // @ts-expect-error: the tree shape does not select the parent
    (await api.treeService.findTree({ rootId: 1 }))?.parent;
    void gender;
    void firstAuthor;
  }
}
