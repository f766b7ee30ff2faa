/**
 * Keep-alive connections to Deno's HTTP engine on its Unix socket, reused
 * for the relayed first requests of later client connections, as nginx's
 * upstream `keepalive` does: one request at a time on each, given back only
 * once its answer was read to its end on an open connection. A new client
 * connection then costs no Unix connect and no engine connection of its
 * own. The relay (`first_request.ts`) takes one for a `GET`, `HEAD` or
 * `OPTIONS` request only (sent again on a new connection when the engine
 * had closed it) and gives back only what it may: never a connection after
 * a byte-for-byte relay, a `connection: close` answer, an error or a cut.
 *
 * @module
 */

/** A connection to the engine, with the buffer its answers are read into. */
export interface EngineConnection {
  readonly conn: Deno.Conn;
  /** Holds an answer's head at least ({@link ANSWER_BUFFER_BYTES}). */
  readonly buffer: Uint8Array;
  /** Taken from the pool: it served a request before. */
  readonly reused: boolean;
}

/** The connections to the engine that the relay uses. */
export interface EnginePool {
  /** An idle connection of the pool (the last given back), else a new one. */
  take(): Promise<EngineConnection>;
  /** A new connection, never one of the pool. */
  connect(): Promise<Deno.Conn>;
  /**
   * Keeps `connection` for a later request: its answer was read to its
   * end and it stays open. Closed instead once the pool is full or closed.
   */
  give(connection: EngineConnection): void;
  /** Closes the idle connections; what is given back later is closed. */
  close(): void;
}

/** Options of {@link enginePool}. */
export interface EnginePoolOptions {
  /** Most idle connections kept (nginx's `keepalive`). */
  readonly maxIdle: number;
  /**
   * Longest time a connection is kept idle: shorter than the engine's own
   * idle timeout, so that the engine never closes one the pool hands out.
   */
  readonly idleMs: number;
}

/** The size of an engine connection's buffer: the longest head read. */
export const ANSWER_BUFFER_BYTES = 64 * 1024;

/** One idle connection and since when. */
interface Idle {
  readonly connection: EngineConnection;
  readonly since: number;
}

/** A pool of keep-alive connections made by `connect`. */
export function enginePool(
  connect: () => Promise<Deno.Conn>,
  options: EnginePoolOptions,
): EnginePool {
  // Last in, first out: the connection used last is the one surest open.
  const idle: Idle[] = [];
  let closed = false;
  /** Closes the connections idle too long (the oldest are first). */
  const expire = (now: number) => {
    let old = 0;
    while (old < idle.length && now - idle[old]!.since > options.idleMs) {
      closeQuietly(idle[old++]!.connection.conn);
    }
    if (old > 0) idle.splice(0, old);
  };
  return {
    take: async () => {
      expire(performance.now());
      const kept = idle.pop();
      if (kept !== undefined) return { ...kept.connection, reused: true };
      return {
        conn: await connect(),
        buffer: new Uint8Array(ANSWER_BUFFER_BYTES),
        reused: false,
      };
    },
    connect,
    give: (connection) => {
      const now = performance.now();
      expire(now);
      if (closed || idle.length >= options.maxIdle) {
        closeQuietly(connection.conn);
        return;
      }
      idle.push({ connection, since: now });
    },
    close: () => {
      closed = true;
      for (const { connection } of idle.splice(0)) {
        closeQuietly(connection.conn);
      }
    },
  };
}

/** Closes `conn`, which may be closed already. */
export function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // closed already
  }
}
