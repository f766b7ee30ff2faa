/**
 * A server process for the benchmark's load tests, on 127.0.0.1 and an
 * ephemeral port, printed as `listening <port>` on stdout:
 *
 *   deno run -A scripts/bench_http_server.ts tailor PROJECT   Tailor's server
 *   deno run -A scripts/bench_http_server.ts bytes FILE PATH  a bare Hono route
 *                                                            serving FILE at PATH
 *
 * Anything that stops the server from starting is one line on stderr and
 * exit status 1.
 *
 * @module
 */

import { Hono } from "hono";

/** Something that answers requests. */
interface FetchHandler {
  fetch(request: Request): Response | Promise<Response>;
}

/**
 * >>> TAILOR SERVER HOOK <<<
 * Tailor's server for `project`, through `createServer` of mod.ts. Adapt
 * the options here if its signature differs.
 */
async function tailorApp(project: string): Promise<FetchHandler> {
  const mod: Record<string, unknown> = await import("../mod.ts");
  const createServer = mod.createServer;
  if (typeof createServer !== "function") {
    throw new Error("mod.ts exports no createServer yet");
  }
  return await createServer({ project });
}

/** A bare Hono app answering `path` with the bytes of `file`. */
async function bytesApp(file: string, path: string): Promise<FetchHandler> {
  const bytes = await Deno.readFile(file);
  const type = path.endsWith(".zip") ? "application/zip" : "text/plain";
  return new Hono().get(
    path,
    (c) => c.body(bytes, 200, { "content-type": type }),
  );
}

if (import.meta.main) {
  const [mode, first = "", second = "/"] = Deno.args;
  try {
    const app = mode === "tailor"
      ? await tailorApp(first)
      : mode === "bytes"
      ? await bytesApp(first, second)
      : undefined;
    if (app === undefined) throw new Error(`unknown mode ${mode}`);
    Deno.serve({
      hostname: "127.0.0.1",
      port: 0,
      onListen: ({ port }) => console.log(`listening ${port}`),
    }, (request) => app.fetch(request));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    Deno.exit(1);
  }
}
