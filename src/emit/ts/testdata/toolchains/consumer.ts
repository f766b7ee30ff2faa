/**
 * A front-end program using the generated bookstore and treeshop clients,
 * compiled by toolchains_test.ts under each toolchain's tsconfig (its own
 * imports get the import extension of the cell: `.ts`, `.js` or none), and
 * run (Deno, and Node after tsc emit) against a stub `fetch`.
 *
 * Every `@ts-expect-error` line is a wrong use that must not compile; the
 * test also compiles it without the directives and expects an error on
 * exactly those lines. It needs no DOM types and no Node types.
 *
 * @module
 */

import {
  Api,
  type BookDto,
  createFetchExecutor,
  createQueries,
  type ElementOf,
  type FetchFunction,
  type FetchResponse,
  type RequestOf,
  type ResponseOf,
} from "./bookstore/index.ts";
import {
  Api as TreeshopApi,
  createFetchExecutor as createTreeshopExecutor,
  type NodeInput,
  type TreeNodeDto,
  type UploadFile,
} from "./treeshop/index.ts";

/** True when `X` and `Y` are the same type. */
export type Equals<X, Y> = (<T>() => T extends X ? 1 : 2) extends
  (<T>() => T extends Y ? 1 : 2) ? true : false;

/** Compiles only when `T` is `true`. */
export type Assert<T extends true> = T;

/** A request the stub saw. */
interface Seen {
  readonly url: string;
  readonly method: string;
  readonly headers: { readonly [key: string]: string };
  readonly body: string | ArrayBuffer | undefined;
}

const seen: Seen[] = [];

/** Answers by URL, as the example server would. */
const stubFetch: FetchFunction = (url, init) => {
  seen.push({
    url,
    method: init.method,
    headers: init.headers,
    body: init.body,
  });
  const reply = (
    status: number,
    text: string,
    type = "application/json",
  ): Promise<FetchResponse> =>
    Promise.resolve({
      status,
      headers: { get: (name) => name === "content-type" ? type : null },
      text: () => Promise.resolve(text),
    });
  const path = url.slice("http://stub".length);
  if (path.startsWith("/books")) {
    return reply(
      200,
      '{"rows":[{"id":1,"name":"GraphQL in Action","edition":1,"price":80}],' +
        '"totalRowCount":1,"totalPageCount":1}',
    );
  }
  if (path === "/book/1") {
    return reply(
      200,
      '{"id":1,"name":"GraphQL in Action","edition":1,"price":80,' +
        '"authors":[{"id":2,"firstName":"Samer","lastName":"Buna","gender":"MALE"}]}',
    );
  }
  if (path === "/book/2") return reply(200, "");
  if (path === "/book/0") {
    return reply(400, '{"error":"bad-request","parameter":"id"}');
  }
  if (path === "/helloworld") return reply(200, "Hello World!", "text/plain");
  if (path === "/tree/products/3/image") {
    return reply(
      200,
      '{"productId":3,"fileName":"blob","size":3,"contentType":"image/png","caption":"Cap"}',
    );
  }
  if (path === "/tree/nodes") {
    return reply(200, '{"id":9,"name":"Child","kind":"ITEM"}');
  }
  return reply(404, '{"error":"not-found"}');
};

const api = new Api(
  createFetchExecutor({ baseUrl: "http://stub/", fetch: stubFetch }),
);
const shop = new TreeshopApi(
  createTreeshopExecutor({
    baseUrl: "http://stub",
    fetch: stubFetch,
    tenant: "acme",
    headers: () => ({ authorization: "Bearer token" }),
  }),
);

type Simple = BookDto["BookController/SIMPLE_FETCHER"];

/** TanStack Query options (queries.ts), used here without TanStack. */
const queries = createQueries(api);
const findBook = queries.bookService.findBook({ id: 1 });

/** Type-level facts. */
export type Facts = [
  Assert<
    Equals<ElementOf<ResponseOf<typeof api.bookService.findBooks>>, Simple>
  >,
  Assert<
    Equals<RequestOf<typeof api.bookService.findBook>, { readonly id: number }>
  >,
  Assert<
    Equals<
      typeof findBook.queryKey,
      readonly ["bookService", "findBook", { readonly id: number }]
    >
  >,
  Assert<
    Equals<
      Awaited<ReturnType<typeof findBook.queryFn>>,
      BookDto["BookController/COMPLEX_FETCHER"] | null
    >
  >,
];

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`consumer: ${what}`);
}

/** Calls both clients through the stub and checks what went over the wire. */
export async function run(): Promise<string> {
  // exactOptionalPropertyTypes: an optional option takes a maybe value.
  const pageIndex: number | undefined = seen.length > 100 ? 1 : undefined;
  const page = await api.bookService.findBooks({ pageIndex, pageSize: 1 });
  const first = page.rows[0];
  check(first?.name === "GraphQL in Action", "first row");

  const book = await api.bookService.findBook({ id: 1 });
  check(book?.authors[0]?.gender === "MALE", "complex shape");
  check(book?.store === undefined, "absent store");
  check(await api.bookService.findBook({ id: 2 }) === undefined, "missing");
  check(await api.helloService.hello() === "Hello World!", "text result");
  const rejected = await api.bookService.findBook({ id: 0 }).then(
    () => undefined,
    (error: unknown) => error,
  );
  check(
    JSON.stringify(rejected) === '{"error":"bad-request","parameter":"id"}',
    "rejects with the parsed body",
  );

  const parentId: number | undefined = book === undefined ? 1 : undefined;
  const input: NodeInput = { name: "Child", parentId };
  const node: TreeNodeDto["TreeController/NODE_FETCHER"] = await shop
    .treeService.createNode({ body: input, requestId: "r-1" });
  check(node.id === 9, "created node");

  const last = seen[seen.length - 1];
  check(last?.url === "http://stub/tree/nodes", "node URL");
  check(last?.method === "POST", "node method");
  check(last?.body === '{"name":"Child"}', "JSON body, undefined left out");
  check(last?.headers["tenant"] === "acme", "tenant header");
  check(last?.headers["x-request-id"] === "r-1", "operation header");
  check(last?.headers["authorization"] === "Bearer token", "app header");
  check(
    last?.headers["content-type"] === "application/json;charset=UTF-8",
    "content type",
  );

  // An upload: the platform's Blob (reached without DOM types) is an UploadFile.
  const { Blob } = globalThis as unknown as {
    Blob: new (parts: string[], options: { type: string }) => UploadFile;
  };
  const receipt = await shop.treeService.uploadImage({
    productId: 3,
    image: new Blob(["png"], { type: "image/png" }),
    meta: { caption: "Cap" },
  });
  check(receipt.size === 3 && receipt.caption === "Cap", "upload receipt");
  const upload = seen[seen.length - 1];
  check(
    upload?.headers["content-type"]?.startsWith("multipart/form-data") ===
      true,
    "multipart content type",
  );
  check(upload?.body instanceof ArrayBuffer, "multipart bytes");
  check(
    seen[0]?.url === "http://stub/books?pageSize=1",
    `query of ${seen[0]?.url}`,
  );
  check(
    JSON.stringify(findBook.queryKey) === '["bookService","findBook",{"id":1}]',
    "query key",
  );
  return `consumer ok: ${seen.length} requests`;
}

/** What the types must reject: every line after a directive is an error. */
export async function wrongUses(): Promise<void> {
  const page = await api.bookService.findBooks();
  const row = page.rows[0];
  // @ts-expect-error: the simple fetcher does not select the store
  row?.store;
  // @ts-expect-error: unknown option
  await api.bookService.findBooks({ page: 1 });
  // @ts-expect-error: the path variable is required
  await api.bookService.findBook({});
  // @ts-expect-error: DTO fields are readonly
  if (row !== undefined) row.name = "changed";
  // @ts-expect-error: DTO arrays are readonly
  page.rows.pop();
  // @ts-expect-error: the header is required
  await shop.treeService.createNode({ body: { name: "x" } });
  const named = { productId: 3, image: "a.png", meta: { caption: "x" } };
  // @ts-expect-error: a file part takes a file, not its name
  await shop.treeService.uploadImage(named);
  const file = {} as UploadFile;
  // @ts-expect-error: the JSON part is required
  await shop.treeService.uploadImage({ productId: 3, image: file });
  // @ts-expect-error: no such service in the treeshop client
  shop.bookService;
  // @ts-expect-error: a query's options are its operation's
  queries.bookService.findBook({});
  // A discriminated union narrows by its kind.
  const promotion = await shop.treeService.findPromotion({ id: 1 });
  if (promotion.kind === "fixed") {
    const currency: string = promotion.currency;
    // @ts-expect-error: a fixed promotion has no percent
    promotion.percent;
    check(currency !== "", "currency");
  }
  // @ts-expect-error: no promotion is of kind "gift"
  await shop.treeService.setPromotion({ id: 1, body: { kind: "gift" } });
  await shop.treeService.setPromotion({
    id: 1,
    // @ts-expect-error: a fixed promotion needs its currency
    body: { kind: "fixed", amount: 1 },
  });
}
