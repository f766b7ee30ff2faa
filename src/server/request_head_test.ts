import assert from "node:assert/strict";
import { headEnd, readAnswerHead, readRequestHead } from "./request_head.ts";

const bytes = (text: string) =>
  Uint8Array.from(text, (char) => char.charCodeAt(0));
const text = (data: Uint8Array) => String.fromCharCode(...data);

Deno.test("readRequestHead: an upgrade with a body length is dropped, with its own headers only; the engine keeps its connection", () => {
  const head = readRequestHead(bytes(
    "GET /books HTTP/1.1\r\nConnection: Upgrade, HTTP2-Settings\r\n" +
      "Content-Length: 0\r\nHost: x\r\nHTTP2-Settings: AAEA\r\n" +
      "Upgrade: h2c\r\nUser-Agent: Java-http-client/17\r\n\r\nnext",
  ))!;
  assert.equal(
    text(head.relayed),
    "GET /books HTTP/1.1\r\ncontent-length: 0\r\nhost: x\r\n" +
      "user-agent: Java-http-client/17\r\n\r\n",
  );
  assert.deepEqual(
    [head.length, head.bodyLength, head.method, head.close, head.keepAlive],
    [157, 0, "GET", false, true],
  );
});

Deno.test("readRequestHead: application headers that Connection names stay when the upgrade is dropped", () => {
  const head = readRequestHead(bytes(
    "GET /books HTTP/1.1\r\nConnection: Upgrade, tenant, Authorization\r\n" +
      "Upgrade: h2c\r\ntenant: a\r\nauthorization: Bearer t\r\n" +
      "Content-Length: 0\r\n\r\n",
  ))!;
  assert.equal(
    text(head.relayed),
    "GET /books HTTP/1.1\r\ntenant: a\r\nauthorization: Bearer t\r\n" +
      "content-length: 0\r\nconnection: tenant, authorization\r\n\r\n",
  );
  assert.equal(head.upgradeDropped, true);
});

Deno.test("readRequestHead: an upgrade without a body length, a client's close and other bytes pass as they came", () => {
  const head = readRequestHead(bytes(
    "POST /x HTTP/1.1\r\nConnection: upgrade, close\r\nUpgrade: websocket\r\n" +
      "X-Name: caf\xe9 \x85\r\n\r\n",
  ))!;
  assert.equal(
    text(head.relayed),
    "POST /x HTTP/1.1\r\nupgrade: websocket\r\nx-name: caf\xe9 \x85\r\n" +
      "connection: upgrade, close\r\n\r\n",
  );
  assert.deepEqual([head.close, head.keepAlive], [true, false]);
  // A client's close is the listener's business: the engine keeps its
  // connection for the next client.
  const closing = readRequestHead(bytes(
    "GET /x HTTP/1.1\r\nhost: x\r\nConnection: keep-alive, close\r\n\r\n",
  ))!;
  assert.equal(text(closing.relayed), "GET /x HTTP/1.1\r\nhost: x\r\n\r\n");
  assert.deepEqual([closing.close, closing.keepAlive], [true, true]);
});

Deno.test("readRequestHead: what is not a plain HTTP/1.1 head with one length is left to the engine", () => {
  for (
    const head of [
      "GET / HTTP/1.0\r\n\r\n",
      "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
      "GET / HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\n",
      "GET / HTTP/1.1\r\ncontent-length: 1\r\ncontent-length: 1\r\n\r\n",
      "GET / HTTP/1.1\r\ncontent-length: -1\r\n\r\n",
      "GET / HTTP/1.1\r\nexpect: 100-continue\r\n\r\n",
      "GET / HTTP/1.1\r\nhost: x\r\n folded\r\n\r\n",
      "GET / HTTP/1.1\r\nbad name: x\r\n\r\n",
      "GET / HTTP/1.1\r\nhost: x\r\n",
    ]
  ) {
    assert.equal(readRequestHead(bytes(head)), undefined, head);
  }
});

Deno.test("readAnswerHead: the engine's close is dropped unless the client asked for it or the body needs it", () => {
  const answer =
    "HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n" +
    "date: x\r\n\r\nhi";
  const kept = readAnswerHead(bytes(answer), "GET", false)!;
  assert.equal(
    text(kept.sent),
    "HTTP/1.1 200 OK\r\ncontent-length: 2\r\ndate: x\r\n\r\n",
  );
  assert.deepEqual([kept.length, kept.closeDelimited], [
    answer.length - 2,
    false,
  ]);
  assert.match(
    text(readAnswerHead(bytes(answer), "GET", true)!.sent),
    /connection: close/,
  );
  const unframed = readAnswerHead(
    bytes("HTTP/1.1 200 OK\r\nconnection: close\r\n\r\n"),
    "GET",
    false,
  )!;
  assert.equal(unframed.closeDelimited, true);
  assert.match(text(unframed.sent), /connection: close/);
  assert.equal(
    readAnswerHead(bytes("HTTP/1.1 204 No Content\r\n\r\n"), "GET", false)!
      .closeDelimited,
    false,
  );
  assert.equal(
    readAnswerHead(bytes("HTTP/1.1 200 OK\r\n"), "GET", false),
    undefined,
  );
});

Deno.test("headEnd: a head ends at a blank line, its lines ended by CR LF or a bare LF; only CR LF heads are read", () => {
  assert.equal(headEnd(bytes("GET / HTTP/1.1\r\nhost: x\r\n\r\nbody")), 27);
  assert.equal(headEnd(bytes("GET / HTTP/1.1\nhost: x\n\nbody")), 24);
  assert.equal(headEnd(bytes("GET / HTTP/1.1\r\nhost: x\r\n")), -1);
  assert.equal(
    readRequestHead(bytes("GET / HTTP/1.1\nhost: x\n\n")),
    undefined,
  );
  assert.equal(
    readRequestHead(bytes("GET / HTTP/1.1\r\nhost: x\n\n")),
    undefined,
  );
});

Deno.test("readAnswerHead: how the body ends, and a client's close added to a head without it", () => {
  const read = (head: string, method = "GET", close = false) => {
    const answer = readAnswerHead(bytes(head), method, close)!;
    return [
      answer.status,
      answer.bodyLength,
      answer.chunked,
      answer.closeDelimited,
      answer.closing,
    ];
  };
  assert.deepEqual(read("HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\n"), [
    200,
    12,
    false,
    false,
    false,
  ]);
  assert.deepEqual(
    read("HTTP/1.1 200 OK\r\ntransfer-encoding: gzip, chunked\r\n\r\n"),
    [200, undefined, true, false, false],
  );
  assert.deepEqual(
    read("HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\n", "HEAD"),
    [200, 0, false, false, false],
  );
  assert.deepEqual(
    read("HTTP/1.1 304 Not Modified\r\nConnection: Keep-Alive, Close\r\n\r\n"),
    [304, 0, false, false, true],
  );
  assert.deepEqual(
    read("HTTP/1.1 200 OK\r\ntransfer-encoding: gzip\r\n\r\n"),
    [200, undefined, false, true, false],
  );
  const head = "HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n";
  assert.equal(text(readAnswerHead(bytes(head), "GET", false)!.sent), head);
  assert.equal(
    text(readAnswerHead(bytes(head + "hi"), "GET", true)!.sent),
    "HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\n",
  );
});
