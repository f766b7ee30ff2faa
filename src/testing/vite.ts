/**
 * A Vite dev server for browser tests: a front end as a team runs it
 * (`vite`), here on a loopback port. Vite is a test tool, pinned here and
 * locked in `dev.lock`, never in `deno.json`.
 *
 * @module
 */

// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import { createServer } from "npm:vite@8.3.8";

/** A running Vite dev server. */
export interface ViteServer {
  /** `http://127.0.0.1:PORT/`. */
  readonly url: string;
  readonly close: () => Promise<void>;
}

/** Starts Vite's dev server on `root` (no config file), on a free port. */
export async function startVite(root: string): Promise<ViteServer> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: "silent",
    server: {
      host: "127.0.0.1",
      port: 0,
      strictPort: false,
      // Under Deno, Vite's watcher (chokidar on node:fs.watch) reports no
      // event at all; polling is how it sees changes here. Under Node, as
      // front ends run Vite, it gets the file system's events.
      watch: { usePolling: true, interval: 50 },
    },
  });
  await server.listen();
  return {
    url: server.resolvedUrls!.local[0]!,
    close: () => server.close(),
  };
}
