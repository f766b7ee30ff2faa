import assert from "node:assert/strict";
import { untilClosed } from "../testing/until_closed.ts";
import { CHECK_EVERY_MS } from "./engine_socket.ts";
import { listen, type Listening, type ListenOptions } from "./listen.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A large answer: 8 MiB, more than the socket buffers hold. */
const LARGE = new Uint8Array(8 * 1024 * 1024).fill(65);

/**
 * Echoes the request's body length; `/hello` answers "hello", `/large`
 * {@link LARGE}, `/headers` its `tenant` and `authorization` headers,
 * `/slow-headers` the same 50 ms later.
 */
async function app(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (path === "/hello") return new Response("hello");
  if (path === "/slow-headers") {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (path === "/headers" || path === "/slow-headers") {
    return Response.json({
      tenant: request.headers.get("tenant"),
      authorization: request.headers.get("authorization"),
    });
  }
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

function connect(server: Listening): Promise<Deno.Conn> {
  return Deno.connect({ hostname: "127.0.0.1", port: server.port });
}

Deno.test("listen: a connection that sends nothing, or half its headers, is closed after headersMs", async () => {
  await serving({ headersMs: 300, requestMs: 1000 }, async (server) => {
    const silent = await connect(server);
    const half = await connect(server);
    await half.write(encoder.encode("GET /hello HTTP/1.1\r\nhost: x\r\n"));
    const [a, b] = await Promise.all([
      untilClosed(silent, 5000),
      untilClosed(half, 5000),
    ]);
    for (const closed of [a, b]) {
      assert.ok((closed.closedMs ?? Infinity) < 3000, `${closed.closedMs} ms`);
    }
    assert.deepEqual([a.text, b.text], ["", ""]);
  });
});

Deno.test("listen: an idle keep-alive connection is closed after idleMs", async () => {
  await serving({ idleMs: 300 }, async (server) => {
    const conn = await connect(server);
    await conn.write(encoder.encode("GET /hello HTTP/1.1\r\nhost: x\r\n\r\n"));
    const { text, closedMs } = await untilClosed(conn, 5000);
    assert.match(text, /^HTTP\/1\.1 200 OK.*hello$/s);
    assert.ok((closedMs ?? Infinity) < 3000, `${closedMs} ms`);
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
    const { text } = await untilClosed(conn, 5000);
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
    const { text, closedMs } = await untilClosed(conn, 5000);
    assert.ok((closedMs ?? Infinity) < 4000, `${closedMs} ms`);
    assert.doesNotMatch(text, /200 OK/);
  });
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

/** What a connection gets once `request` is sent, until it closes. */
async function exchange(server: Listening, request: string): Promise<string> {
  const conn = await connect(server);
  await conn.write(encoder.encode(request));
  return (await untilClosed(conn, 5000)).text;
}

/** The status lines and bodies of the answers in `text`, in order. */
function answers(text: string): string[] {
  return [
    ...text.matchAll(/HTTP\/1\.[01] (\d{3})[^]*?\r\n\r\n(hello|\{[^}]*\})/g),
  ]
    .map((m) => `${m[1]} ${m[2]}`);
}

/** The first request of java.net.http.HttpClient at its defaults. */
const JAVA_FIRST_GET = "GET /hello HTTP/1.1\r\n" +
  "Connection: Upgrade, HTTP2-Settings\r\nContent-Length: 0\r\nHost: x\r\n" +
  "HTTP2-Settings: AAEAAEAAAAIAAAABAAMAAABkAAQBAAAAAAUAAEAA\r\n" +
  "Upgrade: h2c\r\nUser-Agent: Java-http-client/17\r\n\r\n";

Deno.test("listen: an h2c upgrade with Content-Length: 0 (Java's HttpClient) is answered in HTTP/1.1 and the connection stays open", async () => {
  await serving({}, async (server) => {
    const conn = await connect(server);
    await conn.write(encoder.encode(JAVA_FIRST_GET));
    const buffer = new Uint8Array(4096);
    let first = "";
    while (!first.endsWith("hello")) {
      const n = await conn.read(buffer);
      assert.ok(n !== null, `closed after: ${first}`);
      first += decoder.decode(buffer.subarray(0, n));
    }
    assert.match(first, /^HTTP\/1\.1 200 OK\r\n/);
    assert.doesNotMatch(first, /connection: close|upgrade/i);
    await conn.write(encoder.encode(
      "POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: 3\r\n" +
        "connection: close\r\n\r\nabc",
    ));
    const { text } = await untilClosed(conn, 5000);
    assert.deepEqual(answers(text), ['200 {"length":3}']);
  });
});

Deno.test("listen: dropping an h2c upgrade keeps the application headers its Connection names", async () => {
  await serving({}, async (server) => {
    const text = await exchange(
      server,
      "GET /headers HTTP/1.1\r\nHost: x\r\n" +
        "Connection: Upgrade, HTTP2-Settings, tenant, authorization, close\r\n" +
        "Upgrade: h2c\r\nHTTP2-Settings: AAEA\r\ntenant: a\r\n" +
        "authorization: Bearer t\r\nContent-Length: 0\r\n\r\n",
    );
    assert.deepEqual(answers(text), [
      '200 {"tenant":"a","authorization":"Bearer t"}',
    ]);
  });
});

/**
 * Sends `first`, then a `GET /hello` every `everyMs` for `count` times on
 * one connection; the "hello" answers read meanwhile, and whether the
 * server closes the connection within `closeMs` after that.
 */
async function keepBusy(
  server: Listening,
  first: string,
  count: number,
  everyMs: number,
  closeMs: number,
): Promise<{ hellos: number; closedAfter: boolean }> {
  const conn = await connect(server);
  await conn.write(encoder.encode(first));
  let text = "";
  const closed = (async () => {
    const buffer = new Uint8Array(4096);
    for (;;) {
      const n = await conn.read(buffer).catch(() => null);
      if (n === null) return true;
      text += decoder.decode(buffer.subarray(0, n));
    }
  })();
  const hello = encoder.encode("GET /hello HTTP/1.1\r\nhost: x\r\n\r\n");
  for (let i = 0; i < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    await conn.write(hello).catch(() => {});
  }
  await new Promise((resolve) => setTimeout(resolve, everyMs));
  const hellos = text.match(/hello/g)?.length ?? 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const closedAfter = await Promise.race([
    closed,
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), closeMs);
    }),
  ]);
  clearTimeout(timer);
  conn.close();
  await closed;
  return { hellos, closedAfter };
}

Deno.test("listen: a busy connection relayed byte for byte is never cut by the idle or request timeouts", async () => {
  await serving({ idleMs: 300, requestMs: 500 }, async (server) => {
    const hello = "GET /hello HTTP/1.1\r\nhost: x\r\n\r\n";
    for (
      const [first, answered] of [
        // Two pipelined requests: the rest is relayed byte for byte.
        [hello + hello, 2],
        // A chunked first request (answered {"length":5}).
        [
          "POST /echo HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n" +
          "\r\n5\r\nhello\r\n0\r\n\r\n",
          0,
        ],
      ] as const
    ) {
      // 1.8 s of a request every 150 ms: past both timeouts, never idle;
      // then idle, closed by the engine connection's idle timeout.
      const { hellos, closedAfter } = await keepBusy(
        server,
        first,
        12,
        150,
        3000,
      );
      assert.equal(hellos, answered + 12, first);
      assert.ok(closedAfter, "an idle connection stays open");
    }
  });
});

Deno.test("listen: an h2c upgrade with a chunked body is answered in HTTP/1.1", async () => {
  await serving({}, async (server) => {
    const text = await exchange(
      server,
      "POST /echo HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\n" +
        "Upgrade: h2c\r\nHTTP2-Settings: AAEA\r\n" +
        "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
    );
    assert.deepEqual(answers(text), ['200 {"length":5}']);
    assert.doesNotMatch(text, /upgrade/i);
  });
});

Deno.test("listen: a head whose lines end with a bare LF is answered at once", async () => {
  await serving({ headersMs: 60_000 }, async (server) => {
    const started = performance.now();
    const text = await exchange(
      server,
      "GET /hello HTTP/1.1\nhost: x\nconnection: close\n\n",
    );
    assert.deepEqual(answers(text), ["200 hello"]);
    // Not after a timeout: the headers timeout is a minute.
    assert.ok(performance.now() - started < 30_000);
  });
});

Deno.test("listen: a first request the engine refuses is told to onRefused", async () => {
  const refused: string[] = [];
  await serving({ onRefused: (line) => refused.push(line) }, async (server) => {
    const text = await exchange(
      server,
      "GET /hello?x HTTP/1.1\r\nHost: x\r\nBad Header: x\r\n\r\n",
    );
    assert.match(text, /^HTTP\/1\.1 400 /);
    // A request the app answers is not told.
    await exchange(
      server,
      "GET /hello HTTP/1.1\r\nHost: x\r\nconnection: close\r\n\r\n",
    );
  });
  assert.deepEqual(refused, ["GET /hello?x HTTP/1.1"]);
});

Deno.test("listen: pipelined requests, a chunked body, HTTP/1.0 and Connection: close get their answers", async () => {
  await serving({}, async (server) => {
    assert.deepEqual(
      answers(
        await exchange(
          server,
          JAVA_FIRST_GET.replace("GET /hello", "POST /echo")
            .replace("Content-Length: 0", "Content-Length: 2") +
            "ab" +
            "GET /hello HTTP/1.1\r\nhost: x\r\n\r\n" +
            "POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: 4\r\n" +
            "connection: close\r\n\r\nabcd",
        ),
      ),
      ['200 {"length":2}', "200 hello", '200 {"length":4}'],
    );
    assert.deepEqual(
      answers(
        await exchange(
          server,
          "POST /echo HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n" +
            "connection: close\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
        ),
      ),
      ['200 {"length":5}'],
    );
    assert.deepEqual(
      answers(await exchange(server, "GET /hello HTTP/1.0\r\n\r\n")),
      ["200 hello"],
    );
    const closing = await exchange(
      server,
      "GET /hello HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n",
    );
    assert.deepEqual(answers(closing), ["200 hello"]);
    assert.match(closing, /connection: close/);
  });
});

Deno.test("listen: a Deno without per-connection serving gets Deno.serve and one warning", async () => {
  const deno = Deno as unknown as
    & Record<symbol, Record<string, unknown>>
    & { internal: symbol };
  const internals = deno[deno.internal]!;
  const serveOn = internals.serveHttpOnConnection;
  internals.serveHttpOnConnection = undefined;
  const logged: string[] = [];
  try {
    await serving({ log: (m) => logged.push(m) }, async (server) => {
      const answer = await fetch(`http://127.0.0.1:${server.port}/hello`);
      assert.equal(await answer.text(), "hello");
    });
  } finally {
    internals.serveHttpOnConnection = serveOn;
  }
  assert.deepEqual(logged, [
    "warning: this Deno has no per-connection serving; no connection time limits",
  ]);
});

Deno.test("listen: first requests of connections in turn share engine connections, and nothing of one reaches the next", async () => {
  await serving({}, async (server) => {
    // A body that reads as a request: were it left on a shared engine
    // connection, the next client would get its (late) answer.
    const smuggled =
      "GET /slow-headers HTTP/1.1\r\nhost: x\r\ntenant: a\r\n\r\n";
    for (let round = 0; round < 3; round++) {
      const first = await exchange(
        server,
        "POST /hello HTTP/1.1\r\nhost: x\r\ntenant: a\r\n" +
          "authorization: Bearer t\r\nconnection: close\r\n" +
          `content-length: ${smuggled.length}\r\n\r\n${smuggled}`,
      );
      assert.deepEqual(answers(first), ["200 hello"]);
      const next = await exchange(
        server,
        "GET /headers HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n",
      );
      assert.deepEqual(answers(next), [
        '200 {"tenant":null,"authorization":null}',
      ]);
      assert.match(next, /\r\nconnection: close\r\n/);
    }
  });
});

Deno.test("listen: a deleted engine socket is made again, beside the engine connections kept open", async () => {
  const logged: string[] = [];
  await serving({ log: (line) => logged.push(line) }, async (server) => {
    const hello = "GET /hello HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n";
    assert.deepEqual(answers(await exchange(server, hello)), ["200 hello"]);
    const temp = Deno.env.get("TMPDIR") ?? "/tmp";
    for await (const entry of Deno.readDir(temp)) {
      if (entry.name.startsWith(`tailor-engine-${Deno.pid}-`)) {
        await Deno.remove(`${temp}/${entry.name}/engine.sock`);
      }
    }
    // Answered on a kept engine connection, the next one tells at once
    // (once the last look is CHECK_EVERY_MS old).
    await new Promise((resolve) => setTimeout(resolve, 2 * CHECK_EVERY_MS));
    assert.deepEqual(answers(await exchange(server, hello)), ["200 hello"]);
    const gone = () => logged.filter((line) => / is gone /.test(line)).length;
    assert.equal(gone(), 1);
    // More at once than the engine connections kept: new ones are needed.
    const texts = await Promise.all(
      [1, 2, 3, 4].map(() => exchange(server, hello)),
    );
    assert.deepEqual(texts.map(answers), [1, 2, 3, 4].map(() => ["200 hello"]));
    assert.equal(gone(), 1);
  });
});
