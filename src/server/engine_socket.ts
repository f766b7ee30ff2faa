/**
 * Deno's HTTP engine on a Unix socket of the process, where the listener
 * relays the requests it changes before the engine sees them
 * (`first_request.ts`). The socket lives in a private temporary directory
 * named after the process (`tailor-engine-<pid>-*`); one whose socket was
 * deleted is made again at the next connection (one line logged), and the
 * directories of processes that are gone are removed at start-up.
 *
 * @module
 */

import { dirname } from "node:path";
import { exists } from "../fs/exists.ts";
import { acceptLoop } from "./accept_loop.ts";

/** Deno's engine on a Unix socket of this process, for relayed requests. */
export interface EngineSocket {
  /** The socket's path now (a new one once a deleted one is replaced). */
  readonly path: string;
  /** A new connection to the engine. */
  connect(): Promise<Deno.Conn>;
  /**
   * Makes the socket again at once when it was deleted (one line logged),
   * looking at most once per {@link CHECK_EVERY_MS}: the relay's kept
   * connections to the engine would hide a deleted socket until they end.
   */
  check(): void;
  /** Stops it and removes its socket. */
  close(): Promise<void>;
}

/** The shortest time between two looks of {@link EngineSocket.check}. */
export const CHECK_EVERY_MS = 10;

/** The prefix of the engine's directories. */
const PREFIX = "tailor-engine-";

/** One bound socket: its directory, listener and accept loop. */
interface Bound {
  readonly directory: string;
  readonly path: string;
  readonly listener: Deno.Listener;
  readonly accepting: Promise<void>;
}

/**
 * Listens on a Unix socket in a new private temporary directory and serves
 * what comes with `serve`; undefined (and a warning) where that fails.
 */
export function engineSocket(
  serve: (conn: Deno.Conn) => void,
  log: (message: string) => void,
): EngineSocket | undefined {
  const bind = (): Bound => {
    const directory = Deno.makeTempDirSync({
      prefix: `${PREFIX}${Deno.pid}-`,
    });
    try {
      const path = `${directory}/engine.sock`;
      const listener = Deno.listen({ transport: "unix", path });
      const accepting = acceptLoop(listener, serve, log);
      return { directory, path, listener, accepting };
    } catch (error) {
      Deno.removeSync(directory, { recursive: true });
      throw error;
    }
  };
  let current: Bound;
  try {
    current = bind();
  } catch (error) {
    log(
      `warning: no Unix socket for relayed first requests (${
        (error as Error).message
      }); an HTTP/2 upgrade with a body length gets 400`,
    );
    return undefined;
  }
  removeStale(dirname(current.directory)).catch(() => {});
  let rebinding: Promise<void> | undefined;
  /** Binds a new socket in place of `gone` (once for many callers). */
  const rebind = (gone: Bound, error: Error) =>
    rebinding ??= (async () => {
      log(
        `server: the engine socket ${gone.path} is gone (${error.message}); listening on a new one`,
      );
      current = bind();
      await close(gone);
    })().finally(() => rebinding = undefined);
  let checkedAt = -Infinity;
  return {
    get path() {
      return current.path;
    },
    check: () => {
      const now = performance.now();
      if (now - checkedAt < CHECK_EVERY_MS || rebinding !== undefined) return;
      checkedAt = now;
      const bound = current;
      try {
        Deno.lstatSync(bound.path);
      } catch (error) {
        // A failed bind is tried again by the next connect.
        if (isGone(error)) rebind(bound, error as Error).catch(() => {});
      }
    },
    connect: async () => {
      const bound = current;
      try {
        return await Deno.connect({ transport: "unix", path: bound.path });
      } catch (error) {
        if (!isGone(error)) throw error;
        if (current === bound) await rebind(bound, error as Error);
        else await rebinding;
        return await Deno.connect({ transport: "unix", path: current.path });
      }
    },
    close: async () => {
      await rebinding?.catch(() => {});
      await close(current);
    },
  };
}

/** Stops `bound`'s listener and removes its directory. */
async function close(bound: Bound): Promise<void> {
  bound.listener.close();
  await bound.accepting;
  await Deno.remove(bound.directory, { recursive: true }).catch(() => {});
}

/** Whether connecting failed because the socket (or its folder) is gone. */
function isGone(error: unknown): boolean {
  return error instanceof Deno.errors.NotFound ||
    error instanceof Deno.errors.ConnectionRefused;
}

/** A directory younger than this may be another process's, being set up. */
const SETTLING_MS = 5_000;

/**
 * Removes this user's engine directories in `temp` whose process is gone
 * (`kill -9` leaves them): named after a pid that no longer runs (where
 * `/proc` tells; else older than a few seconds), and holding no socket
 * that answers.
 */
export async function removeStale(temp: string): Promise<number> {
  const proc = await exists("/proc/self");
  let removed = 0;
  for await (const entry of Deno.readDir(temp)) {
    if (!entry.isDirectory || !entry.name.startsWith(PREFIX)) continue;
    const directory = `${temp}/${entry.name}`;
    try {
      const info = await Deno.stat(directory);
      if (info.uid !== Deno.uid()) continue;
      const pid = /^tailor-engine-(\d+)-/.exec(entry.name)?.[1];
      // Its socket unanswered too: a process of another pid namespace
      // sharing this folder keeps its own.
      const stale = (pid !== undefined && proc
        ? Number(pid) !== Deno.pid && !await exists(`/proc/${pid}`)
        : Date.now() - (info.mtime?.getTime() ?? 0) > SETTLING_MS) &&
        await unanswered(`${directory}/engine.sock`);
      if (stale) {
        await Deno.remove(directory, { recursive: true });
        removed++;
      }
    } catch {
      // another process removed it, or it is not ours to read
    }
  }
  return removed;
}

/** Whether nobody answers on the socket at `path` (or it is not there). */
async function unanswered(path: string): Promise<boolean> {
  try {
    const conn = await Deno.connect({ transport: "unix", path });
    conn.close();
    return false;
  } catch (error) {
    return isGone(error);
  }
}
