import assert from "node:assert/strict";
import {
  listen,
  type Listening,
  type ListenOptions,
  maxConnectionsFor,
  openFileLimit,
} from "./listen.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Echoes the request's body length; `/hello` answers "hello". */
async function app(request: Request): Promise<Response> {
  if (new URL(request.url).pathname === "/hello") return new Response("hello");
  const body = await request.arrayBuffer();
  return Response.json({ length: body.byteLength });
}

async function serving<T>(
  options: Partial<ListenOptions>,
  run: (server: Listening) => Promise<T>,
): Promise<T> {
  const server = await listen(app, {
    port: 0,
    hostname: "127.0.0.1",
    log: () => {},
    ...options,
  });
  try {
    return await run(server);
  } finally {
    await server.shutdown();
  }
}

/** Everything the server sends until it closes (at most `limitMs`), and when. */
async function readUntilClosed(
  conn: Deno.Conn,
  limitMs: number,
): Promise<{ text: string; closedAfterMs: number }> {
  const start = performance.now();
  const timer = setTimeout(() => conn.close(), limitMs);
  let text = "";
  const buffer = new Uint8Array(64 * 1024);
  try {
    for (;;) {
      const n = await conn.read(buffer);
      if (n === null) break;
      text += decoder.decode(buffer.subarray(0, n));
    }
  } catch {
    // closed by the timer: the server kept it open
  } finally {
    clearTimeout(timer);
  }
  try {
    conn.close();
  } catch {
    // already closed
  }
  return { text, closedAfterMs: performance.now() - start };
}

function connect(server: Listening): Promise<Deno.Conn> {
  return Deno.connect({ hostname: "127.0.0.1", port: server.port });
}

Deno.test("listen: a connection that sends nothing, or half its headers, is closed after headersMs", async () => {
  await serving({ headersMs: 300, requestMs: 1000 }, async (server) => {
    const silent = await connect(server);
    const half = await connect(server);
    await half.write(encoder.encode("GET /hello HTTP/1.1\r\nhost: x\r\n"));
    const [a, b] = await Promise.all([
      readUntilClosed(silent, 5000),
      readUntilClosed(half, 5000),
    ]);
    for (const closed of [a, b]) {
      assert.ok(closed.closedAfterMs < 3000, `${closed.closedAfterMs} ms`);
    }
    assert.match(b.text, /^HTTP\/1\.1 408 .*"error":"request-timeout"/s);
  });
});

Deno.test("listen: an idle keep-alive connection is closed after idleMs", async () => {
  await serving({ idleMs: 300 }, async (server) => {
    const conn = await connect(server);
    await conn.write(encoder.encode("GET /hello HTTP/1.1\r\nhost: x\r\n\r\n"));
    const { text, closedAfterMs } = await readUntilClosed(conn, 5000);
    assert.match(text, /^HTTP\/1\.1 200 OK.*hello$/s);
    assert.ok(closedAfterMs < 3000, `${closedAfterMs} ms`);
  });
});

Deno.test("listen: a body sent too slowly is cut at requestMs", async () => {
  await serving({ headersMs: 200, requestMs: 600 }, async (server) => {
    const conn = await connect(server);
    await conn.write(encoder.encode(
      "POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\n0123456789",
    ));
    const { text, closedAfterMs } = await readUntilClosed(conn, 5000);
    assert.ok(closedAfterMs < 4000, `${closedAfterMs} ms`);
    assert.doesNotMatch(text, /200 OK/);
  });
});

Deno.test("listen: a client that half-closes after a full 100 KB body gets its answer", async () => {
  await serving({}, async (server) => {
    const conn = await connect(server);
    const body = "x".repeat(100 * 1024);
    await conn.write(encoder.encode(
      `POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
    ));
    await conn.closeWrite();
    const { text } = await readUntilClosed(conn, 5000);
    assert.match(text, /^HTTP\/1\.1 200 OK.*\{"length":102400\}$/s);
  });
});

Deno.test("listen: beyond maxConnections new connections are closed, logged once per burst, and the server goes on", async () => {
  const logged: string[] = [];
  await serving(
    { maxConnections: 4, log: (m) => logged.push(m) },
    async (server) => {
      const held = await Promise.all([...Array(4)].map(() => connect(server)));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const refused = await Promise.all(
        [...Array(3)].map(() => connect(server)),
      );
      const answers = await Promise.all(
        refused.map((conn) => readUntilClosed(conn, 3000)),
      );
      assert.deepEqual(answers.map((a) => a.text), ["", "", ""]);
      assert.equal(logged.length, 1);
      assert.match(logged[0]!, /4 connections open, the most it takes/);
      for (const conn of held) conn.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const response = await fetch(`http://127.0.0.1:${server.port}/hello`);
      assert.equal(await response.text(), "hello");
      assert.match(
        logged[1]!,
        /3 connection\(s\) were refused; taking new ones/,
      );
    },
  );
});

Deno.test("listen: a busy port rejects; a headers timeout over the request timeout is refused", async () => {
  await serving({}, async (server) => {
    await assert.rejects(
      listen(app, { port: server.port, hostname: "127.0.0.1" }),
    );
  });
  await assert.rejects(
    listen(app, {
      port: 0,
      hostname: "127.0.0.1",
      headersMs: 2000,
      requestMs: 1000,
    }),
    RangeError,
  );
});

Deno.test("openFileLimit and maxConnectionsFor: the soft limit less what the process keeps", () => {
  const limits = [
    "Limit                     Soft Limit           Hard Limit           Units",
    "Max processes             63445                63445                processes",
    "Max open files            1024                 4096                 files",
  ].join("\n");
  assert.equal(openFileLimit(limits), 1024);
  assert.equal(
    openFileLimit(limits.replace("1024  ", "unlimited")),
    undefined,
  );
  assert.equal(openFileLimit("nothing"), undefined);
  assert.equal(maxConnectionsFor(1024), 896);
  assert.equal(maxConnectionsFor(100), 50);
});
