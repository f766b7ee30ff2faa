/**
 * The first request of a connection, relayed by the listener to Deno's HTTP
 * engine through a connection of its own (a Unix socket of this process),
 * so that the engine gets the head `request_head.ts` made of it: an upgrade
 * it would refuse dropped. The answer goes back to the client, which keeps
 * its connection; the engine then serves the rest of that connection
 * directly (`"handover"`), unless the request asked for that upgrade: a
 * client that does (Java's) asks on every request, so each is relayed the
 * same way. The engine's connection stays open for the first request of a
 * later client connection (`engine_pool.ts`; the answer read to the end its
 * framing says, `relay_answer.ts`). What the listener does not understand
 * (a chunked or `expect` request, HTTP/1.0, HTTP/2 prior knowledge,
 * requests sent ahead of the first answer) is relayed whole, byte for byte,
 * to the end, on a new engine connection.
 *
 * @module
 */

import {
  ANSWER_BUFFER_BYTES,
  closeQuietly,
  type EngineConnection,
  type EnginePool,
} from "./engine_pool.ts";
import { concat, copy, relayAnswer, writeAll } from "./relay_answer.ts";
import {
  headEnd,
  MAX_HEAD_BYTES,
  readRequestHead,
  type RequestHead,
} from "./request_head.ts";

/** What became of a connection after its first request. */
export type FirstRequestOutcome =
  /** At a request boundary, nothing read ahead, open: the engine's now. */
  | "handover"
  /** Closed, or relayed to its end. */
  | "done";

/** The engine's side of a relay and the listener's hooks. */
export interface RelayOptions {
  /**
   * The connections to the engine: a `GET`, `HEAD` or `OPTIONS` request
   * with its body in hand goes on an idle one of the pool, others on new
   * ones; a connection read to the end of its answer goes back to the pool;
   * byte-for-byte relays get new ones, never kept.
   */
  readonly engine: EnginePool;
  /** Called once a request's head is in. */
  readonly onHead?: () => void;
  /** Called once an answer is sent and the connection waits for the next. */
  readonly onIdle?: () => void;
  /** Called when an answer is an event stream (it lasts: no deadline). */
  readonly onStream?: () => void;
  /**
   * Called when the rest of the connection is relayed byte for byte: the
   * engine's own connection then keeps its time limits, request by request.
   */
  readonly onPassThrough?: () => void;
  /** True once the listener is stopping: no further request is taken. */
  readonly stopping?: () => boolean;
  /** Closes the relay when aborted (a timeout of the listener). */
  readonly signal: AbortSignal;
  /**
   * Called with a request's first line when the engine refused it before
   * any handler saw it (its own `400` without a body).
   */
  readonly onRefused?: (requestLine: string) => void;
}

const CHUNK = 64 * 1024;

/** The first read of a request head (a larger head grows the buffer). */
const FIRST_READ = 8 * 1024;

/**
 * Relays the first request of `conn` and its answer, and every later one
 * while the client keeps asking for the upgrade the engine would refuse
 * (Java's client does on each request); never throws (a failure closes the
 * connection).
 */
export async function relayFirstRequest(
  conn: Deno.Conn,
  options: RelayOptions,
): Promise<FirstRequestOutcome> {
  // What an abort closes: the client and the engine connection in use.
  const opened = new Set<Deno.Conn>([conn]);
  const closeAll = () => {
    opened.forEach(closeQuietly);
    opened.clear();
  };
  options.signal.addEventListener("abort", closeAll, { once: true });
  try {
    let start = await readHead(conn, new Uint8Array(0));
    while (start !== undefined) {
      const request = start;
      options.onHead?.();
      const head = readRequestHead(start);
      if (head === undefined || head.chunked) {
        const inner = await options.engine.connect();
        opened.add(inner);
        options.onPassThrough?.();
        await relayToEnd(
          conn,
          inner,
          head === undefined
            ? start
            : concat(head.relayed, start.subarray(head.length)),
          (answer) => {
            if (isRefusal(answer)) options.onRefused?.(firstLine(request));
          },
        );
        break;
      }
      const requestEnd = head.length + head.bodyLength;
      const ahead = start.subarray(Math.min(requestEnd, start.length));
      const sent = await relayRequest(conn, head, start, options, opened);
      if (!sent || head.close || options.signal.aborted) break;
      if (options.stopping?.()) break;
      options.onIdle?.();
      if (!head.upgradeDropped) {
        if (ahead.length === 0) return "handover";
        const rest = await options.engine.connect();
        opened.add(rest);
        options.onPassThrough?.();
        await relayToEnd(conn, rest, ahead);
        break;
      }
      start = await readHead(conn, ahead);
    }
  } catch {
    // closed below
  } finally {
    options.signal.removeEventListener("abort", closeAll);
  }
  closeAll();
  return "done";
}

/**
 * Methods whose request can be sent again when a kept engine connection
 * turns out closed (RFC 9110 §9.2.1, as nginx retries only idempotent
 * requests): others go on a new connection, which may be kept after.
 */
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Sends one request (its head as `head` relays it, its body from `start`
 * and `conn`) to the engine, and the answer back: on a connection of the
 * pool when the whole request is in hand and its method {@link SAFE}, sent
 * once more on a new connection when a reused one had ended before any
 * answer came (the engine closes idle connections). True when the client's
 * connection can take another request. The engine connection in use is in
 * `opened`.
 */
async function relayRequest(
  conn: Deno.Conn,
  head: RequestHead,
  start: Uint8Array,
  options: RelayOptions,
  opened: Set<Deno.Conn>,
): Promise<boolean> {
  const requestEnd = head.length + head.bodyLength;
  const inHand = Math.min(requestEnd, start.length);
  const first = concat(head.relayed, start.subarray(head.length, inHand));
  const remaining = requestEnd - inHand;
  // Only a request that may be sent twice is sent on a kept connection.
  let inner = head.keepAlive && remaining === 0 && SAFE.has(head.method)
    ? await options.engine.take()
    : newConnection(await options.engine.connect());
  for (;;) {
    opened.add(inner.conn);
    let bodySent = false;
    const body = sendRequest(conn, inner.conn, first, remaining).then(
      (sent) => bodySent = sent,
      () => false,
    );
    const answer = await relayAnswer(inner, conn, head, () => {
      options.onStream?.();
    }).catch(() => ({ came: true, clientOpen: false, reusable: false }));
    // All was written at once: wait for it (no client read is pending).
    if (remaining === 0) await body;
    const reusable = answer.reusable && bodySent && !options.signal.aborted;
    opened.delete(inner.conn);
    if (!reusable) closeQuietly(inner.conn);
    if (!answer.came && inner.reused && !options.signal.aborted) {
      inner = newConnection(await options.engine.connect());
      continue;
    }
    // An answer before the whole body (a 413): the rest cannot be skipped.
    if (!bodySent) closeQuietly(conn);
    await body;
    if (reusable) options.engine.give(inner);
    return bodySent && answer.clientOpen;
  }
}

/** A new connection to the engine, with its own buffer. */
function newConnection(conn: Deno.Conn): EngineConnection {
  return {
    conn,
    buffer: new Uint8Array(ANSWER_BUFFER_BYTES),
    reused: false,
  };
}

/**
 * `ahead` and the bytes of `conn` after it, up to the end of a head (maybe
 * more), or the first {@link MAX_HEAD_BYTES} without one; undefined when
 * `conn` ends first.
 */
async function readHead(
  conn: Deno.Conn,
  ahead: Uint8Array,
): Promise<Uint8Array | undefined> {
  if (headEnd(ahead) >= 0 || ahead.length >= MAX_HEAD_BYTES) return ahead;
  let buffer = new Uint8Array(Math.max(FIRST_READ, ahead.length * 2));
  buffer.set(ahead);
  let filled = ahead.length;
  do {
    if (filled === buffer.length) {
      const larger = new Uint8Array(buffer.length * 2);
      larger.set(buffer);
      buffer = larger;
    }
    const n = await conn.read(buffer.subarray(filled));
    if (n === null) return undefined;
    filled += n;
  } while (
    headEnd(buffer.subarray(0, filled)) < 0 && filled < MAX_HEAD_BYTES
  );
  return buffer.subarray(0, filled);
}

/**
 * Writes `first` to `inner`, then `remaining` more bytes of the body read
 * from `conn` (exactly those, so nothing after the request is read).
 * False when `conn` ended before.
 */
async function sendRequest(
  conn: Deno.Conn,
  inner: Deno.Conn,
  first: Uint8Array,
  remaining: number,
): Promise<boolean> {
  await writeAll(inner, first);
  if (remaining === 0) return true;
  // One buffer: each chunk is written before the next read.
  const buffer = new Uint8Array(Math.min(remaining, CHUNK));
  while (remaining > 0) {
    const n = await conn.read(
      buffer.subarray(0, Math.min(remaining, buffer.length)),
    );
    if (n === null) {
      // The client's end is the engine's too: it answers a cut body.
      await inner.closeWrite();
      return false;
    }
    await writeAll(inner, buffer.subarray(0, n));
    remaining -= n;
  }
  return true;
}

/**
 * Relays `conn` to `inner` (after `first`) and back, until `inner` ends;
 * `onAnswer` sees the first bytes of the answer.
 */
async function relayToEnd(
  conn: Deno.Conn,
  inner: Deno.Conn,
  first: Uint8Array,
  onAnswer?: (bytes: Uint8Array) => void,
): Promise<void> {
  await writeAll(inner, first);
  const toEngine = copy(conn, inner, new Uint8Array(CHUNK)).then(() =>
    inner.closeWrite()
  ).catch(
    () => {},
  );
  await copy(inner, conn, new Uint8Array(CHUNK), onAnswer);
  closeQuietly(conn);
  await toEngine;
}

/** Whether an answer starts as the engine's own refusal: 400, no body. */
function isRefusal(answer: Uint8Array): boolean {
  const text = String.fromCharCode(...answer.subarray(0, 512));
  const head = text.slice(0, text.indexOf("\r\n\r\n") + 2);
  return head.startsWith("HTTP/1.1 400 ") &&
    /\r\ncontent-length: 0\r\n/i.test(head) &&
    !/\r\ncontent-type:/i.test(head);
}

/** The first line of a request, without its line end (at most 8 KiB). */
function firstLine(bytes: Uint8Array): string {
  const text = String.fromCharCode(...bytes.subarray(0, 8192));
  return text.split(/\r?\n/, 1)[0]!;
}
