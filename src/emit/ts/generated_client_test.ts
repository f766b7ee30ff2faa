/**
 * The generated client as its users get it: written to a directory, then
 * checked by `deno fmt --check`, `deno lint`, `deno check` and npm `tsc`,
 * together with consumer programs whose `@ts-expect-error` lines pin the
 * types down; and run against a fake executor.
 */

import assert from "node:assert/strict";
import type { ApiModel } from "../../model/api_model.ts";
import { emptyModel } from "../testdata/model_builders.ts";
import { sampleModel } from "../testdata/sample_model.ts";
import { searchFormModel } from "../testdata/search_form_model.ts";
import { emitTypeScript } from "./emit_typescript.ts";
import { edgeModel } from "./testdata/edge_model.ts";
import {
  checkDeno,
  checkFormat,
  checkLint,
  checkTsc,
  createWorkspace,
  deno,
  exists,
  fixtureModelUrl,
  loadModel,
  type Workspace,
} from "./testdata/tools.ts";

const consumer = (name: string) =>
  new URL(`./testdata/consumer_${name}.ts`, import.meta.url);

/** fmt, lint, deno check and tsc on the client of `model` plus consumers. */
async function checkClient(
  t: Deno.TestContext,
  model: ApiModel,
  consumers: readonly URL[],
  sourceName?: string,
): Promise<void> {
  const files = emitTypeScript(
    model,
    sourceName === undefined ? {} : { sourceName },
  );
  const workspace = await createWorkspace(files, consumers);
  try {
    await t.step("deno fmt --check", () => checkFormat(workspace));
    await t.step("deno lint", () => checkLint(workspace));
    await t.step("deno check", () => checkDeno(workspace));
    await t.step("tsc --strict", () => checkTsc(workspace));
  } finally {
    await workspace.dispose();
  }
}

Deno.test("sample model: the client passes fmt, lint, deno check, tsc", (t) =>
  checkClient(t, sampleModel, [consumer("sample")]));

Deno.test("edge model: the client passes fmt, lint, deno check, tsc", (t) =>
  checkClient(t, edgeModel, []));

Deno.test("empty model: the client passes fmt, lint, deno check, tsc", (t) =>
  checkClient(t, emptyModel, []));

Deno.test("search form model: the client passes fmt, lint, deno check, tsc", (t) =>
  checkClient(t, searchFormModel, []));

/**
 * A looser or wronger client must fail the consumer's check: proof that the
 * `@ts-expect-error` lines test something.
 */
Deno.test("sample consumer: breaking the emitted types fails the check", async (t) => {
  const files = emitTypeScript(sampleModel);
  const mutations: [string, string, (text: string) => string][] = [
    [
      "DTO fields writable",
      "model/dto/BookDto.ts",
      (text) => text.replaceAll("readonly ", ""),
    ],
    [
      "store not optional",
      "model/dto/BookDto.ts",
      (text) => text.replace("readonly store?:", "readonly store:"),
    ],
    [
      "unknown options accepted",
      "services/BookService.ts",
      (text) =>
        text.replace(
          "  readonly findBooks: {\n",
          "  readonly findBooks: {\n    readonly [key: string]: unknown;\n",
        ),
    ],
    [
      "nullable result not undefined",
      "services/BookService.ts",
      (text) =>
        text.replace(
          '): Promise<BookDto["BookController/COMPLEX_FETCHER"] | undefined>',
          '): Promise<BookDto["BookController/COMPLEX_FETCHER"]>',
        ),
    ],
  ];
  for (const [name, path, mutate] of mutations) {
    await t.step(
      name,
      () => expectMutationCaught(files, path, mutate, consumer("sample")),
    );
  }
});

/**
 * Checks `consumerUrl` against the client `files` with `path` mutated: the
 * check must fail on an unused `@ts-expect-error` (a wrong use compiles).
 */
async function expectMutationCaught(
  files: ReadonlyMap<string, string>,
  path: string,
  mutate: (text: string) => string,
  consumerUrl: URL,
): Promise<void> {
  const original = files.get(path)!;
  const mutated = mutate(original);
  assert.notEqual(mutated, original, "the mutation applies");
  const workspace = await createWorkspace(
    new Map([...files, [path, mutated]]),
    [consumerUrl],
  );
  try {
    const result = await deno(["check", ...workspace.consumers], workspace.dir);
    assert.notEqual(result.code, 0, result.output);
    // Unused '@ts-expect-error' directive: a wrong use now compiles.
    assert.match(result.output, /TS2578/);
  } finally {
    await workspace.dispose();
  }
}

for (const fixture of ["bookstore", "treeshop"]) {
  const modelUrl = fixtureModelUrl(fixture);
  const consumerUrl = consumer(fixture);
  Deno.test({
    name: `${fixture} fixture: the client passes fmt, lint, deno check, tsc`,
    // The analyzer writes golden/<fixture>/model.json; until then, skipped.
    ignore: !exists(modelUrl),
    fn: async (t) =>
      checkClient(
        t,
        await loadModel(modelUrl),
        exists(consumerUrl) ? [consumerUrl] : [],
        fixture,
      ),
  });
}

Deno.test({
  name:
    "bookstore consumer: loosening the declared error types fails the check",
  ignore: !exists(fixtureModelUrl("bookstore")),
  fn: async (t) => {
    const files = emitTypeScript(
      await loadModel(fixtureModelUrl("bookstore")),
    );
    const mutations: [string, (text: string) => string][] = [
      [
        "codes widened",
        (text) => text.replaceAll(/code: "\w+";/g, "code: string;"),
      ],
      ["fields writable", (text) => text.replace("readonly bookId", "bookId")],
    ];
    for (const [name, mutate] of mutations) {
      await t.step(
        name,
        () =>
          expectMutationCaught(
            files,
            "ApiErrors.ts",
            mutate,
            consumer("bookstore"),
          ),
      );
    }
  },
});

/** Arguments the executor got. */
type Call = Record<string, unknown>;
type Operation = (options?: Record<string, unknown>) => Promise<unknown>;
type AnyApi = Record<string, Record<string, Operation>>;

/** Imports the generated `Api` and builds it on a recording executor. */
async function generatedApi(workspace: Workspace): Promise<{
  readonly api: AnyApi;
  readonly calls: Call[];
  respond(value: unknown): void;
}> {
  const module = await import(
    new URL(`file://${workspace.dir}/client/index.ts`).href
  ) as { Api: new (executor: (args: Call) => Promise<unknown>) => AnyApi };
  const calls: Call[] = [];
  let response: unknown = null;
  const api = new module.Api((args) => {
    calls.push(args);
    return Promise.resolve(response);
  });
  return {
    api,
    calls,
    respond: (value) => {
      response = value;
    },
  };
}

Deno.test("sample client at run time: URIs, methods, headers, bodies", async (t) => {
  const workspace = await createWorkspace(emitTypeScript(sampleModel));
  try {
    const { api, calls, respond } = await generatedApi(workspace);
    const books = api.bookService!;
    const trees = api.treeService!;
    const last = () => calls[calls.length - 1];

    await t.step("no options: bare path, nothing else", async () => {
      const page = { rows: [], totalRowCount: 0, totalPageCount: 0 };
      respond(page);
      assert.equal(await books.findBooks!(), page);
      assert.deepEqual(last(), { uri: "/books", method: "GET" });
    });

    await t.step("query values encoded, arrays repeated", async () => {
      await books.findBooks!({
        pageIndex: 2,
        sortCode: "name asc, edition desc",
        tags: ["a b", "c&d", "é"],
      });
      assert.deepEqual(last(), {
        uri: "/books?pageIndex=2&sortCode=name%20asc%2C%20edition%20desc" +
          "&tags=a%20b&tags=c%26d&tags=%C3%A9",
        method: "GET",
      });
    });

    await t.step(
      "undefined values omitted, defaults left to the server",
      async () => {
        await books.findBooks!({
          pageIndex: undefined,
          sortCode: "x",
          tags: [],
        });
        assert.deepEqual(last(), { uri: "/books?sortCode=x", method: "GET" });
        await books.findBooks!({ pageIndex: 0 });
        assert.deepEqual(last(), { uri: "/books?pageIndex=0", method: "GET" });
      },
    );

    await t.step("path variables encoded", async () => {
      await trees.findTree!({ rootId: "a/b c?" });
      assert.deepEqual(last(), { uri: "/tree/a%2Fb%20c%3F", method: "GET" });
    });

    await t.step("nullable result: null becomes undefined", async () => {
      respond(null);
      assert.equal(await books.findBook!({ id: 7 }), undefined);
      assert.deepEqual(last(), { uri: "/book/7", method: "GET" });
      const book = { id: 7, name: "x", price: 1, authors: [] };
      respond(book);
      assert.equal(await books.findBook!({ id: 7 }), book);
    });

    await t.step("headers passed through, body as body", async () => {
      respond("ignored");
      assert.equal(
        await books.saveBook!({
          id: 3,
          body: { name: "Learning GraphQL" },
          requestId: "r-1",
        }),
        undefined,
        "void operations resolve to undefined",
      );
      assert.deepEqual(last(), {
        uri: "/book/3",
        method: "PUT",
        headers: { "x-request-id": "r-1" },
        body: { name: "Learning GraphQL" },
      });
      await books.saveBook!({ id: 3, body: { name: "x" } });
      assert.deepEqual(last(), {
        uri: "/book/3",
        method: "PUT",
        headers: {},
        body: { name: "x" },
      });
    });

    await t.step("operations without parameters", async () => {
      respond("Hello World!");
      assert.equal(await trees.hello!(), "Hello World!");
      assert.deepEqual(last(), { uri: "/hello", method: "GET" });
      await trees.pairs!({});
      assert.deepEqual(last(), { uri: "/tree/pairs", method: "GET" });
    });

    await t.step(
      "per-call options: signal and headers reach the executor",
      async () => {
        const withCall = (operation: Operation) =>
          operation as (options: unknown, call: unknown) => Promise<unknown>;
        const { signal } = new AbortController();
        await withCall(books.findBook!)({ id: 7 }, { signal });
        assert.deepEqual(last(), { signal, uri: "/book/7", method: "GET" });
        assert.equal(last()!.signal, signal);
        await withCall(books.saveBook!)(
          { id: 3, body: { name: "x" }, requestId: "r-2" },
          { headers: { "x-request-id": "call", authorization: "Bearer c" } },
        );
        assert.deepEqual(last(), {
          uri: "/book/3",
          method: "PUT",
          headers: { "x-request-id": "r-2", authorization: "Bearer c" },
          body: { name: "x" },
        }, "the operation's header parameter wins over the call's header");
        await withCall(trees.hello!)(undefined, { headers: { a: "b" } });
        assert.deepEqual(last(), {
          headers: { a: "b" },
          uri: "/hello",
          method: "GET",
        });
      },
    );

    await t.step("executor rejections reach the caller", async () => {
      const failing = new (await import(
        new URL(`file://${workspace.dir}/client/Api.ts`).href
      ) as {
        Api: new (executor: () => Promise<unknown>) => AnyApi;
      }).Api(() => Promise.reject({ message: "not found" }));
      await assert.rejects(
        failing.bookService!.findBook!({ id: 1 }),
        (error) => {
          assert.deepEqual(error, { message: "not found" });
          return true;
        },
      );
    });
  } finally {
    await workspace.dispose();
  }
});

Deno.test("edge client at run time: every location and method", async (t) => {
  const workspace = await createWorkspace(emitTypeScript(edgeModel));
  try {
    const { api, calls, respond } = await generatedApi(workspace);
    const service = api.internationalWarehouseInventoryService!;
    const last = () => calls[calls.length - 1];
    assert.ok(api.emptyService !== undefined);

    await t.step("GET with every kind of query value and headers", async () => {
      await service.searchInventoryItemsAcrossAllWarehouses!({
        warehouse: "A/B C",
        sort: "name desc",
        inStock: true,
        levels: ["EMPTY", "FULL"],
        minimumQuantityBeforeReorderingFromTheSupplier: 1.5,
        filter: { color: "red&blue" },
        tenant: "acme",
        retries: 3,
        level: "FULL",
      });
      assert.deepEqual(last(), {
        uri: "/warehouses/A%2FB%20C/items?sort%20code=name%20desc" +
          "&inStock=true&level=EMPTY&level=FULL&min%26qty=1.5" +
          "&filter=%7B%22color%22%3A%22red%26blue%22%7D",
        method: "GET",
        headers: { tenant: "acme", "x-retries": "3", "x-level": "FULL" },
      });
      await service.searchInventoryItemsAcrossAllWarehouses!({
        warehouse: "w",
        inStock: false,
        levels: [],
        tenant: "",
      });
      assert.deepEqual(last(), {
        uri: "/warehouses/w/items?inStock=false",
        method: "GET",
        headers: { tenant: "" },
      });
    });

    await t.step(
      "DELETE with literal special characters in the path",
      async () => {
        respond(false);
        assert.equal(await service.delete!({ id: 1, part: "FULL" }), false);
        assert.deepEqual(last(), {
          uri: "/weird`path/a\\b/1$FULL",
          method: "DELETE",
        });
      },
    );

    await t.step("PATCH with an optional body", async () => {
      respond(null);
      assert.equal(await service.patchItem!(), undefined);
      assert.deepEqual(last(), { uri: "/items", method: "PATCH" });
      await service.patchItem!({ body: { items: [], level: "FULL" } });
      assert.deepEqual(last(), {
        uri: "/items",
        method: "PATCH",
        body: { items: [], level: "FULL" },
      });
    });

    await t.step("POST with a required header and an array body", async () => {
      respond([{ id: 1 }]);
      assert.deepEqual(
        await service.createItems!({ body: [{}, {}], requestId: "r" }),
        [{ id: 1 }],
      );
      assert.deepEqual(last(), {
        uri: "/items",
        method: "POST",
        headers: { "x-request-id": "r" },
        body: [{}, {}],
      });
    });

    await t.step("PUT without body, void result", async () => {
      respond({ ignored: true });
      assert.equal(await service.replace!({ id: 9 }), undefined);
      assert.deepEqual(last(), { uri: "/items/9", method: "PUT" });
    });
  } finally {
    await workspace.dispose();
  }
});
