import assert from "node:assert/strict";
import { copyFixture } from "../testing/fixture_copy.ts";
import { listen } from "../server/listen.ts";
import type { DevStarted } from "./dev_worker.ts";
import { devServer } from "./dev_server.ts";

/** The bookstore as a user's app: its store in a file, `export default app`. */
const MAIN = `import { createServer } from "../../mod.ts";
import { bookstoreServing } from "./serving.ts";

const bookstore = bookstoreServing({ path: import.meta.dirname + "/../books.db" });
await bookstore.store.ready();
const app = await createServer({
  project: import.meta.dirname!,
  typeCheck: false,
  controllers: bookstore.controllers,
  fetcherOwners: bookstore.fetcherOwners,
  middleware: [bookstore.middleware],
});
export default app;
`;

const SLOW = `  /** Answers late. */
  @Get("/slow")
  async slow(): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 700));
    return "v1";
  }
`;

Deno.test("tailor dev: an edit's routes are served on the next request, requests in flight end on the old code, a bad edit keeps the last good version", async () => {
  const copy = await copyFixture("bookstore");
  const app = `${copy.project}/app.ts`;
  const original = await Deno.readTextFile(app);
  await Deno.writeTextFile(
    app,
    original.replace(`  /** Says hello. */`, `${SLOW}\n  /** Says hello. */`),
  );
  await Deno.writeTextFile(`${copy.project}/main.ts`, MAIN);
  const lines: string[] = [];
  const quiet = console.error;
  console.error = (line: string) => lines.push(line);
  const versions: ((started: DevStarted) => void)[] = [];
  const nextVersion = () =>
    new Promise<DevStarted>((resolve) => versions.push(resolve));
  const stop = new AbortController();
  const edit = async (from: string, to: string) => {
    const text = await Deno.readTextFile(app);
    assert.ok(text.includes(from), from);
    await Deno.writeTextFile(app, text.replace(from, to));
  };
  let server;
  let tried = 0;
  try {
    const fetch = await devServer({
      entry: `${copy.project}/main.ts`,
      project: copy.project,
      artifacts: { typeCheck: false },
      signal: stop.signal,
      log: (line) => lines.push(line),
      debounceMs: 10,
      onVersion: (started) => {
        tried++;
        versions.shift()?.(started);
      },
    });
    server = listen(fetch, { port: 0, hostname: "127.0.0.1" });
    const base = `http://127.0.0.1:${server.port}`;
    const get = async (path: string) => {
      const response = await globalThis.fetch(`${base}${path}`);
      return `${response.status} ${await response.text()}`;
    };
    assert.equal(await get("/helloworld"), "200 Hello World!");
    assert.equal((await get("/added")).slice(0, 3), "404");
    const books = await get("/books?pageSize=3");
    assert.match(books, /^200 /);

    // An edit while a request is in flight: a new route, a new answer.
    const inFlight = get("/slow");
    // Awaited below; observed now so that an earlier failure is reported as
    // itself, not as this request refused by the stopped server.
    inFlight.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    let version = nextVersion();
    await edit(
      `    return "v1";\n  }\n`,
      `    return "v2";\n  }\n\n  /** New. */\n  @Get("/added")\n  added(): string {\n    return "added";\n  }\n`,
    );
    // Asked right after the write (once the watcher saw it): it waits for
    // the new code.
    await new Promise((resolve) => setTimeout(resolve, 3));
    assert.equal(await get("/added"), "200 added");
    assert.equal((await version).ok, true);
    assert.equal(await inFlight, "200 v1");
    assert.equal(await get("/slow"), "200 v2");
    // The store's data is the same (a file: rebuilt with nothing lost).
    assert.equal(await get("/books?pageSize=3"), books);
    // The document follows.
    assert.match(await get("/openapi.yml"), /\/added:/);

    // An edit of a comment only: the document follows, the code stays.
    const before = tried;
    await edit("/** Says hello. */", "/** Says hello, kindly. */");
    for (let i = 0; i < 400; i++) {
      if ((await get("/openapi.yml")).includes("Says hello, kindly.")) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert.match(await get("/openapi.yml"), /Says hello, kindly\./);
    // A route answers (once any new version would be up): none was started.
    assert.equal(await get("/helloworld"), "200 Hello World!");
    assert.equal(tried, before);

    // Code that does not start: the last good version serves.
    version = nextVersion();
    await edit(
      `/** A greeting`,
      `throw new Error("boom at import");\n\n/** A greeting`,
    );
    const failed = await version;
    assert.equal(failed.ok, false);

    assert.ok(
      lines.some((line) =>
        line.includes("the new code did not start") &&
        line.includes("boom at import")
      ),
      lines.join("\n"),
    );
    assert.equal(await get("/added"), "200 added");
  } finally {
    stop.abort();
    await server?.shutdown();
    console.error = quiet;
    await copy.remove();
  }
});

Deno.test("tailor dev: an edit's routes serve while it is type-checked, and are withdrawn when the check fails", async () => {
  const copy = await copyFixture("bookstore");
  const app = `${copy.project}/app.ts`;
  await Deno.writeTextFile(`${copy.project}/main.ts`, MAIN);
  const lines: string[] = [];
  const quiet = console.error;
  console.error = (line: string) => lines.push(line);
  const stop = new AbortController();
  let server;
  try {
    const fetch = await devServer({
      entry: `${copy.project}/main.ts`,
      project: copy.project,
      signal: stop.signal,
      log: (line) => lines.push(line),
      debounceMs: 10,
    });
    server = listen(fetch, { port: 0, hostname: "127.0.0.1" });
    const base = `http://127.0.0.1:${server.port}`;
    const get = async (path: string) => {
      const response = await globalThis.fetch(`${base}${path}`);
      return `${response.status} ${await response.text()}`;
    };
    const logged = async (pattern: RegExp) => {
      for (let i = 0; i < 2400 && !lines.some((l) => pattern.test(l)); i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      assert.ok(lines.some((l) => pattern.test(l)), lines.join("\n"));
    };
    assert.equal((await get("/typed")).slice(0, 3), "404");
    const text = await Deno.readTextFile(app);
    await Deno.writeTextFile(
      app,
      text.replace(
        `  /** Says hello. */`,
        `  /** Does not type-check. */\n  @Get("/typed")\n  typed(): string {\n    // ${crypto.randomUUID()}\n    const count: number = "1";\n    return String(count);\n  }\n\n  /** Says hello. */`,
      ),
    );
    // Served on its analysis, while `deno check` runs (seconds, where the
    // worker starts in a fraction of one; the comment's nonce keeps the
    // check from answering out of its cache of an earlier run).
    const failed = /error\(s\); still serving the last good artifacts/;
    let served = "";
    while (!lines.some((line) => failed.test(line))) {
      served = await get("/typed");
      if (served.startsWith("200")) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(served, "200 1", lines.join("\n"));
    await logged(failed);
    await logged(/serving the last good version again/);
    assert.equal((await get("/typed")).slice(0, 3), "404");
    assert.equal(await get("/helloworld"), "200 Hello World!");
  } finally {
    stop.abort();
    await server?.shutdown();
    console.error = quiet;
    await copy.remove();
  }
});
