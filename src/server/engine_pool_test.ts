/**
 * The relay's keep-alive connections to the engine (`engine_pool.ts` used
 * by `first_request.ts`), against a scripted engine on TCP that numbers its
 * connections: reused after a complete answer, dropped after a
 * `connection: close` answer, an error or extra bytes, sent once more when
 * a reused one had been closed by the engine.
 */
import assert from "node:assert/strict";
import { untilClosed } from "../testing/until_closed.ts";
import { type EnginePool, enginePool } from "./engine_pool.ts";
import { relayFirstRequest } from "./first_request.ts";

const encoder = new TextEncoder();

/** A request the scripted engine got, and on which of its connections. */
interface Seen {
  readonly connection: number;
  readonly head: string;
  readonly body: string;
}

/** What the scripted engine sends, and whether it closes after. */
interface Reply {
  readonly answer: string;
  readonly close?: boolean;
}

/** An HTTP/1.1 "engine" answering the n-th request with `replies[n]`. */
function scriptedEngine(replies: readonly Reply[]) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const seen: Seen[] = [];
  const open = new Set<Deno.Conn>();
  const serving: Promise<void>[] = [];
  const serve = async (conn: Deno.Conn, connection: number) => {
    const buffer = new Uint8Array(64 * 1024);
    let pending = "";
    const more = async () => {
      const n = await conn.read(buffer);
      if (n === null) throw new Error("closed");
      pending += String.fromCharCode(...buffer.subarray(0, n));
    };
    try {
      for (;;) {
        while (!pending.includes("\r\n\r\n")) await more();
        const end = pending.indexOf("\r\n\r\n") + 4;
        const head = pending.slice(0, end);
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        while (pending.length < end + length) await more();
        seen.push({ connection, head, body: pending.slice(end, end + length) });
        pending = pending.slice(end + length);
        const reply = replies[seen.length - 1]!;
        await conn.write(encoder.encode(reply.answer));
        if (reply.close) break;
      }
    } catch {
      // closed by the relay
    }
    if (open.delete(conn)) conn.close();
  };
  const accepting = (async () => {
    let connection = 0;
    for await (const conn of listener) {
      open.add(conn);
      serving.push(serve(conn, connection++));
    }
  })();
  return {
    seen,
    connect: () =>
      Deno.connect({ hostname: "127.0.0.1", port: listener.addr.port }),
    close: async () => {
      listener.close();
      await accepting;
      for (const conn of open) conn.close();
      open.clear();
      await Promise.all(serving);
    },
  };
}

/** Sends `request` on a new client connection relayed through `pool`. */
async function ask(pool: EnginePool, request: string): Promise<string> {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const client = await Deno.connect({
    hostname: "127.0.0.1",
    port: listener.addr.port,
  });
  const server = await listener.accept();
  listener.close();
  const relayed = relayFirstRequest(server, {
    engine: pool,
    signal: new AbortController().signal,
  });
  await client.write(encoder.encode(request));
  const { text } = await untilClosed(client, 5000);
  assert.equal(await relayed, "done");
  return text;
}

/** Runs `requests` in turn through one pool over `replies`. */
async function relayed(
  replies: readonly Reply[],
  requests: readonly string[],
): Promise<{ texts: string[]; connections: number[]; seen: Seen[] }> {
  const engine = scriptedEngine(replies);
  const pool = enginePool(engine.connect, { maxIdle: 4, idleMs: 10_000 });
  const texts: string[] = [];
  try {
    for (const request of requests) texts.push(await ask(pool, request));
  } finally {
    pool.close();
    await engine.close();
  }
  return {
    texts,
    connections: engine.seen.map((seen) => seen.connection),
    seen: engine.seen,
  };
}

const GET = "GET /a HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n";
const OK = "HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok";

Deno.test("engine pool: one engine connection serves the first requests of connections in turn, whatever the answer's framing", async () => {
  const { texts, connections, seen } = await relayed([
    { answer: "HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nhi" },
    {
      answer: "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n" +
        "2\r\nho\r\n3\r\n\r\n0\r\n0\r\nx: y\r\n\r\n",
    },
    { answer: "HTTP/1.1 204 No Content\r\n\r\n" },
    { answer: OK },
  ], [
    GET,
    GET,
    GET,
    "HEAD /a HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n",
  ]);
  assert.deepEqual(connections, [0, 0, 0, 0]);
  assert.equal(
    texts[0],
    "HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nhi",
  );
  assert.match(
    texts[1]!,
    /\r\n\r\n2\r\nho\r\n3\r\n\r\n0\r\n0\r\nx: y\r\n\r\n$/,
  );
  assert.equal(
    texts[2],
    "HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n",
  );
  // A HEAD answer has no body, whatever its length says.
  assert.match(texts[3]!, /\r\ncontent-length: 2\r\n.*\r\n\r\n$/s);
  // The engine is asked to keep its connection.
  assert.doesNotMatch(seen[0]!.head, /connection/i);
});

Deno.test("engine pool: a request that must not be sent twice goes on a new engine connection, kept after for the next", async () => {
  const { connections, seen } = await relayed(
    [{ answer: OK }, { answer: OK }, { answer: OK }],
    [
      GET,
      "POST /b HTTP/1.1\r\nhost: x\r\ncontent-length: 3\r\n" +
      "connection: close\r\n\r\nabc",
      GET,
    ],
  );
  // The last connection given back is the first taken.
  assert.deepEqual(connections, [0, 1, 1]);
  assert.equal(seen[1]!.body, "abc");
});

Deno.test("engine pool: an answer with connection: close, an engine error or bytes past the answer's end drop the engine connection", async () => {
  const { texts, connections } = await relayed([
    // Says close (and does not close): not used again.
    {
      answer: "HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close" +
        "\r\n\r\nhi",
    },
    // Cut short: the client's answer is cut too.
    { answer: "HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nabc", close: true },
    { answer: OK },
    // More than the answer: not used again.
    { answer: OK + "HTTP/1.1 200 OK\r\n" },
    { answer: OK },
  ], [GET, GET, GET, GET, GET]);
  assert.deepEqual(connections, [0, 1, 2, 2, 3]);
  assert.match(texts[0]!, /connection: close\r\n\r\nhi$/);
  assert.match(texts[1]!, /\r\n\r\nabc$/);
  assert.match(texts[4]!, /\r\n\r\nok$/);
});

Deno.test("engine pool: a reused connection the engine closed meanwhile: the request goes again on a new one", async () => {
  const { texts, connections } = await relayed(
    [{ answer: OK, close: true }, { answer: OK }],
    [GET, GET],
  );
  assert.deepEqual(connections, [0, 1]);
  assert.match(texts[1]!, /^HTTP\/1\.1 200 OK\r\n.*\r\n\r\nok$/s);
});

Deno.test("engine pool: a connection idle past idleMs is closed, not handed out", async () => {
  const engine = scriptedEngine([{ answer: OK }, { answer: OK }]);
  const pool = enginePool(engine.connect, { maxIdle: 4, idleMs: 50 });
  try {
    await ask(pool, GET);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const taken = await pool.take();
    assert.equal(taken.reused, false);
    taken.conn.close();
  } finally {
    pool.close();
    await engine.close();
  }
});
