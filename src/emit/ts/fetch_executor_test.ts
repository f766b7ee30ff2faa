/**
 * `createFetchExecutor`, the requester the generated client ships
 * (`FetchExecutor.ts`), against spec §4.6: run as emitted, on a recording
 * `fetch` and on a real HTTP server on the loopback.
 */

import assert from "node:assert/strict";
import { sampleModel } from "../testdata/sample_model.ts";
import { emitTypeScript } from "./emit_typescript.ts";
import { createWorkspace, type Workspace } from "./testdata/tools.ts";

type Init = {
  readonly method: string;
  readonly headers: { readonly [key: string]: string };
  readonly body?: string | ArrayBuffer;
};
type Reply = { status: number; body: string; contentType?: string };
type Executor = (args: {
  uri: string;
  method: string;
  headers?: { [key: string]: string };
  body?: unknown;
}) => Promise<unknown>;
type Module = {
  createFetchExecutor(options: Record<string, unknown>): Executor;
  FetchExecutorError: new (...args: never[]) => Error & {
    status: number;
    body: string;
  };
  Api: new (executor: Executor) => Record<
    string,
    Record<string, (options?: unknown) => Promise<unknown>>
  >;
};

/** A `fetch` that records what it is given and answers `reply`. */
function recordingFetch(reply: Reply) {
  const calls: { url: string; init: Init }[] = [];
  const fetch = (url: string, init: Init) => {
    calls.push({ url, init });
    return Promise.resolve(
      new Response(reply.body === "" ? null : reply.body, {
        status: reply.status,
        headers: { "content-type": reply.contentType ?? "application/json" },
      }),
    );
  };
  return { fetch, calls };
}

async function withClient(
  test: (module: Module) => Promise<void>,
): Promise<void> {
  const workspace: Workspace = await createWorkspace(
    emitTypeScript(sampleModel),
  );
  try {
    const module = await import(
      new URL(`file://${workspace.dir}/client/index.ts`).href
    ) as Module;
    await test(module);
  } finally {
    await workspace.dispose();
  }
}

Deno.test("createFetchExecutor: request as spec 4.6 says", () =>
  withClient(async ({ createFetchExecutor }) => {
    const { fetch, calls } = recordingFetch({ status: 200, body: "[1]" });
    const executor = createFetchExecutor({
      baseUrl: "https://shop.example/api/",
      headers: { Authorization: "Bearer t", "X-Trace": "app" },
      tenant: "acme",
      fetch,
    });
    assert.deepEqual(
      await executor({
        uri: "/books?pageIndex=1",
        method: "POST",
        headers: { "x-trace": "operation" },
        body: { name: "GraphQL", price: 0 },
      }),
      [1],
    );
    assert.deepEqual(calls, [{
      url: "https://shop.example/api/books?pageIndex=1",
      init: {
        method: "POST",
        headers: {
          "content-type": "application/json;charset=UTF-8",
          authorization: "Bearer t",
          "x-trace": "operation",
          tenant: "acme",
        },
        body: '{"name":"GraphQL","price":0}',
      },
    }]);

    await executor({ uri: "/x", method: "GET" });
    assert.deepEqual(calls[1], {
      url: "https://shop.example/api/x",
      init: {
        method: "GET",
        headers: {
          "content-type": "application/json;charset=UTF-8",
          authorization: "Bearer t",
          "x-trace": "app",
          tenant: "acme",
        },
      },
    }, "no body when undefined; application headers alone");
  }));

Deno.test("createFetchExecutor: tenant only when set and not empty; per-request values", () =>
  withClient(async ({ createFetchExecutor }) => {
    const { fetch, calls } = recordingFetch({ status: 200, body: "" });
    let tenant: string | undefined = "";
    let token = "one";
    const executor = createFetchExecutor({
      baseUrl: "",
      tenant: () => tenant,
      headers: () => Promise.resolve({ authorization: token }),
      fetch,
    });
    await executor({ uri: "/a", method: "GET" });
    tenant = undefined;
    await executor({ uri: "/a", method: "GET" });
    tenant = "t2";
    token = "two";
    await executor({ uri: "/a", method: "GET" });
    assert.deepEqual(calls.map((call) => call.init.headers), [
      {
        "content-type": "application/json;charset=UTF-8",
        authorization: "one",
      },
      {
        "content-type": "application/json;charset=UTF-8",
        authorization: "one",
      },
      {
        "content-type": "application/json;charset=UTF-8",
        authorization: "two",
        tenant: "t2",
      },
    ]);
    await createFetchExecutor({ baseUrl: "", tenant: "", fetch })({
      uri: "/b",
      method: "GET",
    });
    assert.equal(calls[3]!.init.headers["tenant"], undefined);
  }));

Deno.test("createFetchExecutor: responses: JSON, empty -> null, text", () =>
  withClient(async ({ createFetchExecutor }) => {
    const answer = (reply: Reply) =>
      createFetchExecutor({
        baseUrl: "",
        fetch: recordingFetch(reply).fetch,
      })({ uri: "/", method: "GET" });
    assert.deepEqual(
      await answer({ status: 200, body: '{"a":[1,null]}' }),
      { a: [1, null] },
    );
    assert.equal(await answer({ status: 200, body: "" }), null);
    assert.equal(await answer({ status: 200, body: "false" }), false);
    assert.equal(
      await answer({
        status: 200,
        body: "Hello World!",
        contentType: "text/plain;charset=UTF-8",
      }),
      "Hello World!",
    );
  }));

Deno.test("createFetchExecutor: non-200 rejects with the parsed body", () =>
  withClient(async ({ createFetchExecutor, FetchExecutorError }) => {
    const answer = (reply: Reply) =>
      createFetchExecutor({
        baseUrl: "",
        fetch: recordingFetch(reply).fetch,
      })({ uri: "/book/x", method: "GET" });
    const error = { error: "bad-request", parameter: "id", message: "NaN" };
    await assert.rejects(answer({ status: 400, body: JSON.stringify(error) }), (
      rejected,
    ) => {
      assert.deepEqual(rejected, error);
      return true;
    });
    await assert.rejects(
      answer({ status: 201, body: "null" }),
      (rejected) => rejected === null,
      "only 200 is a success (spec 4.6)",
    );
    await assert.rejects(
      answer({ status: 502, body: "<html>Bad gateway</html>" }),
      (rejected) => {
        assert.ok(rejected instanceof FetchExecutorError);
        assert.equal(rejected.status, 502);
        assert.equal(rejected.body, "<html>Bad gateway</html>");
        assert.match(rejected.message, /GET \/book\/x: HTTP 502/);
        return true;
      },
    );
    await assert.rejects(
      answer({ status: 200, body: "{truncated" }),
      (rejected) =>
        rejected instanceof FetchExecutorError && rejected.status === 200,
    );
  }));

Deno.test("createFetchExecutor: a FormData body goes as multipart/form-data", () =>
  withClient(async ({ createFetchExecutor }) => {
    const { fetch, calls } = recordingFetch({ status: 200, body: "1" });
    const executor = createFetchExecutor({
      baseUrl: "",
      headers: { authorization: "Bearer t" },
      fetch,
    });
    const form = new FormData();
    form.append("file", new File(["abc"], "a.txt", { type: "text/plain" }));
    form.append("meta", new Blob(['{"n":1}'], { type: "application/json" }));
    assert.equal(await executor({ uri: "/up", method: "POST", body: form }), 1);
    const { init } = calls[0]!;
    const type = init.headers["content-type"]!;
    assert.match(type, /^multipart\/form-data; ?boundary=/);
    assert.equal(init.headers["authorization"], "Bearer t");
    assert.ok(init.body instanceof ArrayBuffer);
    const back = await new Request("http://x/", {
      method: "POST",
      headers: { "content-type": type },
      body: init.body,
    }).formData();
    const file = back.get("file") as File;
    assert.equal(file.name, "a.txt");
    assert.equal(await file.text(), "abc");
    assert.equal(await (back.get("meta") as File).text(), '{"n":1}');
    // Any other object is still JSON.
    await executor({ uri: "/j", method: "POST", body: { a: 1 } });
    assert.equal(calls[1]!.init.body, '{"a":1}');
    assert.equal(
      calls[1]!.init.headers["content-type"],
      "application/json;charset=UTF-8",
    );
  }));

Deno.test("createFetchExecutor: the global fetch by default, called unbound", () =>
  withClient(async ({ createFetchExecutor }) => {
    const original = globalThis.fetch;
    const seen: unknown[] = [];
    globalThis.fetch = function (this: unknown, input: RequestInfo | URL) {
      seen.push(this, String(input));
      return Promise.resolve(Response.json(7));
    } as typeof fetch;
    try {
      const executor = createFetchExecutor({ baseUrl: "http://h" });
      assert.equal(await executor({ uri: "/n", method: "GET" }), 7);
      assert.deepEqual(seen, [undefined, "http://h/n"]);
    } finally {
      globalThis.fetch = original;
    }
  }));

Deno.test("the generated Api on createFetchExecutor against a real server", () =>
  withClient(async ({ Api, createFetchExecutor }) => {
    const requests: {
      method: string;
      url: string;
      headers: Record<string, string>;
      body: string;
    }[] = [];
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      async (request) => {
        const url = new URL(request.url);
        requests.push({
          method: request.method,
          url: url.pathname + url.search,
          headers: Object.fromEntries(
            [...request.headers].filter(([name]) =>
              ["content-type", "tenant", "authorization", "x-request-id"]
                .includes(name)
            ),
          ),
          body: await request.text(),
        });
        if (url.pathname === "/book/404") return new Response(null);
        if (url.pathname === "/book/400") {
          return Response.json({ error: "bad-request" }, { status: 400 });
        }
        if (url.pathname === "/hello") return new Response("Hello World!");
        return Response.json({ rows: [], totalRowCount: 0, totalPageCount: 0 });
      },
    );
    try {
      const api = new Api(createFetchExecutor({
        baseUrl: `http://127.0.0.1:${server.addr.port}`,
        tenant: "acme",
        headers: { authorization: "Bearer t" },
      }));
      assert.deepEqual(
        await api.bookService!.findBooks!({ pageIndex: 1, tags: ["a b"] }),
        { rows: [], totalRowCount: 0, totalPageCount: 0 },
      );
      assert.equal(await api.bookService!.findBook!({ id: 404 }), undefined);
      await assert.rejects(api.bookService!.findBook!({ id: 400 }), (e) => {
        assert.deepEqual(e, { error: "bad-request" });
        return true;
      });
      assert.equal(await api.treeService!.hello!(), "Hello World!");
      await api.bookService!.saveBook!({
        id: 3,
        body: { name: "x" },
        requestId: "r-1",
      });
      const common = {
        "content-type": "application/json;charset=UTF-8",
        authorization: "Bearer t",
        tenant: "acme",
      };
      assert.deepEqual(requests, [
        {
          method: "GET",
          url: "/books?pageIndex=1&tags=a%20b",
          headers: common,
          body: "",
        },
        { method: "GET", url: "/book/404", headers: common, body: "" },
        { method: "GET", url: "/book/400", headers: common, body: "" },
        { method: "GET", url: "/hello", headers: common, body: "" },
        {
          method: "PUT",
          url: "/book/3",
          headers: { ...common, "x-request-id": "r-1" },
          body: '{"name":"x"}',
        },
      ]);
    } finally {
      await server.shutdown();
    }
  }));

Deno.test("createFetchExecutor: an aborted call rejects with the reason and closes the connection", () =>
  withClient(async ({ Api, createFetchExecutor }) => {
    const arrived = Promise.withResolvers<void>();
    const closed = Promise.withResolvers<void>();
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      (request) => {
        arrived.resolve();
        // Answers once the client has gone, or (a loose bound, so that an
        // executor ignoring the signal fails the test instead of hanging
        // it) after 5 s.
        return new Promise<Response>((resolve) => {
          const late = setTimeout(() => resolve(new Response(null)), 5000);
          request.signal.addEventListener("abort", () => {
            clearTimeout(late);
            closed.resolve();
            resolve(new Response(null));
          });
        });
      },
    );
    try {
      const api = new Api(createFetchExecutor({
        baseUrl: `http://127.0.0.1:${server.addr.port}`,
      }));
      const controller = new AbortController();
      const findBook = api.bookService!.findBook! as (
        options: unknown,
        call: unknown,
      ) => Promise<unknown>;
      const call = findBook({ id: 1 }, { signal: controller.signal });
      await arrived.promise;
      const reason = new Error("unmounted");
      controller.abort(reason);
      await assert.rejects(call, (error) => error === reason);
      await closed.promise;
    } finally {
      await server.shutdown();
    }
  }));
