/**
 * The listener of a Tailor server: Deno's HTTP engine (that of `Deno.serve`)
 * run on connections this module accepts itself, so that
 *
 * - a failed accept (`Too many open files` when idle sockets hold every
 *   descriptor) is logged once per burst and retried, where `Deno.serve`
 *   ends `server.finished` with it and the process dies;
 * - a connection is closed when its request headers do not come in time
 *   (nothing sent, or half the headers), when a request takes too long from
 *   its headers to its answer (a body sent too slowly), or when it sits
 *   idle between keep-alive requests. `Deno.serve` has no such limits.
 *
 * Per connection it uses `serveHttpOnConnection`, the function behind
 * `Deno.serve` that Deno keeps in `Deno[Deno.internal]`; a Deno without it
 * gets plain `Deno.serve` and a warning (no limits then). `node:http` has
 * the limits but was no choice: in Deno 2.9 it costs three times the CPU
 * per request, and its listener stops for good after a failed accept.
 *
 * @module
 */

import { acceptLoop } from "./accept_loop.ts";
import { type EnginePool, enginePool } from "./engine_pool.ts";
import { engineSocket } from "./engine_socket.ts";
import { relayFirstRequest } from "./first_request.ts";
import { isEventStream } from "./request_head.ts";

/** Time limits of a connection, in milliseconds. */
export interface ConnectionTimeouts {
  /** Most time from the connection's start to a request's complete headers. */
  readonly headersMs?: number;
  /** Most time from a request's headers to its answer (its body included). */
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

/** Options of {@link listen}. */
export interface ListenOptions extends ConnectionTimeouts {
  readonly port: number;
  readonly hostname: string;
  /** Where problems of the listener are told (default `console.error`). */
  readonly log?: (message: string) => void;
  /**
   * Called with the first line of a request that Deno's engine refused
   * (its own 400) before the app saw it, where the listener can tell: the
   * first request of a connection. For the access log.
   */
  readonly onRefused?: (requestLine: string) => void;
}

/** A listening server. */
export interface Listening {
  /** The port listened on (the chosen one for port 0). */
  readonly port: number;
  /** Settles once the server has stopped and its connections are closed. */
  readonly finished: Promise<void>;
  /** Stops accepting and closes the connections once their answers are sent. */
  shutdown(): Promise<void>;
}

/** An app's request handler. */
export type Fetch = (request: Request) => Response | Promise<Response>;

/**
 * The slowest reader an answer waits for, in bytes per millisecond (16 KiB/s):
 * an answer with a `content-length` gets its size at this rate to be sent
 * before the idle time starts.
 */
const SLOWEST_READ = 16;

/**
 * Most idle keep-alive connections to the engine kept for the first
 * requests of new connections (as nginx's upstream `keepalive 32`).
 */
const MAX_IDLE_ENGINE_CONNECTIONS = 32;

/**
 * Serves `fetch` on `hostname:port`. Throws when the address cannot be
 * listened on, or when a timeout is not a positive integer.
 */
export function listen(fetch: Fetch, options: ListenOptions): Listening {
  const timeouts = timeoutsOf(options);
  const log = options.log ?? ((message) => console.error(message));
  const serveConnection = connectionServer();
  if (serveConnection === undefined) {
    log(
      "warning: this Deno has no per-connection serving; no connection time limits",
    );
    const server = Deno.serve({
      port: options.port,
      hostname: options.hostname,
      onListen: () => {},
    }, fetch);
    return {
      port: server.addr.port,
      finished: server.finished,
      shutdown: () => server.shutdown(),
    };
  }
  const listener = Deno.listen({
    port: options.port,
    hostname: options.hostname,
  });
  const connections = new Set<Connection>();
  const sweep = setInterval(
    () => closeLate(connections, performance.now()),
    checkingInterval(timeouts),
  );
  Deno.unrefTimer(sweep);
  const serveTracked = (conn: Deno.Conn) => {
    const connection = track(fetch, timeouts);
    connections.add(connection);
    connection.served = serveWhileOpen(serveConnection, conn, connection);
    connection.served.finished.catch(() => {}).finally(() =>
      connections.delete(connection)
    );
  };
  const engine = engineSocket(serveTracked, log);
  // Idle for half the engine's idle timeout at most: never one it closes.
  const pool = engine === undefined ? undefined : enginePool(engine.connect, {
    maxIdle: MAX_IDLE_ENGINE_CONNECTIONS,
    idleMs: timeouts.idleMs / 2,
  });
  const accepting = acceptLoop(
    listener,
    pool === undefined ? serveTracked : (conn) => {
      engine?.check();
      const connection = track(fetch, timeouts);
      connections.add(connection);
      connection.served = relayThenServe(conn, connection, {
        engine: pool,
        serve: serveConnection,
        timeouts,
        ...(options.onRefused === undefined
          ? {}
          : { onRefused: options.onRefused }),
      });
      connection.served.finished.catch(() => {}).finally(() =>
        connections.delete(connection)
      );
    },
    log,
  );
  const finished = accepting.then(async () => {
    pool?.close();
    await Promise.all(
      [...connections].map((c) => c.served?.shutdown().catch(() => {})),
    );
    await engine?.close();
    clearInterval(sweep);
  });
  return {
    port: (listener.addr as Deno.NetAddr).port,
    finished,
    shutdown: () => {
      listener.close();
      return finished;
    },
  };
}

/**
 * Relays the first request of `conn` (`first_request.ts`), then serves the
 * rest of it with the engine; the connection's deadline follows: the
 * request timeout once the head is in, the idle timeout after the answer.
 * Relayed byte for byte to its end (pipelined, chunked, `Expect`, HTTP/1.0,
 * HTTP/2), it has no deadline of its own: the engine's connection at the
 * other end has the same timeouts, moved by each of its requests, and its
 * end ends the relay.
 */
function relayThenServe(
  conn: Deno.Conn,
  connection: Connection,
  how: {
    engine: EnginePool;
    serve: ConnectionServer;
    timeouts: Required<ConnectionTimeouts>;
    onRefused?: (requestLine: string) => void;
  },
): ServedConnection {
  let headIn = false;
  let stopping = false;
  let served: ServedConnection | undefined;
  const relayed = relayFirstRequest(conn, {
    engine: how.engine,
    signal: connection.abort.signal,
    onHead: () => {
      headIn = true;
      connection.deadline = performance.now() + how.timeouts.requestMs;
    },
    onIdle: () => {
      headIn = false;
      connection.deadline = performance.now() + how.timeouts.idleMs;
    },
    onStream: () => connection.deadline = Infinity,
    onPassThrough: () => {
      connection.deadline = Infinity;
    },
    stopping: () => stopping,
    ...(how.onRefused === undefined ? {} : { onRefused: how.onRefused }),
  });
  const finished = relayed.then((outcome) => {
    if (outcome === "done") return;
    if (stopping) return conn.close();
    served = serveWhileOpen(how.serve, conn, connection);
    return served.finished;
  });
  return {
    finished,
    shutdown: async () => {
      stopping = true;
      // Waiting for a request: nothing to finish.
      if (!headIn) connection.abort.abort();
      await relayed;
      await served?.shutdown();
    },
  };
}

/**
 * Serves `conn` with the engine; the connection's abort reaches the engine
 * only while it serves (aborting a closed one throws inside Deno).
 */
function serveWhileOpen(
  serve: ConnectionServer,
  conn: Deno.Conn,
  connection: Connection,
): ServedConnection {
  const engine = new AbortController();
  let open = true;
  connection.abort.signal.addEventListener("abort", () => {
    if (open) engine.abort();
  }, { once: true });
  const served = serve(conn, engine.signal, connection.fetch);
  return {
    finished: served.finished.finally(() => open = false),
    shutdown: () => {
      open = false;
      return served.shutdown();
    },
  };
}

/** One connection: its deadline, what is running on it, how to cut it. */
interface Connection {
  /** `performance.now()` by which the connection must have moved on. */
  deadline: number;
  running: number;
  readonly abort: AbortController;
  readonly fetch: Fetch;
  served?: ServedConnection;
}

/**
 * A connection's state; its `fetch` moves the deadline: the request
 * timeout once headers came, the idle timeout once the last answer is
 * there (plus the time to send its `content-length` to a slow reader), the
 * headers timeout before the first request.
 */
function track(fetch: Fetch, timeouts: Required<ConnectionTimeouts>) {
  const answered = (response: Response | undefined) => {
    if (--connection.running > 0) return;
    if (isEventStream(response?.headers.get("content-type"))) {
      // An event stream lasts until one side ends it: no deadline.
      connection.deadline = Infinity;
      return;
    }
    // Only the headers: reading `body` would turn the answer into a stream.
    const length = Number(response?.headers.get("content-length") ?? 0);
    connection.deadline = performance.now() + timeouts.idleMs +
      (length > 0 ? length / SLOWEST_READ : 0);
  };
  const connection: Connection = {
    deadline: performance.now() + timeouts.headersMs,
    running: 0,
    abort: new AbortController(),
    // No async wrapper: a synchronous answer stays synchronous.
    fetch: (request) => {
      connection.running++;
      connection.deadline = performance.now() + timeouts.requestMs;
      let response;
      try {
        response = fetch(request);
      } catch (error) {
        answered(undefined);
        throw error;
      }
      if (!(response instanceof Promise)) {
        answered(response);
        return response;
      }
      return response.then((value) => {
        answered(value);
        return value;
      }, (error) => {
        answered(undefined);
        throw error;
      });
    },
  };
  return connection;
}

/** Cuts every connection past its deadline. */
function closeLate(connections: Set<Connection>, now: number): void {
  for (const connection of connections) {
    if (now > connection.deadline) {
      connection.abort.abort();
      connections.delete(connection);
    }
  }
}

/** The timeouts of `options`, defaults filled in; throws on a bad one. */
function timeoutsOf(
  options: ConnectionTimeouts,
): Required<ConnectionTimeouts> {
  const timeouts = {
    headersMs: options.headersMs ?? DEFAULT_TIMEOUTS.headersMs,
    requestMs: options.requestMs ?? DEFAULT_TIMEOUTS.requestMs,
    idleMs: options.idleMs ?? DEFAULT_TIMEOUTS.idleMs,
  };
  for (const [name, ms] of Object.entries(timeouts)) {
    if (!Number.isSafeInteger(ms) || ms <= 0) {
      throw new RangeError(`${name} must be a positive integer, got ${ms}`);
    }
  }
  return timeouts;
}

/** How often deadlines are looked at: a tenth of the shortest, 20 ms to 1 s. */
function checkingInterval(timeouts: Required<ConnectionTimeouts>): number {
  const shortest = Math.min(
    timeouts.headersMs,
    timeouts.requestMs,
    timeouts.idleMs,
  );
  return Math.max(20, Math.min(1_000, shortest / 10));
}

/** What `serveHttpOnConnection` gives back. */
interface ServedConnection {
  readonly finished: Promise<void>;
  shutdown(): Promise<void>;
}

type ConnectionServer = (
  conn: Deno.Conn,
  signal: AbortSignal,
  fetch: Fetch,
) => ServedConnection;

/** Deno's per-connection HTTP server, or undefined where Deno has none. */
function connectionServer(): ConnectionServer | undefined {
  const deno = Deno as unknown as Record<symbol, unknown> & {
    internal?: symbol;
  };
  const internals = deno.internal === undefined
    ? undefined
    : deno[deno.internal] as Record<string, unknown> | undefined;
  const serve = internals?.serveHttpOnConnection;
  if (typeof serve !== "function") return undefined;
  return (conn, signal, fetch) =>
    serve(
      conn,
      signal,
      fetch,
      () => Response.json({ error: "internal" }, { status: 500 }),
      () => {},
    );
}
