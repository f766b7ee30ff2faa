/**
 * The generated `createQueries` (the bookstore's, as golden/ pins it) on
 * `@tanstack/query-core`'s `QueryClient`, against the live example server
 * (`server.ts --port 0`): a list, a detail, an absent book, a declared error
 * narrowed by `isApiError`, an order that invalidates the list, and a
 * cancelled query whose signal reaches `fetch`.
 */

import assert from "node:assert/strict";
// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import * as core from "npm:@tanstack/query-core@5.108.0";
import {
  Api,
  createFetchExecutor,
  createQueries,
  type FetchFunction,
  isApiError,
} from "../../../golden/bookstore/ts/index.ts";
import { startExampleServer } from "../../testing/example_server.ts";

Deno.test("createQueries on @tanstack/query-core against the live bookstore", async (t) => {
  const server = await startExampleServer();
  const client = new core.QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  const signals: (AbortSignal | undefined)[] = [];
  const urls: string[] = [];
  const recordingFetch: FetchFunction = (url, init) => {
    signals.push(init.signal);
    urls.push(url.slice(server.base.length));
    return fetch(url, init);
  };
  const api = new Api(
    createFetchExecutor({ baseUrl: server.base, fetch: recordingFetch }),
  );
  const queries = createQueries(api);
  const books = queries.bookService;
  try {
    await t.step("a list, its signal passed to fetch", async () => {
      const page = await client.fetchQuery(books.findBooks({ pageSize: 2 }));
      assert.equal(page.rows.length, 2);
      assert.ok(page.totalRowCount > 2);
      assert.ok(signals.at(-1) instanceof AbortSignal);
      assert.deepEqual(
        client.getQueryData(books.findBooks({ pageSize: 2 }).queryKey),
        page,
        "cached under its key",
      );
    });

    await t.step("pages of an infinite query", async () => {
      const data = await client.fetchInfiniteQuery({
        ...books.findBooksInfinite({ pageSize: 2 }),
        pages: 2,
      });
      assert.deepEqual(data.pageParams, [0, 1]);
      assert.equal(data.pages.length, 2);
      assert.notDeepEqual(data.pages[0]!.rows, data.pages[1]!.rows);
    });

    await t.step("a detail, and an absent book as null", async () => {
      const first = (await api.bookService.findBooks()).rows[0]!;
      const book = await client.fetchQuery(books.findBook({ id: first.id }));
      assert.equal(book?.id, first.id);
      assert.ok(Array.isArray(book?.authors));
      const absent = await client.fetchQuery(books.findBook({ id: 987654 }));
      assert.equal(absent, null);
      assert.equal(
        client.getQueryState(books.findBook({ id: 987654 }).queryKey)?.status,
        "success",
        "TanStack took null as data (undefined would be an error)",
      );
    });

    await t.step("a declared error, narrowed by isApiError", async () => {
      const order = new core.MutationObserver(client, books.orderBook());
      const reason = await order.mutate({ id: 987654 }).then(
        () => assert.fail("ordering an absent book succeeded"),
        (error: unknown) => error,
      );
      assert.ok(isApiError(reason, "bookService", "orderBook"));
      assert.equal(reason.code, "NOT_FOUND");
      assert.equal(reason.bookId, 987654);
      assert.equal(order.getCurrentResult().status, "error");
    });

    await t.step("an order invalidates the list", async () => {
      const list = new core.QueryObserver(client, books.findBooks());
      const unsubscribe = list.subscribe(() => {});
      try {
        const before = await list.refetch();
        const listFetches = () => urls.filter((url) => url === "/books").length;
        const fetched = listFetches();
        const order = new core.MutationObserver(client, {
          ...books.orderBook(),
          onSuccess: () =>
            client.invalidateQueries({ queryKey: books.queryKey }),
        });
        const id = before.data!.rows[0]!.id;
        const ordered = await order.mutate({ id, quantity: 1 });
        assert.equal(ordered.id, id);
        assert.equal(listFetches(), fetched + 1, "the list was fetched again");
        assert.equal(list.getCurrentResult().status, "success");
      } finally {
        unsubscribe();
      }
    });

    await t.step("a cancelled query aborts its fetch", async () => {
      const query = books.findBooks({ pageSize: 3, sortCode: "price desc" });
      const pending = client.fetchQuery(query);
      await client.cancelQueries({ queryKey: query.queryKey });
      await assert.rejects(pending, core.CancelledError);
      assert.equal(signals.at(-1)?.aborted, true);
    });
  } finally {
    client.clear();
    await server.stop();
  }
});
