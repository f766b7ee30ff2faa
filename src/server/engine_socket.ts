/**
 * Deno's HTTP engine on a Unix socket of the process, where the listener
 * relays the requests it changes before the engine sees them
 * (`first_request.ts`).
 *
 * @module
 */

import { acceptLoop } from "./accept_loop.ts";

/** Deno's engine on a Unix socket of this process, for relayed requests. */
export interface EngineSocket {
  /** A new connection to the engine. */
  connect(): Promise<Deno.Conn>;
  /** Stops it and removes its socket. */
  close(): Promise<void>;
}

/**
 * Listens on a Unix socket in a new private temporary directory and serves
 * what comes with `serve`; undefined (and a warning) where that fails.
 */
export function engineSocket(
  serve: (conn: Deno.Conn) => void,
  log: (message: string) => void,
): EngineSocket | undefined {
  let directory: string | undefined;
  try {
    directory = Deno.makeTempDirSync({ prefix: "tailor-engine-" });
    const path = `${directory}/engine.sock`;
    const listener = Deno.listen({ transport: "unix", path });
    const accepting = acceptLoop(listener, serve, log);
    const dir = directory;
    return {
      connect: () => Deno.connect({ transport: "unix", path }),
      close: async () => {
        listener.close();
        await accepting;
        await Deno.remove(dir, { recursive: true }).catch(() => {});
      },
    };
  } catch (error) {
    if (directory !== undefined) {
      Deno.removeSync(directory, { recursive: true });
    }
    log(
      `warning: no Unix socket for relayed first requests (${
        (error as Error).message
      }); an HTTP/2 upgrade with a body length gets 400`,
    );
    return undefined;
  }
}
