/**
 * The first request of a connection, relayed by the listener to Deno's HTTP
 * engine through a connection of its own (a Unix socket of this process),
 * so that the engine gets the head `request_head.ts` made of it: an upgrade
 * it would refuse dropped. The answer goes back to the client, which keeps
 * its connection; the engine then serves the rest of that connection
 * directly (`"handover"`), unless the request asked for that upgrade: a
 * client that does (Java's) asks on every request, so each is relayed the
 * same way. What the listener does not understand (a chunked
 * or `expect` request, HTTP/1.0, HTTP/2 prior knowledge, requests sent ahead
 * of the first answer) is relayed whole, byte for byte, to the end.
 *
 * @module
 */

import {
  type AnswerHead,
  headEnd,
  MAX_HEAD_BYTES,
  readAnswerHead,
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
  /** A new connection to the engine. */
  readonly engine: () => Promise<Deno.Conn>;
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
  const opened: Deno.Conn[] = [conn];
  const closeAll = () => opened.forEach(closeQuietly);
  options.signal.addEventListener("abort", closeAll, { once: true });
  try {
    let start = await readHead(conn, new Uint8Array(0));
    while (start !== undefined) {
      const request = start;
      options.onHead?.();
      const head = readRequestHead(start);
      const inner = await options.engine();
      opened.push(inner);
      if (head === undefined || head.chunked) {
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
      const ahead = start.slice(Math.min(requestEnd, start.length));
      const sent = await relayRequest(conn, inner, head, start, options);
      if (!sent || head.close || options.signal.aborted) break;
      if (options.stopping?.()) break;
      options.onIdle?.();
      if (!head.upgradeDropped) {
        if (ahead.length === 0) return "handover";
        const rest = await options.engine();
        opened.push(rest);
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
 * Sends one request (its head as `head` relays it, its body from `start`
 * and `conn`) to the engine on `inner`, and the answer back. True when the
 * connection can take another request.
 */
async function relayRequest(
  conn: Deno.Conn,
  inner: Deno.Conn,
  head: RequestHead,
  start: Uint8Array,
  options: RelayOptions,
): Promise<boolean> {
  const requestEnd = head.length + head.bodyLength;
  let bodySent = false;
  const body = sendRequest(conn, inner, [
    head.relayed,
    start.subarray(head.length, requestEnd),
  ], requestEnd - Math.min(requestEnd, start.length)).then(
    (sent) => bodySent = sent,
    () => false,
  );
  const answer = await sendAnswer(inner, conn, head.method, head.close, () => {
    options.onStream?.();
  });
  closeQuietly(inner);
  // An answer before the whole body (a 413): the rest cannot be skipped.
  if (!bodySent) closeQuietly(conn);
  await body;
  return bodySent && answer !== undefined && !answer.closeDelimited;
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
  let bytes = ahead;
  while (headEnd(bytes) < 0 && bytes.length < MAX_HEAD_BYTES) {
    const chunk = await readChunk(conn, CHUNK);
    if (chunk === null) return undefined;
    bytes = concat(bytes, chunk);
  }
  return bytes;
}

/**
 * Writes `first` to `inner`, then `remaining` more bytes of the body read
 * from `conn` (exactly those, so nothing after the request is read).
 * False when `conn` ended before.
 */
async function sendRequest(
  conn: Deno.Conn,
  inner: Deno.Conn,
  first: Uint8Array[],
  remaining: number,
): Promise<boolean> {
  for (const part of first) await writeAll(inner, part);
  while (remaining > 0) {
    const chunk = await readChunk(conn, Math.min(remaining, CHUNK));
    if (chunk === null) {
      // The client's end is the engine's too: it answers a cut body.
      await inner.closeWrite();
      return false;
    }
    await writeAll(inner, chunk);
    remaining -= chunk.length;
  }
  return true;
}

/**
 * Copies the engine's answer from `inner` to `conn` until the engine closes
 * `inner`, its head changed by `readAnswerHead` (`onStream` told of an
 * event stream); undefined when the head
 * could not be read (what came is passed on as it is).
 */
async function sendAnswer(
  inner: Deno.Conn,
  conn: Deno.Conn,
  method: string,
  close: boolean,
  onStream: () => void,
): Promise<AnswerHead | undefined> {
  const start = await readHead(inner, new Uint8Array(0));
  if (start === undefined) return undefined;
  const head = readAnswerHead(start, method, close);
  if (head?.eventStream) onStream();
  if (head === undefined) {
    await writeAll(conn, start);
  } else {
    await writeAll(conn, head.sent);
    await writeAll(conn, start.subarray(head.length));
  }
  await copy(inner, conn);
  return head;
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
  const toEngine = copy(conn, inner).then(() => inner.closeWrite()).catch(
    () => {},
  );
  await copy(inner, conn, onAnswer);
  closeQuietly(conn);
  await toEngine;
}

/** Copies `from` to `to` until `from` ends; `onFirst` sees the first chunk. */
async function copy(
  from: Deno.Conn,
  to: Deno.Conn,
  onFirst?: (bytes: Uint8Array) => void,
): Promise<void> {
  // One buffer: each chunk is written before the next read.
  const buffer = new Uint8Array(CHUNK);
  let first = onFirst;
  for (;;) {
    const n = await from.read(buffer);
    if (n === null) return;
    first?.(buffer.subarray(0, n));
    first = undefined;
    await writeAll(to, buffer.subarray(0, n));
  }
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

/** Up to `size` bytes of `conn`, or null at its end. */
async function readChunk(
  conn: Deno.Conn,
  size: number,
): Promise<Uint8Array | null> {
  const buffer = new Uint8Array(size);
  const n = await conn.read(buffer);
  return n === null ? null : buffer.subarray(0, n);
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let written = 0;
  while (written < bytes.length) {
    written += await conn.write(bytes.subarray(written));
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // closed already
  }
}
