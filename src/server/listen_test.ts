import assert from "node:assert/strict";
import {
  acceptLoop,
  type Acceptor,
  listen,
  type Listening,
  type ListenOptions,
} from "./listen.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A large answer: 8 MiB, more than the socket buffers hold. */
const LARGE = new Uint8Array(8 * 1024 * 1024).fill(65);

/**
 * Echoes the request's body length; `/hello` answers "hello", `/large`
 * {@link LARGE}.
 */
async function app(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (path === "/hello") return new Response("hello");
  if (path === "/large") {
    return new Response(LARGE, {
      headers: { "content-length": String(LARGE.length) },
    });
  }
  const body = await request.arrayBuffer();
  return Response.json({ length: body.byteLength });
}

async function serving<T>(
  options: Partial<ListenOptions>,
  run: (server: Listening) => Promise<T>,
): Promise<T> {
  const server = listen(app, {
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
    assert.deepEqual([a.text, b.text], ["", ""]);
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

Deno.test("listen: a large answer read slowly is not cut at idleMs", async () => {
  await serving({ idleMs: 200 }, async (server) => {
    const conn = await connect(server);
    await conn.write(
      encoder.encode(
        "GET /large HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n",
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 800));
    const { text } = await readUntilClosed(conn, 5000);
    assert.match(text, /^HTTP\/1\.1 200 OK\r\ncontent-length: 8388608\r\n/);
    assert.equal(text.length - text.indexOf("\r\n\r\n") - 4, LARGE.length);
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

Deno.test("acceptLoop: failed accepts are logged once per burst, retried, and never end the loop", async () => {
  const conn = {} as Deno.Conn;
  const script: (Deno.Conn | Error)[] = [
    new Error("Too many open files (os error 24)"),
    new Error("Too many open files (os error 24)"),
    new Error("Too many open files (os error 24)"),
    conn,
    new Error("Too many open files (os error 24)"),
    conn,
    new Deno.errors.BadResource("closed"),
  ];
  const acceptor: Acceptor = {
    accept: () => {
      const next = script.shift()!;
      return next instanceof Error
        ? Promise.reject(next)
        : Promise.resolve(next);
    },
  };
  const served: Deno.Conn[] = [];
  const logged: string[] = [];
  await acceptLoop(acceptor, (c) => served.push(c), (m) => logged.push(m), 1);
  assert.equal(served.length, 2);
  assert.deepEqual(logged, [
    "server: accepting failed: Too many open files (os error 24); retrying",
    "server: accepting again after 3 failed accept(s)",
    "server: accepting failed: Too many open files (os error 24); retrying",
    "server: accepting again after 1 failed accept(s)",
  ]);
});

Deno.test("listen: a busy port throws; a timeout must be a positive integer", async () => {
  await serving({}, (server) => {
    assert.throws(() =>
      listen(app, { port: server.port, hostname: "127.0.0.1" })
    );
    return Promise.resolve();
  });
  for (const bad of [0, -1, 1.5]) {
    assert.throws(
      () => listen(app, { port: 0, hostname: "127.0.0.1", idleMs: bad }),
      RangeError,
    );
  }
});
