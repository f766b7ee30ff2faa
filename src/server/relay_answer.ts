/**
 * The engine's answer to one relayed request, copied to the client: its
 * head made fit by `readAnswerHead`, its body to the end its framing says
 * (a length, the last chunk, or the engine's close), so that a connection
 * to the engine that stays open can serve the next request
 * (`engine_pool.ts`). Also the byte helpers of the relay.
 *
 * @module
 */

import { ChunkedEnd } from "./chunked_end.ts";
import type { EngineConnection } from "./engine_pool.ts";
import { headEnd, readAnswerHead } from "./request_head.ts";

/** What became of an answer. */
export interface Answer {
  /** Some of it came (else the engine closed, or failed, before a byte). */
  readonly came: boolean;
  /** The client's connection can take another request. */
  readonly clientOpen: boolean;
  /**
   * The engine's connection was read to the answer's end, nothing after
   * it, and stays open: it can serve another request.
   */
  readonly reusable: boolean;
}

/** What the answer is to. */
export interface AnsweredRequest {
  readonly method: string;
  /** The client asked to close its connection after the answer. */
  readonly close: boolean;
  /** The engine was asked to keep its connection open. */
  readonly keepAlive: boolean;
}

const NOTHING: Answer = { came: false, clientOpen: false, reusable: false };

/**
 * Copies the engine's answer on `inner` to `conn` (`onStream` told of an
 * event stream). A failure after the first byte throws.
 */
export async function relayAnswer(
  inner: EngineConnection,
  conn: Deno.Conn,
  request: AnsweredRequest,
  onStream: () => void,
): Promise<Answer> {
  const { buffer } = inner;
  let filled = 0;
  let end = -1;
  while (end < 0 && filled < buffer.length) {
    let n: number | null;
    try {
      n = await inner.conn.read(buffer.subarray(filled));
    } catch (error) {
      if (filled === 0) return NOTHING;
      throw error;
    }
    if (n === null) break;
    filled += n;
    end = headEnd(buffer.subarray(0, filled));
  }
  if (filled === 0) return NOTHING;
  const head = end < 0
    ? undefined
    : readAnswerHead(buffer.subarray(0, filled), request.method, request.close);
  if (head === undefined) {
    // Not an answer this relay reads: passed on as it came, to the end.
    await writeAll(conn, buffer.subarray(0, filled));
    await copy(inner.conn, conn, buffer);
    return { came: true, clientOpen: false, reusable: false };
  }
  if (head.eventStream) onStream();
  const body = buffer.subarray(head.length, filled);
  if (!request.keepAlive || head.closeDelimited || head.status < 200) {
    // The engine ends this answer with its connection.
    await writeAll(conn, joined(head.sent, body));
    await copy(inner.conn, conn, buffer);
    return { came: true, clientOpen: !head.closeDelimited, reusable: false };
  }
  let ended: boolean;
  if (head.bodyLength !== undefined) {
    const here = Math.min(head.bodyLength, body.length);
    await writeAll(conn, joined(head.sent, body.subarray(0, here)));
    ended = here === body.length &&
      await copyLength(inner, conn, head.bodyLength - here);
  } else {
    const chunks = new ChunkedEnd();
    const taken = chunks.feed(body);
    await writeAll(
      conn,
      joined(head.sent, taken < 0 ? body : body.subarray(0, taken)),
    );
    ended = taken < 0
      ? await copyChunked(inner, conn, chunks)
      : taken === body.length;
  }
  return { came: true, clientOpen: ended, reusable: ended && !head.closing };
}

/**
 * Copies exactly `length` bytes of `inner` to `conn`; false when `inner`
 * ended first.
 */
async function copyLength(
  inner: EngineConnection,
  conn: Deno.Conn,
  length: number,
): Promise<boolean> {
  let left = length;
  while (left > 0) {
    const n = await inner.conn.read(
      inner.buffer.subarray(0, Math.min(left, inner.buffer.length)),
    );
    if (n === null) return false;
    await writeAll(conn, inner.buffer.subarray(0, n));
    left -= n;
  }
  return true;
}

/**
 * Copies the rest of a chunked body from `inner` to `conn`; true when it
 * ended with nothing after it, false when `inner` ended first.
 */
async function copyChunked(
  inner: EngineConnection,
  conn: Deno.Conn,
  chunks: ChunkedEnd,
): Promise<boolean> {
  for (;;) {
    const n = await inner.conn.read(inner.buffer);
    if (n === null) return false;
    const taken = chunks.feed(inner.buffer.subarray(0, n));
    await writeAll(conn, inner.buffer.subarray(0, taken < 0 ? n : taken));
    if (taken >= 0) return taken === n;
  }
}

/**
 * Copies `from` to `to` until `from` ends, through `buffer` (each chunk
 * written before the next read); `onFirst` sees the first chunk.
 */
export async function copy(
  from: Deno.Conn,
  to: Deno.Conn,
  buffer: Uint8Array,
  onFirst?: (bytes: Uint8Array) => void,
): Promise<void> {
  let first = onFirst;
  for (;;) {
    const n = await from.read(buffer);
    if (n === null) return;
    first?.(buffer.subarray(0, n));
    first = undefined;
    await writeAll(to, buffer.subarray(0, n));
  }
}

/** Writes all of `bytes` to `conn`. */
export async function writeAll(
  conn: Deno.Conn,
  bytes: Uint8Array,
): Promise<void> {
  let written = 0;
  while (written < bytes.length) {
    written += await conn.write(bytes.subarray(written));
  }
}

/** `a` then `b` in one array (`a` and `b` themselves when one is empty). */
export function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const both = new Uint8Array(a.length + b.length);
  both.set(a);
  both.set(b, a.length);
  return both;
}

/**
 * `head` then `body` in one array, to be sent in one write: a view of the
 * same memory when `body` follows `head` there (a head left as it came).
 */
function joined(head: Uint8Array, body: Uint8Array): Uint8Array {
  if (
    head.buffer === body.buffer &&
    head.byteOffset + head.length === body.byteOffset
  ) {
    return new Uint8Array(
      head.buffer,
      head.byteOffset,
      head.length + body.length,
    );
  }
  return concat(head, body);
}
