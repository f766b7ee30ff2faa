/**
 * The harness of the React app that queries_react_browser_test.ts builds
 * with Vite: it renders docs/typescript-client.md's React example (copied
 * beside it as `App.tsx`) into `#app`, and beside it components for what
 * the example does not show: a detail, an absent book, a declared error
 * narrowed by `isApiError`, and a query that unmounts while in flight (the
 * test's server holds every request with `pageSize=7`).
 *
 * @module
 */

import { useState } from "react";
import { createRoot } from "react-dom/client";
import {
  QueryClient,
  QueryClientProvider,
  useMutation,
  useQuery,
} from "@tanstack/react-query";
import { App } from "./App.tsx";
import {
  Api,
  createFetchExecutor,
  createQueries,
  isApiError,
} from "./__generated";

const queries = createQueries(
  new Api(createFetchExecutor({ baseUrl: "/api" })),
);
const books = queries.bookService;

function Detail() {
  const first = useQuery(books.findBooks({ pageSize: 1 }));
  const id = first.data?.rows[0]?.id ?? 0;
  const detail = useQuery({
    ...books.findBook({ id }),
    enabled: first.isSuccess,
  });
  const absent = useQuery(books.findBook({ id: 987654 }));
  const refusal = useMutation(books.orderBook());
  return (
    <div>
      <p id="detail">
        {detail.isSuccess
          ? `${detail.data?.id} ${detail.data?.authors.length} authors`
          : "loading"}
      </p>
      <p id="absent">{absent.isSuccess ? String(absent.data) : "loading"}</p>
      <button
        type="button"
        id="refuse"
        onClick={() => refusal.mutate({ id: 987654 })}
      >
        refuse
      </button>
      <p id="refusal">
        {isApiError(refusal.error, "bookService", "orderBook")
          ? `${refusal.error.code} ${refusal.error.bookId}`
          : ""}
      </p>
    </div>
  );
}

function Held() {
  const held = useQuery(books.findBooks({ pageSize: 7 }));
  return <p id="held">{held.status}</p>;
}

function Unmounting() {
  const [shown, setShown] = useState(false);
  return (
    <div>
      <button type="button" id="show" onClick={() => setShown(true)}>
        show
      </button>
      <button type="button" id="hide" onClick={() => setShown(false)}>
        hide
      </button>
      {shown && <Held />}
    </div>
  );
}

const client = new QueryClient({
  defaultOptions: { queries: { retry: false } },
});
createRoot(document.getElementById("app")!).render(<App />);
createRoot(document.getElementById("harness")!).render(
  <QueryClientProvider client={client}>
    <Detail />
    <Unmounting />
  </QueryClientProvider>,
);
