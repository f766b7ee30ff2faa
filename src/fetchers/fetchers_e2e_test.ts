/**
 * Persisted fetchers end to end: a front end builds fetchers with the
 * bookstore's generated client, `tailor fetchers` (run as a user runs it)
 * writes the manifest, and the bookstore served in allow-list mode with that
 * manifest answers the front end's fetchers through the generated `Api`, by
 * id and by text, and refuses one the front end does not build with a 403.
 * So the manifest the command writes is the one the server reads: the same
 * ids, the same entity names, and one id listed for two entities.
 */

import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import { bookstoreServing } from "../../fixtures/bookstore/serving.ts";
import { emitTypeScript } from "../emit/ts/emit_typescript.ts";
import { createServer } from "../server/create_server.ts";
import { readGoldenModel } from "../testing/golden.ts";
import { runDeno } from "../testing/run.ts";
import type * as Client from "../../golden/bookstore/ts/index.ts";
import type * as Builder from "../../golden/bookstore/ts/fetchers.ts";

const REPO = new URL("../../", import.meta.url).pathname;
const BOOKSTORE = `${REPO}fixtures/bookstore`;

/** The front end: four fetchers, two of them the same text `{ id name }`. */
const APP =
  `import { Author, Book, BookStore, fetcher } from "./__generated/fetchers.ts";

export const bookWithStore = fetcher(Book).name()
  .store(fetcher(BookStore).name());
export const bookName = fetcher(Book).name();
export const storeName = fetcher(BookStore).name();
export const authorBooks = fetcher(Author).lastName()
  .books(fetcher(Book).name(), { orderBy: { prop: "name", desc: true }, limit: 2 });
`;

/** The front end's exports, with the shapes they load. */
interface App {
  readonly bookWithStore: Builder.BookFetcher<
    Book & { readonly store?: Store }
  >;
  readonly bookName: Builder.BookFetcher<Book>;
  readonly storeName: Builder.BookStoreFetcher<Store>;
  readonly authorBooks: Builder.AuthorFetcher<{
    readonly id: number;
    readonly lastName: string;
    readonly books: readonly Book[];
  }>;
}
type Book = { readonly id: number; readonly name: string };
type Store = { readonly id: number; readonly name: string };

/** Writes the front end with the bookstore's generated client under it. */
async function writeFrontEnd(dir: string): Promise<void> {
  const client = emitTypeScript(await readGoldenModel("bookstore"), {
    sourceName: "bookstore",
  });
  for (const [path, text] of client) {
    const full = `${dir}/src/__generated/${path}`;
    await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(full, text);
  }
  await Deno.writeTextFile(`${dir}/src/app.ts`, APP);
}

Deno.test("fetchers e2e: the manifest tailor fetchers writes is the one the server in allow-list mode reads", async () => {
  const dir = await Deno.makeTempDir({ prefix: "tailor-fetchers-e2e-" });
  let server: Deno.HttpServer<Deno.NetAddr> | undefined;
  try {
    await writeFrontEnd(dir);
    const written = await runDeno(
      [
        "run",
        "-A",
        `--lock=${REPO}dev.lock`,
        `${REPO}cli.ts`,
        "fetchers",
        ".",
        "--out",
        "fetchers.json",
      ],
      { cwd: dir },
    );
    assert.equal(written.output, "wrote 4 fetchers to fetchers.json\n");
    const manifest = JSON.parse(
      await Deno.readTextFile(`${dir}/fetchers.json`),
    );
    const url = (path: string) => pathToFileURL(`${dir}/src/${path}`).href;
    const app: App = await import(url("app.ts"));
    const builder: typeof Builder = await import(
      url("__generated/fetchers.ts")
    );
    const client: typeof Client = await import(url("__generated/index.ts"));
    // Two entries share the id of `{ id name }`: one of Book, one of BookStore.
    assert.deepEqual(
      manifest.fetchers.map((f: { entity: string; text: string }) =>
        `${f.entity} ${f.text}`
      ).sort(),
      [
        "Author { id lastName books(orderBy: name desc, limit: 2) { id name } }",
        "Book { id name store { id name } }",
        "Book { id name }",
        "BookStore { id name }",
      ],
    );
    assert.equal(
      builder.fetcherId(app.bookName),
      builder.fetcherId(app.storeName),
    );

    const serving = bookstoreServing();
    const handler = await createServer({
      project: BOOKSTORE,
      typeCheck: false,
      controllers: serving.controllers,
      fetcherOwners: serving.fetcherOwners,
      fetchers: `${dir}/fetchers.json`,
    });
    server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      handler.fetch,
    );
    const baseUrl = `http://127.0.0.1:${server.addr.port}`;
    for (const fetcherIds of [true, false]) {
      const api = new client.Api(client.createFetchExecutor({ baseUrl }), {
        fetcherIds,
      });
      const dynamic = api.dynamicBookService;
      const how = fetcherIds ? "by id" : "by text";
      assert.deepEqual(
        await dynamic.findBook({ id: 1, fetcher: app.bookWithStore }),
        { id: 1, name: "Learning GraphQL", store: { id: 1, name: "O'REILLY" } },
        how,
      );
      assert.deepEqual(
        await dynamic.findBook({ id: 1, fetcher: app.bookName }),
        { id: 1, name: "Learning GraphQL" },
        how,
      );
      assert.deepEqual(
        await dynamic.findStore({ id: 1, fetcher: app.storeName }),
        { id: 1, name: "O'REILLY" },
        how,
      );
      const author = await dynamic.findAuthor({
        id: 1,
        fetcher: app.authorBooks,
      });
      assert.ok(author !== undefined, how);
      assert.deepEqual(Object.keys(author), ["id", "lastName", "books"], how);
      assert.ok(author.books.length <= 2, how);
      assert.deepEqual(
        author.books.map((book) => book.name),
        author.books.map((book) => book.name).sort().reverse(),
        how,
      );

      // Built with the same client, but not in the front end: not listed.
      const unlisted = builder.fetcher(builder.Book).name().price();
      // The client rejects with the server's error object.
      const refusal = await dynamic.findBook({ id: 1, fetcher: unlisted })
        .then(
          () => ({ answered: true }),
          (error: { error?: unknown; parameter?: unknown }) => ({
            error: error.error,
            parameter: error.parameter,
          }),
        );
      assert.deepEqual(refusal, {
        error: "unlisted-fetcher",
        parameter: fetcherIds ? "fetcherId" : "fetcherCode",
      }, how);
    }
    // The status, and a listed text sent for an entity that does not list it.
    const get = (path: string) =>
      fetch(`${baseUrl}${path}`).then(async (response) => ({
        status: response.status,
        body: await response.json(),
      }));
    const priceId = builder.fetcherId(
      builder.fetcher(builder.Book).name().price(),
    );
    assert.equal(
      (await get(`/dynamic/book/1?fetcherId=${priceId}`)).status,
      403,
    );
    const withStoreId = builder.fetcherId(app.bookWithStore);
    assert.equal(
      (await get(`/dynamic/store/1?fetcherId=${withStoreId}`)).status,
      403,
    );
  } finally {
    await server?.shutdown();
    await Deno.remove(dir, { recursive: true });
  }
});
