/**
 * A bounded HTTP download: the answer must come within the connect timeout,
 * the body must keep flowing (idle timeout), stay under a size cap and be
 * complete; an error answer is read only as far as it is printed.
 *
 * @module
 */

import { DELTA_IM, REMOVED_HEADER, removedPaths } from "./delta_header.ts";

/** A download that failed; its message is one line. */
export class DownloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DownloadError";
  }
}

/** Limits and hooks of one download. */
export interface DownloadOptions {
  /** Milliseconds to wait for the response headers. */
  readonly connectTimeoutMs: number;
  /** Milliseconds without a byte of the body before giving up. */
  readonly idleTimeoutMs: number;
  /** Most body bytes accepted. */
  readonly maxBytes: number;
  /** Aborts the download (Ctrl-C); its reason is thrown. */
  readonly signal?: AbortSignal;
  /** Called after every chunk with the bytes so far and the declared total. */
  readonly onProgress?: (received: number, total: number | undefined) => void;
  /** ETag of what the caller has: a 304 answer gives `undefined`. */
  readonly ifNoneMatch?: string;
  /**
   * Asks for only the files changed since `ifNoneMatch` (`A-IM:
   * changed-files`, RFC 3229): a watching server may answer `226` with them.
   */
  readonly acceptDelta?: boolean;
}

/** A downloaded body and the ETag it came with. */
export interface Downloaded {
  readonly bytes: Uint8Array;
  readonly etag?: string;
  /**
   * Present for a delta (`226`): `bytes` hold only the files written since
   * `ifNoneMatch`, and these paths are gone.
   */
  readonly delta?: { readonly removed: readonly string[] };
}

/** Bytes of an error answer read, at most. */
export const ERROR_BODY_BYTES = 4096;

/** Characters of an error answer printed, at most. */
export const ERROR_BODY_CHARS = 500;

/**
 * Downloads `url` whole, or throws a DownloadError (or the abort reason);
 * undefined when the server answers 304 to `options.ifNoneMatch`.
 */
export async function download(
  url: string,
  options: DownloadOptions,
): Promise<Downloaded | undefined> {
  const controller = new AbortController();
  const abort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", abort);
  const timer = new Timer(controller);
  try {
    timer.start(
      options.connectTimeoutMs,
      () =>
        new DownloadError(
          `no answer from ${url} within ${
            options.connectTimeoutMs / 1000
          } s (raise --connect-timeout if the server is slow)`,
        ),
    );
    let response: Response;
    try {
      response = await fetch(url, {
        signal: controller.signal,
        headers: requestHeaders(options),
      });
    } catch (error) {
      throw controller.signal.aborted
        ? controller.signal.reason
        : new DownloadError(
          `cannot reach ${url}: ${messageOf(error)} (is the server running?)`,
        );
    }
    const idle = () =>
      new DownloadError(
        `${url} sent no data for ${
          options.idleTimeoutMs / 1000
        } s (raise --idle-timeout if the server is slow)`,
      );
    if (response.status === 304 && options.ifNoneMatch !== undefined) {
      await response.body?.cancel().catch(() => {});
      return undefined;
    }
    let delta: Downloaded["delta"];
    if (response.status === 226) {
      try {
        delta = deltaOf(url, response, options);
      } catch (error) {
        await response.body?.cancel().catch(() => {});
        throw error;
      }
    }
    if (response.status !== 200 && delta === undefined) {
      timer.start(options.idleTimeoutMs, idle);
      const text = await errorText(response);
      throw new DownloadError(
        `${url} answered ${response.status} ${response.statusText}${
          text ? `: ${text}` : ""
        }`,
      );
    }
    const bytes = await readBody(
      url,
      response,
      options,
      controller,
      timer,
      idle,
    );
    const etag = response.headers.get("etag");
    return {
      bytes,
      ...(etag === null ? {} : { etag }),
      ...(delta === undefined ? {} : { delta }),
    };
  } finally {
    timer.stop();
    options.signal?.removeEventListener("abort", abort);
  }
}

/** `If-None-Match`, and `A-IM` when a delta is welcome. */
function requestHeaders(options: DownloadOptions): Record<string, string> {
  if (options.ifNoneMatch === undefined) return {};
  return {
    "if-none-match": options.ifNoneMatch,
    ...(options.acceptDelta === true ? { "a-im": DELTA_IM } : {}),
  };
}

/**
 * What a `226` answer removes; a DownloadError unless it is the delta
 * asked for: `IM: changed-files` from the ETag the caller holds.
 */
function deltaOf(
  url: string,
  response: Response,
  options: DownloadOptions,
): { readonly removed: readonly string[] } {
  const im = response.headers.get("im");
  const base = response.headers.get("delta-base");
  if (
    options.acceptDelta !== true || im !== DELTA_IM ||
    base !== options.ifNoneMatch
  ) {
    throw new DownloadError(
      `${url} answered 226 with IM ${im} from ${base}, not the ${DELTA_IM} from ${options.ifNoneMatch} asked for`,
    );
  }
  try {
    return { removed: removedPaths(response.headers.get(REMOVED_HEADER)) };
  } catch {
    throw new DownloadError(`${url} sent a bad ${REMOVED_HEADER} header`);
  }
}

/** Reads the body, enforcing the idle timeout, the cap and completeness. */
async function readBody(
  url: string,
  response: Response,
  options: DownloadOptions,
  controller: AbortController,
  timer: Timer,
  idle: () => Error,
): Promise<Uint8Array> {
  const declared = declaredLength(response);
  const tooLarge = () =>
    new DownloadError(
      `${url} sends more than ${options.maxBytes} bytes (raise --max-size)`,
    );
  if (declared !== undefined && declared > options.maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body!.getReader();
  try {
    while (true) {
      timer.start(options.idleTimeoutMs, idle);
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw controller.signal.aborted
          ? controller.signal.reason
          : cutShort(url, received, messageOf(error));
      }
      if (chunk.done) break;
      received += chunk.value.length;
      if (received > options.maxBytes) throw tooLarge();
      chunks.push(chunk.value);
      options.onProgress?.(received, declared);
    }
  } finally {
    timer.stop();
    await reader.cancel().catch(() => {});
  }
  if (declared !== undefined && received !== declared) {
    throw cutShort(url, received, `expected ${declared} bytes`);
  }
  return concat(chunks, received);
}

/** The Content-Length of an unencoded body, when the server sent one. */
function declaredLength(response: Response): number | undefined {
  const length = response.headers.get("content-length");
  if (length === null || response.headers.has("content-encoding")) {
    return undefined;
  }
  const value = Number(length);
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** The start of an error answer, on one line, read no further than needed. */
async function errorText(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < ERROR_BODY_BYTES) {
      const chunk = await reader.read();
      if (chunk.done) break;
      chunks.push(chunk.value);
      size += chunk.value.length;
    }
  } catch {
    // An error answer cut short is still worth printing as far as it came.
  } finally {
    await reader.cancel().catch(() => {});
  }
  const text = new TextDecoder()
    .decode(concat(chunks, size).subarray(0, ERROR_BODY_BYTES))
    .replace(/\s+/g, " ")
    .trim();
  return text.length > ERROR_BODY_CHARS
    ? `${text.slice(0, ERROR_BODY_CHARS)}...`
    : text;
}

function cutShort(url: string, received: number, why: string): DownloadError {
  return new DownloadError(
    `the download from ${url} was cut short after ${received} bytes (${why})`,
  );
}

/**
 * The first line of an error's message; for a fetch failure, the last part
 * of its cause ("Connection refused (os error 111)").
 */
export function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const message = error.cause instanceof Error
    ? error.cause.message.split(": ").at(-1)!
    : error.message;
  return message.split("\n")[0]!;
}

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk.subarray(0, size - offset), offset);
    offset += chunk.length;
    if (offset >= size) break;
  }
  return bytes;
}

/** One restartable timeout that aborts the download with an error. */
class Timer {
  #id: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly controller: AbortController) {}

  start(ms: number, error: () => Error): void {
    this.stop();
    this.#id = setTimeout(() => this.controller.abort(error()), ms);
  }

  stop(): void {
    clearTimeout(this.#id);
  }
}
