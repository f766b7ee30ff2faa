/**
 * The head of a connection's first HTTP/1.1 request, read by the listener
 * before Deno's HTTP engine sees the connection, and the head of the answer
 * to it. Pure functions over bytes; `first_request.ts` does the I/O.
 *
 * Why: Java's `java.net.http.HttpClient` at its defaults (HTTP/2 preferred)
 * sends its first request on plain http as `Connection: Upgrade,
 * HTTP2-Settings`, `Upgrade: h2c` with `Content-Length: 0`, and Deno's engine
 * answers any request that has both an upgrade and a body length with `400`
 * before a handler runs. A server may ignore an upgrade (RFC 9110 §7.8), so
 * the listener drops it from such a request and answers in HTTP/1.1, which
 * the client then keeps using.
 *
 * @module
 */

/** A request head this module understood. */
export interface RequestHead {
  /** Bytes of the head, its blank line included. */
  readonly length: number;
  /** Bytes of the body that follows (`content-length`, else 0). */
  readonly bodyLength: number;
  /** The method, as sent. */
  readonly method: string;
  /** The client asked to close the connection after the answer. */
  readonly close: boolean;
  /** An upgrade the engine would refuse was dropped from the head. */
  readonly upgradeDropped: boolean;
  /**
   * The body is chunked (an upgrade dropped from it): its end is left to
   * the engine, the connection relayed byte for byte after the head.
   */
  readonly chunked: boolean;
  /**
   * The engine's connection can serve another request after this one's
   * answer: a body length (no chunked body) and no upgrade left in the head
   * (an answered upgrade would take the connection over).
   */
  readonly keepAlive: boolean;
  /**
   * The head as the engine gets it: the upgrade dropped when it came with a
   * body length, the client's `close` and `keep-alive` tokens dropped, and
   * `connection: close` unless {@link keepAlive}, so that such an answer
   * ends with its connection.
   */
  readonly relayed: Uint8Array;
}

/** The longest head read before the listener gives up parsing it. */
export const MAX_HEAD_BYTES = 64 * 1024;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) ([^\s]+) HTTP\/1\.1$/;
const HEADER_LINE = /^([^:]+):[ \t]*(.*?)[ \t]*$/;
const CRLF_CRLF = [13, 10, 13, 10];

/** The hop-by-hop headers of an HTTP/2 upgrade (RFC 7540 §3.2). */
const UPGRADE_HEADERS = ["upgrade", "http2-settings"];

/**
 * Where the head's blank line ends in `bytes`, or -1 before it came. A
 * line may end with a bare LF, as HTTP/1.1 parsers accept (RFC 9112 §2.2):
 * such a head is complete too, and left to the engine as it came.
 */
export function headEnd(bytes: Uint8Array): number {
  for (let i = 0; i + 1 < bytes.length; i++) {
    if (bytes[i] !== 10) continue;
    if (bytes[i + 1] === 10) return i + 2;
    if (bytes[i + 1] === 13 && bytes[i + 2] === 10) return i + 3;
  }
  return -1;
}

/** Whether the head ending at `end` ends with CR LF CR LF. */
function crlfEnded(bytes: Uint8Array, end: number): boolean {
  return end >= 4 && CRLF_CRLF.every((byte, j) => bytes[end - 4 + j] === byte);
}

/**
 * The first request's head in `bytes` (which hold at least the whole head),
 * or undefined for anything but a plain HTTP/1.1 head with at most one
 * `content-length`: no `transfer-encoding` (but a chunked body of an
 * upgrade to drop), no `expect`, no folded or
 * malformed line, no line ended by a bare LF. What is not understood is left to the engine untouched.
 */
export function readRequestHead(bytes: Uint8Array): RequestHead | undefined {
  const end = headEnd(bytes);
  if (end < 0 || !crlfEnded(bytes, end)) return undefined;
  const lines = latin1(bytes.subarray(0, end - 4)).split("\r\n");
  const requestLine = REQUEST_LINE.exec(lines[0]!);
  if (requestLine === null) return undefined;
  const headers: [string, string][] = [];
  for (const line of lines.slice(1)) {
    const header = HEADER_LINE.exec(line);
    if (header === null || !TOKEN.test(header[1]!)) return undefined;
    headers.push([header[1]!.toLowerCase(), header[2]!]);
  }
  const named = (name: string) => headers.filter(([n]) => n === name);
  if (named("expect").length > 0) return undefined;
  const lengths = named("content-length");
  if (lengths.length > 1) return undefined;
  const length = lengths[0]?.[1];
  if (length !== undefined && !/^\d{1,15}$/.test(length)) return undefined;
  const connection = named("connection").flatMap(([, value]) =>
    value.split(",").map((token) => token.trim().toLowerCase())
  ).filter((token) => token !== "");
  const encodings = named("transfer-encoding");
  // Only one chunked body, never beside a length: the engine judges others.
  const chunked = encodings.length === 1 &&
    encodings[0]![1].toLowerCase() === "chunked" && length === undefined;
  if (encodings.length > 0 && !(chunked && connection.includes("upgrade"))) {
    return undefined;
  }
  const dropUpgrade = (length !== undefined || chunked) &&
    connection.includes("upgrade");
  const dropped = new Set(["connection", "keep-alive"]);
  // Only the upgrade's own headers: a `connection` token naming another
  // header (`tenant`, `authorization`) must not remove it from the request.
  if (dropUpgrade) { for (const name of UPGRADE_HEADERS) dropped.add(name); }
  const kept = headers.filter(([name]) => !dropped.has(name));
  const tokens = connection.filter((token) =>
    token !== "close" && token !== "keep-alive" && !dropped.has(token)
  );
  const keepAlive = !chunked && !tokens.includes("upgrade");
  if (!keepAlive) tokens.push("close");
  const relayed = [
    lines[0]!,
    ...kept.map(([name, value]) => `${name}: ${value}`),
    ...(tokens.length > 0 ? [`connection: ${tokens.join(", ")}`] : []),
    "",
    "",
  ].join("\r\n");
  return {
    length: end,
    bodyLength: length === undefined ? 0 : Number(length),
    method: requestLine[1]!,
    close: connection.includes("close"),
    upgradeDropped: dropUpgrade,
    chunked,
    keepAlive,
    relayed: bytesOf(relayed),
  };
}

/** The engine's answer head, made fit for a connection that stays open. */
export interface AnswerHead {
  /** Bytes of the head, its blank line included. */
  readonly length: number;
  /** The status code. */
  readonly status: number;
  /**
   * The head to send: `connection: close` in it exactly when the client
   * asked for it or the body ends with the connection (the bytes as they
   * came when that holds already).
   */
  readonly sent: Uint8Array;
  /**
   * Bytes of the body: its `content-length`, 0 when the answer has none (a
   * `HEAD`, 204, 304 or 1xx answer); undefined when it is chunked or ends
   * with the connection.
   */
  readonly bodyLength: number | undefined;
  /** The body is chunked: it ends with its last chunk and trailers. */
  readonly chunked: boolean;
  /** The answer's body ends only with its connection (no length given). */
  readonly closeDelimited: boolean;
  /** The engine closes its connection after the answer (`connection: close`). */
  readonly closing: boolean;
  /** The answer is an event stream (`content-type: text/event-stream`). */
  readonly eventStream: boolean;
}

/**
 * The head of the engine's answer in `bytes` (which hold at least the whole
 * head) to a request of `method`, with `connection: close` sent only when
 * `close` (the client asked for it) or the body needs it.
 */
export function readAnswerHead(
  bytes: Uint8Array,
  method: string,
  close: boolean,
): AnswerHead | undefined {
  const end = headEnd(bytes);
  if (end < 0 || !crlfEnded(bytes, end)) return undefined;
  const lines = latin1(bytes.subarray(0, end - 4)).split("\r\n");
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(lines[0]!)?.[1]);
  if (!Number.isInteger(status)) return undefined;
  let contentLength: number | undefined;
  let chunked = false;
  let closing = false;
  let eventStream = false;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "content-length") contentLength ??= Number(value);
    else if (name === "transfer-encoding") {
      chunked = /(^|,)\s*chunked$/i.test(value);
    } else if (name === "connection") {
      closing ||= value.toLowerCase().split(",").some((token) =>
        token.trim() === "close"
      );
    } else if (name === "content-type") eventStream = isEventStream(value);
  }
  const bodiless = method === "HEAD" || status === 204 || status === 304 ||
    status < 200;
  const bodyLength = bodiless
    ? 0
    : chunked || !Number.isSafeInteger(contentLength)
    ? undefined
    : contentLength;
  const closeDelimited = bodyLength === undefined && !chunked;
  const closeLine = (line: string) => /^connection:\s*close\s*$/i.test(line);
  const hasCloseLine = lines.some(closeLine);
  const wantClose = close || closeDelimited;
  const sent = wantClose === hasCloseLine ? bytes.subarray(0, end) : bytesOf(
    [
      ...(wantClose ? [...lines, "connection: close"] : lines.filter(
        (line, i) => i === 0 || !closeLine(line),
      )),
      "",
      "",
    ].join("\r\n"),
  );
  return {
    length: end,
    status,
    sent,
    bodyLength,
    chunked,
    closeDelimited,
    closing,
    eventStream,
  };
}

/** Whether a `content-type` is that of Server-Sent Events. */
export function isEventStream(contentType: string | null | undefined): boolean {
  return contentType?.split(";")[0]?.trim().toLowerCase() ===
    "text/event-stream";
}

const ascii = new TextDecoder();

/** Bytes as ISO-8859-1 text, one char a byte (TextDecoder's "latin1" is windows-1252). */
function latin1(bytes: Uint8Array): string {
  // Heads are ASCII nearly always, which UTF-8 decodes alike, fast.
  const text = ascii.decode(bytes);
  if (!/[\u0080-\uffff]/.test(text)) return text;
  let exact = "";
  for (let i = 0; i < bytes.length; i++) {
    exact += String.fromCharCode(bytes[i]!);
  }
  return exact;
}

/** ISO-8859-1 text (one char a byte) as bytes. */
function bytesOf(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
