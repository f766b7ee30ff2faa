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
   * The head as the engine gets it: the upgrade dropped when it came with a
   * body length, and `connection: close`, so that the answer ends with its
   * connection.
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
  const relayed = [
    lines[0]!,
    ...kept.map(([name, value]) => `${name}: ${value}`),
    `connection: ${[...tokens, "close"].join(", ")}`,
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
    relayed: bytesOf(relayed),
  };
}

/** The engine's answer head, made fit for a connection that stays open. */
export interface AnswerHead {
  /** Bytes of the head, its blank line included. */
  readonly length: number;
  /** The head to send: its `connection: close` dropped unless `close`. */
  readonly sent: Uint8Array;
  /** The answer's body ends only with its connection (no length given). */
  readonly closeDelimited: boolean;
  /** The answer is an event stream (`content-type: text/event-stream`). */
  readonly eventStream: boolean;
}

/**
 * The head of the engine's answer in `bytes` (which hold at least the whole
 * head) to a request of `method`, with its `connection: close` kept only
 * when `close` (the client asked for it).
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
  const names = lines.slice(1).map((line) =>
    line.slice(0, line.indexOf(":")).toLowerCase()
  );
  const bodiless = method === "HEAD" || status === 204 || status === 304 ||
    status < 200;
  const closeDelimited = !bodiless && !names.includes("content-length") &&
    !names.includes("transfer-encoding");
  const sent = close || closeDelimited
    ? lines
    : lines.filter((line, i) =>
      i === 0 || !/^connection:\s*close\s*$/i.test(line)
    );
  const eventStream = lines.slice(1).some((line, i) =>
    names[i] === "content-type" &&
    isEventStream(line.slice(line.indexOf(":") + 1))
  );
  return {
    length: end,
    sent: bytesOf([...sent, "", ""].join("\r\n")),
    closeDelimited,
    eventStream,
  };
}

/** Whether a `content-type` is that of Server-Sent Events. */
export function isEventStream(contentType: string | null | undefined): boolean {
  return contentType?.split(";")[0]?.trim().toLowerCase() ===
    "text/event-stream";
}

/** Bytes as ISO-8859-1 text, one char a byte (TextDecoder's "latin1" is windows-1252). */
function latin1(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  return text;
}

function bytesOf(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}
