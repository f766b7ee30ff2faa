/**
 * The generated `queries.ts` (the bookstore's, as golden/ pins it) against
 * TanStack Query v5's own types: every kind of operation is accepted as it
 * is by `queryOptions`, `QueryClient.fetchQuery`, `useQuery`,
 * `useInfiniteQuery` and `useMutation` (`queryOptions` and
 * `infiniteQueryOptions` are react-query's; query-core has none), and
 * `data` has the operation's type.
 * `deno test` type-checks this file: a type that drifts fails the
 * `Assert`s, and every `@ts-expect-error` line is a wrong use that must
 * not compile. The hooks are only type-checked, never called.
 */

import assert from "node:assert/strict";
// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import * as core from "npm:@tanstack/query-core@5.108.0";
// deno-lint-ignore no-import-prefix -- a test tool, as above
import * as react from "npm:@tanstack/react-query@5.108.0";
// deno-lint-ignore no-import-prefix -- a test tool, as above
import * as vue from "npm:@tanstack/vue-query@5.104.0";
// deno-lint-ignore no-import-prefix -- a test tool, as above
import { computed, ref } from "npm:vue@3.5.45";
// deno-lint-ignore no-import-prefix -- a test tool, as above
import * as solid from "npm:@tanstack/solid-query@5.104.0";
// deno-lint-ignore no-import-prefix -- a test tool, as above; types only (its modules are .svelte files)
import type * as svelteQuery from "npm:@tanstack/svelte-query@6.3.0";
import {
  Api,
  type AuthorWithStores,
  type BookDto,
  type BookServiceOptions,
  type BookStoreDto,
  createQueries,
  type Executor,
  isApiError,
  type Page,
  type Queries,
} from "../../../golden/bookstore/ts/index.ts";
import {
  Book,
  BookStore,
  fetcher,
} from "../../../golden/bookstore/ts/fetchers.ts";
import type { Assert, Equals } from "./testdata/type_assertions.ts";

type SimpleBook = BookDto["BookController/SIMPLE_FETCHER"];
type ComplexBook = BookDto["BookController/COMPLEX_FETCHER"];

/** What each kind of operation's `data` is, through each TanStack entry. */
export function typesOfData(queries: Queries, client: core.QueryClient) {
  const books = queries.bookService;

  // A query with a result.
  const page = react.queryOptions(books.findBooks({ pageIndex: 0 }));
  type _PageFetched = Assert<
    Equals<Awaited<ReturnType<typeof fetchPage>>, Page<SimpleBook>>
  >;
  const fetchPage = () => client.fetchQuery(books.findBooks());
  const cached = () => client.getQueryData(page.queryKey);
  type _PageCached = Assert<
    Equals<ReturnType<typeof cached>, Page<SimpleBook> | undefined>
  >;

  // A query whose result may be absent: null, never undefined.
  const fetchBook = () => client.fetchQuery(books.findBook({ id: 1 }));
  type _Absent = Assert<
    Equals<Awaited<ReturnType<typeof fetchBook>>, ComplexBook | null>
  >;

  // A dynamic operation: exactly the shape the fetcher asks for, or null.
  const shape = fetcher(Book).name().store(fetcher(BookStore).name());
  const fetchDynamic = () =>
    client.fetchQuery(
      queries.dynamicBookService.findBook({ id: 1, fetcher: shape }),
    );
  type _Dynamic = Assert<
    Equals<
      Awaited<ReturnType<typeof fetchDynamic>>,
      {
        readonly id: number;
        readonly name: string;
        readonly store?: { readonly id: number; readonly name: string };
      } | null
    >
  >;
  // @ts-expect-error an unselected property is no part of the data
  fetchDynamic().then((book) => book?.price);

  // A query without options, and one with a text result.
  const fetchHello = () => client.fetchQuery(queries.helloService.hello());
  type _Hello = Assert<Equals<Awaited<ReturnType<typeof fetchHello>>, string>>;
  const fetchAuthors = () =>
    client.fetchQuery(queries.authorService.findMostActiveAuthors());
  type _Authors = Assert<
    Equals<
      Awaited<ReturnType<typeof fetchAuthors>>,
      ReadonlyArray<AuthorWithStores>
    >
  >;
  const fetchStores = () =>
    client.fetchQuery(queries.bookStoreService.findTopBooks());
  type _Stores = Assert<
    Equals<
      ElementTypeOf<Awaited<ReturnType<typeof fetchStores>>>,
      ElementTypeOf<
        Awaited<ReturnType<Api["bookStoreService"]["findTopBooks"]>>
      >
    >
  >;

  // An infinite query: pages of the operation's page, numbered pageIndex.
  const fetchPages = () =>
    client.fetchInfiniteQuery(books.findBooksInfinite({ pageSize: 2 }));
  type _Pages = Assert<
    Equals<
      Awaited<ReturnType<typeof fetchPages>>,
      core.InfiniteData<Page<SimpleBook>, number>
    >
  >;
  const infinite = react.infiniteQueryOptions(books.findBooksInfinite());
  type _PageParam = Assert<Equals<typeof infinite.initialPageParam, number>>;

  // Keys: service, operation, options; the service's key a prefix.
  type _Key = Assert<
    Equals<
      ReturnType<typeof books.findBook>["queryKey"],
      readonly ["bookService", "findBook", { readonly id: number }]
    >
  >;
  type _Prefix = Assert<
    Equals<typeof books.queryKey, readonly ["bookService"]>
  >;
  const invalidate = () =>
    client.invalidateQueries({ queryKey: books.queryKey });

  // A mutation: its options are the variables, its result the data.
  const observer = new core.MutationObserver(client, books.orderBook());
  const order = () => observer.mutate({ id: 1, quantity: 2 });
  type _Ordered = Assert<
    Equals<Awaited<ReturnType<typeof order>>, SimpleBook>
  >;

  // @ts-expect-error a required option is missing
  books.findBook({});
  // @ts-expect-error the key is the operation's, not another's
  const _wrongKey: ReturnType<typeof books.findBooks>["queryKey"] =
    books.findBook({ id: 1 }).queryKey;
  // @ts-expect-error pageIndex is the page param of the infinite query
  books.findBooksInfinite({ pageIndex: 2 });
  // @ts-expect-error a mutation's variables are its options
  const _wrongOrder = () => observer.mutate({ quantity: 2 });
  // @ts-expect-error absent is null, not undefined
  const _undefined: Awaited<ReturnType<typeof fetchBook>> = undefined;

  return {
    cached,
    fetchPage,
    invalidate,
    order,
    _wrongKey,
    _wrongOrder,
    _undefined,
  };
}

type ElementTypeOf<T> = T extends ReadonlyArray<infer E> ? E : never;

/** The same through `@tanstack/react-query`'s hooks (never rendered). */
export function useEveryKind(queries: Queries) {
  const books = queries.bookService;
  const list = react.useQuery(books.findBooks({ pageSize: 5 }));
  type _List = Assert<
    Equals<typeof list.data, Page<SimpleBook> | undefined>
  >;
  const detail = react.useQuery(react.queryOptions(books.findBook({ id: 1 })));
  type _Detail = Assert<
    Equals<typeof detail.data, ComplexBook | null | undefined>
  >;
  const suspense = react.useSuspenseQuery(books.findBook({ id: 1 }));
  type _Suspense = Assert<Equals<typeof suspense.data, ComplexBook | null>>;
  const stores = react.useQuery(
    queries.bookStoreService.findRunnerUp({ id: 1 }),
  );
  type _Store = Assert<
    Equals<
      NonNullable<typeof stores.data>,
      BookStoreDto["BookStoreController/RUNNER_UP"]
    >
  >;
  const pages = react.useInfiniteQuery(books.findBooksInfinite());
  // TanStack's own default: the page param of `data` is unknown.
  type _Pages = Assert<
    Equals<
      typeof pages.data,
      core.InfiniteData<Page<SimpleBook>, unknown> | undefined
    >
  >;
  const client = react.useQueryClient();
  const order = react.useMutation({
    ...books.orderBook(),
    onSuccess: () => client.invalidateQueries({ queryKey: books.queryKey }),
  });
  type _Order = Assert<Equals<typeof order.data, SimpleBook | undefined>>;
  type _Variables = Assert<
    Equals<typeof order.variables, BookServiceOptions["orderBook"] | undefined>
  >;
  // @ts-expect-error a query is not a mutation
  react.useMutation(books.findBooks());
  return { list, detail, suspense, stores, pages, order };
}

/** The same through `@tanstack/vue-query`'s composables (never run). */
export function useEveryKindInVue(queries: Queries) {
  const books = queries.bookService;
  const pageIndex = ref(0);
  const list = vue.useQuery(
    computed(() => books.findBooks({ pageIndex: pageIndex.value })),
  );
  type _List = Assert<
    Equals<typeof list.data.value, Page<SimpleBook> | undefined>
  >;
  const detail = vue.useQuery(books.findBook({ id: 1 }));
  type _Detail = Assert<
    Equals<typeof detail.data.value, ComplexBook | null | undefined>
  >;
  const client = vue.useQueryClient();
  const order = vue.useMutation({
    ...books.orderBook(),
    onSuccess: () => client.invalidateQueries({ queryKey: books.queryKey }),
  });
  type _Order = Assert<Equals<typeof order.data.value, SimpleBook | undefined>>;
  const error = order.error.value;
  if (isApiError(error, "bookService", "orderBook")) {
    type _Code = Assert<
      Equals<typeof error.code, "NOT_FOUND" | "OUT_OF_STOCK">
    >;
  }
  // @ts-expect-error a mutation's variables are its options
  order.mutate({ quantity: 1 });
  return { list, detail, order };
}

/** Solid's and Svelte's primitives take the options from a function. */
export function useEveryKindInSolidAndSvelte(
  queries: Queries,
  svelte: typeof svelteQuery,
) {
  const books = queries.bookService;
  const solidDetail = solid.useQuery(() => books.findBook({ id: 1 }));
  type _SolidDetail = Assert<
    Equals<typeof solidDetail.data, ComplexBook | null | undefined>
  >;
  const solidOrder = solid.useMutation(() => books.orderBook());
  type _SolidOrder = Assert<
    Equals<typeof solidOrder.data, SimpleBook | undefined>
  >;
  const svelteList = svelte.createQuery(() => books.findBooks());
  type _SvelteList = Assert<
    Equals<typeof svelteList.data, Page<SimpleBook> | undefined>
  >;
  const svelteOrder = svelte.createMutation(() => books.orderBook());
  type _SvelteOrder = Assert<
    Equals<typeof svelteOrder.data, SimpleBook | undefined>
  >;
  return { solidDetail, solidOrder, svelteList, svelteOrder };
}

Deno.test("queries.ts: keys and query functions at run time", async () => {
  const seen: Parameters<Executor>[0][] = [];
  const executor: Executor = (args) => {
    seen.push(args);
    return Promise.resolve(null);
  };
  const queries = createQueries(new Api(executor));
  const { signal } = new AbortController();
  const detail = queries.bookService.findBook({ id: 7 });
  assert.deepEqual(detail.queryKey, ["bookService", "findBook", { id: 7 }]);
  assert.equal(await detail.queryFn({ signal }), null, "absent is null");
  assert.equal(seen[0]?.signal, signal, "TanStack's signal is passed on");
  const pages = queries.bookService.findBooksInfinite({ pageSize: 2 });
  await pages.queryFn({ signal, pageParam: 3 });
  assert.equal(seen[1]?.uri, "/books?pageIndex=3&pageSize=2");
  const last = { rows: [], totalRowCount: 5, totalPageCount: 3 };
  assert.equal(pages.getNextPageParam(last, [], 1), 2);
  assert.equal(pages.getNextPageParam(last, [], 2), undefined);
  assert.equal(pages.getPreviousPageParam(last, [], 0), undefined);
  assert.equal(pages.getPreviousPageParam(last, [], 1), 0);
  assert.deepEqual(queries.bookService.orderBook().mutationKey, [
    "bookService",
    "orderBook",
  ]);
  // Keys are JSON: TanStack hashes them, a cache persister stores them.
  // A fetcher in the key serialises to its canonical text.
  const key = queries.dynamicBookService.findBook({
    id: 1,
    fetcher: fetcher(Book).name(),
  }).queryKey;
  assert.deepEqual(JSON.parse(JSON.stringify(key)), [
    "dynamicBookService",
    "findBook",
    { id: 1, fetcher: "{ id name }" },
  ]);
});
