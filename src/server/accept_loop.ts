/**
 * The accept loop of the listener: failures (`Too many open files`) are
 * logged once per burst and retried, never the end of the server.
 *
 * @module
 */

/** What accepts connections (a `Deno.Listener`; a fake in tests). */
export interface Acceptor {
  accept(): Promise<Deno.Conn>;
}

/** Longest pause between two failed accepts. */
const MAX_ACCEPT_PAUSE_MS = 1_000;

/**
 * Accepts connections from `acceptor` and hands each to `serve` until the
 * acceptor is closed. A failed accept is logged once per burst (the first
 * failure, then one line when accepting works again) and retried after a
 * pause that doubles up to {@link MAX_ACCEPT_PAUSE_MS}.
 */
export async function acceptLoop(
  acceptor: Acceptor,
  serve: (conn: Deno.Conn) => void,
  log: (message: string) => void,
  firstPauseMs = 10,
): Promise<void> {
  let failed = 0;
  let pause = firstPauseMs;
  for (;;) {
    let conn: Deno.Conn;
    try {
      conn = await acceptor.accept();
    } catch (error) {
      if (
        error instanceof Deno.errors.BadResource ||
        error instanceof Deno.errors.Interrupted
      ) {
        return; // closed
      }
      if (failed++ === 0) {
        log(`server: accepting failed: ${(error as Error).message}; retrying`);
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, MAX_ACCEPT_PAUSE_MS);
      continue;
    }
    if (failed > 0) {
      log(`server: accepting again after ${failed} failed accept(s)`);
      failed = 0;
      pause = firstPauseMs;
    }
    serve(conn);
  }
}
