import assert from "node:assert/strict";
import { readTree } from "../fs/tree.ts";
import { createServer } from "../server/create_server.ts";
import { listen, type Listening } from "../server/listen.ts";
import { copyFixture } from "../testing/fixture_copy.ts";
import { parseCommandLine, resolveOptions } from "./args.ts";
import type { ClientUpdate } from "./client.ts";
import { watchClient } from "./watch_client.ts";

/** A watching server of `project` on `port` (0: any). */
async function watchingServer(project: string, port = 0) {
  const watching = new AbortController();
  const app = await createServer({
    project,
    typeCheck: false,
    watch: { signal: watching.signal, debounceMs: 10 },
  });
  const server: Listening = listen(app.fetch, {
    port,
    hostname: "127.0.0.1",
  });
  return {
    port: server.port,
    stop: async () => {
      watching.abort();
      await server.shutdown();
    },
  };
}

Deno.test("api --watch: each change is swapped in; a restarted server is followed again", async () => {
  const copy = await copyFixture("bookstore");
  const quiet = console.error;
  console.error = () => {};
  let server = await watchingServer(copy.project);
  const dir = `${copy.dir}/client`;
  const lines: string[] = [];
  const updates: ((update: ClientUpdate) => void)[] = [];
  const nextUpdate = () =>
    new Promise<ClientUpdate>((resolve) => updates.push(resolve));
  const stop = new AbortController();
  const edit = async (from: string, to: string) => {
    const path = `${copy.project}/book_controller.ts`;
    const text = await Deno.readTextFile(path);
    assert.ok(text.includes(from), from);
    await Deno.writeTextFile(path, text.replace(from, to));
  };
  const first = nextUpdate();
  const watched = watchClient(
    resolveOptions(
      parseCommandLine([`http://127.0.0.1:${server.port}/ts.zip`, dir]),
    ),
    {
      signal: stop.signal,
      log: (line) => lines.push(line),
      onUpdate: (update) => updates.shift()?.(update),
      backoffMs: 50,
      maxBackoffMs: 200,
    },
  );
  try {
    assert.ok((await first).changes.added.includes("Api.ts"));
    let next = nextUpdate();
    await edit("listing and details.", "listed and detailed.");
    assert.deepEqual((await next).changes, {
      added: [],
      changed: ["Api.ts", "queries.ts", "services/BookService.ts"],
      removed: [],
    });
    assert.match(
      (await readTree(dir)).get("Api.ts")!,
      /listed and detailed/,
    );

    // The server stops and comes back on the same port with another edit.
    const port = server.port;
    await server.stop();
    await edit("listed and detailed.", "listed, detailed.");
    next = nextUpdate();
    server = await watchingServer(copy.project, port);
    assert.deepEqual((await next).changes.changed, [
      "Api.ts",
      "queries.ts",
      "services/BookService.ts",
    ]);
    assert.ok(
      lines.some((line) => line.startsWith("lost http://127.0.0.1:")),
      lines.join("\n"),
    );
    const updated = lines.filter((line) => line.includes(" updated to "));
    assert.equal(updated.length, 3, lines.join("\n"));
  } finally {
    stop.abort();
    assert.equal(await watched, 0);
    await server.stop();
    console.error = quiet;
    await copy.remove();
  }
});

Deno.test("api --watch (process): one line per update; Ctrl-C exits 0 and leaves a whole client", async () => {
  const copy = await copyFixture("bookstore");
  const quiet = console.error;
  console.error = () => {};
  const server = await watchingServer(copy.project);
  const dir = `${copy.dir}/client`;
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      new URL("./main.ts", import.meta.url).pathname,
      `http://127.0.0.1:${server.port}/ts.zip`,
      dir,
      "--watch",
    ],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  try {
    const lines = child.stdout.pipeThrough(new TextDecoderStream())
      .getReader();
    let printed = "";
    while (!printed.includes(" updated to ")) {
      const chunk = await lines.read();
      assert.ok(!chunk.done, printed);
      printed += chunk.value;
    }
    assert.match(
      printed,
      /^import extension ts: .*deno\.json: a Deno project .*\nfollowing http:\/\/127\.0\.0\.1:\d+\/__tailor\/events\n.*client updated to \S+: \d+ added, 0 changed, 0 removed\n$/,
    );
    lines.releaseLock();
    child.kill("SIGINT");
    const status = await child.status;
    assert.equal(status.code, 0);
    const files = await readTree(dir);
    assert.ok(files.has("Api.ts") && files.has(".tailor-generated"));
  } finally {
    await child.stdout.cancel().catch(() => {});
    await child.stderr.cancel().catch(() => {});
    await server.stop();
    console.error = quiet;
    await copy.remove();
  }
});

Deno.test("api --watch against a server that does not watch: it says so, takes the client once and keeps asking", async () => {
  const copy = await copyFixture("bookstore");
  const app = await createServer({ project: copy.project, typeCheck: false });
  const server = listen(app.fetch, { port: 0, hostname: "127.0.0.1" });
  const dir = `${copy.dir}/client`;
  const lines: string[] = [];
  const updated = Promise.withResolvers<void>();
  const stop = new AbortController();
  const watched = watchClient(
    resolveOptions(
      parseCommandLine([`http://127.0.0.1:${server.port}/ts.zip`, dir]),
    ),
    {
      signal: stop.signal,
      log: (line) => lines.push(line),
      onUpdate: () => updated.resolve(),
      maxBackoffMs: 100,
    },
  );
  try {
    await updated.promise;
    assert.ok((await readTree(dir)).has("Api.ts"));
    assert.match(
      lines[0]!,
      /__tailor\/events is not served: start the server with --watch$/,
    );
    assert.match(lines[1]!, / updated to the served version: \d+ added/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(lines.length, 2, lines.join("\n"));
  } finally {
    stop.abort();
    assert.equal(await watched, 0);
    await server.shutdown();
    await copy.remove();
  }
});
