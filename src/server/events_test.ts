import assert from "node:assert/strict";
import { readEvents, type StreamEvent } from "../api/event_stream.ts";
import { copyFixture } from "../testing/fixture_copy.ts";
import { createServer } from "./create_server.ts";
import { EVENTS_PATH } from "./events.ts";
import { listen } from "./listen.ts";
import type { Reload } from "../watch/watch_server.ts";

/** The events of one stream, awaited one by one. */
function follow(response: Response) {
  const events = readEvents(response.body!);
  return async (): Promise<StreamEvent> => {
    const next = await events.next();
    assert.ok(!next.done, "the stream ended");
    return next.value;
  };
}

Deno.test("events: each version is announced with its ETags and changes; Last-Event-ID resumes; heartbeats; a cap; CORS", async () => {
  const copy = await copyFixture("bookstore");
  const watching = new AbortController();
  const reloads: ((reload: Reload) => void)[] = [];
  const nextReload = () =>
    new Promise<Reload>((resolve) => reloads.push(resolve));
  const quiet = console.error;
  console.error = () => {};
  const app = await createServer({
    project: copy.project,
    typeCheck: false,
    cors: { origins: ["http://localhost:5173"] },
    watch: {
      signal: watching.signal,
      onReload: (reload) => reloads.shift()?.(reload),
      debounceMs: 10,
      events: { heartbeatMs: 500, maxStreams: 2 },
    },
  });
  // Short limits: a stream outlives them.
  const server = listen(app.fetch, {
    port: 0,
    hostname: "127.0.0.1",
    idleMs: 2000,
    requestMs: 2000,
  });
  const base = `http://127.0.0.1:${server.port}`;
  const streams = new AbortController();
  const connect = (headers: Record<string, string> = {}) =>
    fetch(`${base}${EVENTS_PATH}`, { headers, signal: streams.signal });
  try {
    const response = await connect({ origin: "http://localhost:5173" });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "text/event-stream");
    assert.equal(
      response.headers.get("access-control-allow-origin"),
      "http://localhost:5173",
    );
    const next = follow(response);
    const first = await next();
    assert.equal(first.event, "version");
    const current = JSON.parse(first.data);
    assert.equal(current.full, true);
    assert.equal(current.version, first.id);
    const served = await fetch(`${base}/ts.zip`);
    await served.body?.cancel();
    assert.equal(current.etags.ts, served.headers.get("etag"));

    // A second stream, then the cap.
    const other = await connect({ "last-event-id": first.id! });
    const refused = await connect();
    assert.equal(refused.status, 503);
    assert.equal((await refused.json()).error, "too-many-streams");

    const reloaded = nextReload();
    const path = `${copy.project}/book_controller.ts`;
    const text = await Deno.readTextFile(path);
    assert.ok(text.includes("listing and details."));
    await Deno.writeTextFile(
      path,
      text.replace("listing and details.", "listed and detailed."),
    );
    assert.equal((await reloaded).ok, true);
    let event = await next();
    while (event.event === "heartbeat") event = await next();
    assert.equal(event.event, "version");
    const change = JSON.parse(event.data);
    assert.equal(change.full, false);
    assert.notEqual(change.etags.ts, current.etags.ts);
    // The page only points at the document: it stays the same.
    assert.deepEqual(change.artifacts, ["ts", "java", "openapi"]);
    assert.deepEqual(change.files.ts, [
      "Api.ts",
      "queries.ts",
      "services/BookService.ts",
    ]);
    assert.deepEqual(change.files.openapi, ["openapi.yml"]);
    assert.deepEqual(change.removed, {});
    const after = await fetch(`${base}/ts.zip`, {
      headers: { "if-none-match": current.etags.ts },
    });
    assert.equal(after.status, 200);
    assert.equal(after.headers.get("etag"), change.etags.ts);
    await after.body?.cancel();

    // The stream that resumed from the first id gets the second version.
    const resumed = follow(other);
    let missed = await resumed();
    while (missed.event === "heartbeat") missed = await resumed();
    assert.equal(missed.id, event.id);
    assert.equal(JSON.parse(missed.data).full, false);

    // Heartbeats, and the stream outlives the listener's request and idle
    // times.
    const since = performance.now();
    while (performance.now() - since < 4500) {
      const heartbeat = await next();
      assert.equal(heartbeat.event, "heartbeat");
      assert.deepEqual(JSON.parse(heartbeat.data), { version: event.id });
    }
  } finally {
    watching.abort();
    streams.abort();
    console.error = quiet;
    await server.shutdown();
    await copy.remove();
  }
});

Deno.test("events: a server that does not watch answers 404 with a reason", async () => {
  const app = await createServer({ project: "fixtures/treeshop" });
  const response = await app.request(EVENTS_PATH);
  assert.equal(response.status, 404);
  assert.match((await response.json()).message, /--watch/);
});
