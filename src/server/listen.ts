/**
 * The listener of a Tailor server: an app's `fetch` served over HTTP/1.1 on
 * `node:http` (through `@hono/node-server`), because `Deno.serve` has no
 * time limits and ends on the first failed accept. A connection is closed
 * when its headers do not arrive in time, when a whole request (headers and
 * body) takes too long, or when it sits idle between keep-alive requests.
 * The open connections stay below the process's open-file limit: beyond
 * `maxConnections` a new one is closed at once (and that is logged once per
 * burst), so accepting never fails with "too many open files" — in Deno
 * 2.9 a failed accept silently stops `node:net`'s listener for good.
 *
 * @module
 */

import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import { getRequestListener } from "@hono/node-server";

/** Time limits of a connection, in milliseconds (0: none). */
export interface ConnectionTimeouts {
  /** Most time from the connection (or the previous request) to a request's complete headers. */
  readonly headersMs?: number;
  /** Most time to receive a whole request, headers and body. */
  readonly requestMs?: number;
  /** Most time a keep-alive connection waits idle for its next request. */
  readonly idleMs?: number;
}

/** The defaults of {@link ConnectionTimeouts}. */
export const DEFAULT_TIMEOUTS: Required<ConnectionTimeouts> = {
  headersMs: 10_000,
  requestMs: 60_000,
  idleMs: 5_000,
};

/** Open files kept free for everything but connections (store, modules, logs). */
export const RESERVED_FILES = 128;

/** Options of {@link listen}. */
export interface ListenOptions extends ConnectionTimeouts {
  readonly port: number;
  readonly hostname: string;
  /**
   * Most connections open at once; a new one beyond is closed at once.
   * Default: the soft open-file limit less {@link RESERVED_FILES} (Linux),
   * else no limit.
   */
  readonly maxConnections?: number;
  /** Where problems of the listener are told (default `console.error`). */
  readonly log?: (message: string) => void;
}

/** A listening server. */
export interface Listening {
  /** The port listened on (the chosen one for port 0). */
  readonly port: number;
  /** Settles once the server has closed. */
  readonly finished: Promise<void>;
  /** Stops listening, closes idle connections, lets running requests end. */
  shutdown(): Promise<void>;
}

/** An app's request handler. */
export type Fetch = (request: Request) => Response | Promise<Response>;

/**
 * Serves `fetch` on `hostname:port`; resolves once listening. Rejects when
 * the address cannot be listened on.
 */
export async function listen(
  fetch: Fetch,
  options: ListenOptions,
): Promise<Listening> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...definedOf(options) };
  if (timeouts.requestMs > 0 && timeouts.headersMs > timeouts.requestMs) {
    throw new RangeError(
      `the headers timeout (${timeouts.headersMs} ms) must not exceed the request timeout (${timeouts.requestMs} ms)`,
    );
  }
  const log = options.log ?? ((message) => console.error(message));
  const server = createServer({
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.idleMs,
    connectionsCheckingInterval: checkingInterval(timeouts),
  }, getRequestListener((request) => fetch(request)));
  // A client that half-closes after its request still gets the answer.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.on("clientError", answerClientError);
  limitConnections(
    server,
    options.maxConnections ?? defaultMaxConnections(),
    log,
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.on("error", (error) => log(`server: ${error.message}`));
  const finished = new Promise<void>((resolve) =>
    server.once("close", resolve)
  );
  return {
    port: (server.address() as { port: number }).port,
    finished,
    shutdown: () => {
      server.close();
      server.closeIdleConnections();
      return finished;
    },
  };
}

function definedOf(timeouts: ConnectionTimeouts): ConnectionTimeouts {
  return Object.fromEntries(
    Object.entries({
      headersMs: timeouts.headersMs,
      requestMs: timeouts.requestMs,
      idleMs: timeouts.idleMs,
    }).filter(([, value]) => value !== undefined),
  );
}

/** How often `node:http` looks for late headers and requests. */
function checkingInterval(timeouts: Required<ConnectionTimeouts>): number {
  const limits = [timeouts.headersMs, timeouts.requestMs].filter((ms) =>
    ms > 0
  );
  return Math.max(50, Math.min(1_000, ...limits.map((ms) => ms / 4)));
}

/**
 * Answers a request `node:http` cannot take (malformed, or late: its
 * timeouts) with a JSON reason when the socket still takes one.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (socket.writable && error.code !== "ECONNRESET") {
    const late = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
    const body = JSON.stringify(
      late
        ? { error: "request-timeout", message: "the request came too slowly" }
        : { error: "bad-request", message: "malformed HTTP request" },
    );
    socket.end(
      `HTTP/1.1 ${late ? "408 Request Timeout" : "400 Bad Request"}\r\n` +
        `content-type: application/json\r\ncontent-length: ${body.length}\r\n` +
        `connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Closes each connection beyond `max` at once; logs once per burst (until
 * the count is below `max` again).
 */
function limitConnections(
  server: Server,
  max: number | undefined,
  log: (message: string) => void,
): void {
  if (max === undefined) return;
  let open = 0;
  let refused = 0;
  server.on("connection", (socket: Socket) => {
    if (open >= max) {
      if (refused++ === 0) {
        log(
          `server: ${max} connections open, the most it takes: new ones are closed until some end`,
        );
      }
      socket.destroy();
      return;
    }
    open++;
    socket.once("close", () => {
      open--;
      if (refused > 0 && open < max) {
        log(`server: ${refused} connection(s) were refused; taking new ones`);
        refused = 0;
      }
    });
  });
}

/**
 * The soft open-file limit from `/proc/self/limits` less
 * {@link RESERVED_FILES}; undefined where that file is not.
 */
function defaultMaxConnections(): number | undefined {
  let text: string;
  try {
    text = Deno.readTextFileSync("/proc/self/limits");
  } catch {
    return undefined;
  }
  const soft = openFileLimit(text);
  return soft === undefined ? undefined : maxConnectionsFor(soft);
}

/** The soft "Max open files" of a `/proc/<pid>/limits` text. */
export function openFileLimit(limits: string): number | undefined {
  const match = /^Max open files\s+(\d+|unlimited)\s/m.exec(limits);
  if (match === null || match[1] === "unlimited") return undefined;
  return Number(match[1]);
}

/** The connections a process with `openFiles` files may hold. */
export function maxConnectionsFor(openFiles: number): number {
  return Math.max(1, openFiles - Math.min(RESERVED_FILES, openFiles / 2));
}
