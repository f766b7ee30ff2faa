/**
 * The example server: the bookstore of the specification on its embedded
 * SQLite store, serving its controllers and its client artifacts.
 *
 * ```
 * deno task serve [--port 8080] [--hostname 127.0.0.1] [--project DIR]
 *                 [--config FILE] [--db FILE] [--skip-type-check] [--watch]
 *                 [--quiet]
 * ```
 *
 * @module
 */

import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { ConfigError } from "./src/config/config.ts";
import { ProjectError } from "./src/analyze/project.ts";
import { createServer, ServerStartError } from "./mod.ts";
import { ServerConfigError } from "./src/server/artifacts.ts";
import { RouteTableError } from "./src/server/routes/fetchers.ts";
import type { ServedRoutes } from "./src/server/create_server.ts";
import { bookstoreServing } from "./fixtures/bookstore/serving.ts";

/** The example project served by default. */
export const BOOKSTORE = "fixtures/bookstore";

const USAGE = `Usage: deno task serve [options]

  --port N          port to listen on (default: env PORT, else 8080; 0 = any free port)
  --hostname H      address to listen on (default 127.0.0.1)
  --config FILE     configuration file (default: the project's orm.yml or orm.properties)
  --db FILE         keep the bookstore's SQLite database in FILE (default: in memory)
  --skip-type-check start without deno check of the project
  --watch           re-analyze on every change of the project's .ts files and
                    serve the new artifacts (new ETags); an edit with errors
                    prints them and keeps the last good artifacts
  --quiet           print only the first line (the URL)`;

/** Wrong command-line use: printed with the usage, exit 2. */
class UsageError extends Error {}

interface ServeOptions {
  readonly port: number;
  readonly hostname: string;
  readonly config?: string;
  readonly db?: string;
  readonly typeCheck: boolean;
  readonly watch: boolean;
  readonly quiet: boolean;
}

function parseServeArgs(args: readonly string[]): ServeOptions | "help" {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      port: { type: "string" },
      hostname: { type: "string" },
      config: { type: "string" },
      db: { type: "string" },
      "skip-type-check": { type: "boolean" },
      watch: { type: "boolean" },
      quiet: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  if (positionals.length > 0) {
    throw new UsageError(`unexpected: ${positionals.join(" ")}`);
  }
  const portText = values.port ?? Deno.env.get("PORT") ?? "8080";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    throw new UsageError(`--port must be 0 to 65535, not "${portText}"`);
  }
  return {
    port,
    hostname: values.hostname ?? "127.0.0.1",
    ...(values.config === undefined ? {} : { config: values.config }),
    ...(values.db === undefined ? {} : { db: resolve(values.db) }),
    typeCheck: values["skip-type-check"] !== true,
    watch: values.watch === true,
    quiet: values.quiet === true,
  };
}

/** Starts the example server; resolves with the exit status when it stops. */
export async function serve(args: readonly string[]): Promise<number> {
  let options: ServeOptions | "help";
  try {
    options = parseServeArgs(args);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options === "help") {
    console.log(USAGE);
    return 0;
  }
  let served: ServedRoutes = { artifacts: [], routes: [] };
  let app;
  const watching = new AbortController();
  try {
    const bookstore = bookstoreServing(
      options.db === undefined ? {} : { path: options.db },
    );
    await bookstore.store.ready();
    app = await createServer({
      project: BOOKSTORE,
      ...(options.config === undefined ? {} : { configFile: options.config }),
      typeCheck: options.typeCheck,
      controllers: bookstore.controllers,
      fetcherOwners: bookstore.fetcherOwners,
      middleware: [bookstore.middleware],
      onReady: (routes) => served = routes,
      ...(options.watch ? { watch: { signal: watching.signal } } : {}),
    });
  } catch (error) {
    watching.abort();
    if (!isStartError(error)) throw error;
    console.error(`error: ${(error as Error).message}`);
    return 1;
  }
  let server: Deno.HttpServer<Deno.NetAddr>;
  try {
    server = Deno.serve({
      port: options.port,
      hostname: options.hostname,
      onListen: () => {},
    }, app.fetch);
  } catch (error) {
    console.error(
      `error: cannot listen on ${options.hostname}:${options.port}: ${
        (error as Error).message
      }`,
    );
    return 1;
  }
  const base = `http://${formatHost(options.hostname)}:${server.addr.port}`;
  console.log(`Tailor example server (bookstore) on ${base}/`);
  if (!options.quiet) printRoutes(base, served);
  const stop = () => {
    watching.abort();
    server.shutdown();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(signal, stop);
  }
  await server.finished;
  return 0;
}

function printRoutes(base: string, served: ServedRoutes): void {
  const labels = {
    ts: "TypeScript client",
    java: "Java client",
    openapi: "OpenAPI document",
    page: "OpenAPI page",
  };
  for (const artifact of served.artifacts) {
    console.log(
      `  ${labels[artifact.kind].padEnd(18)} ${base}${artifact.path}`,
    );
  }
  console.log(`  ${served.routes.length} controller routes, for example:`);
  for (const route of served.routes.slice(0, 6)) {
    const [method, path] = route.split(" ");
    console.log(`    ${method!.padEnd(6)} ${base}${path}`);
  }
  console.log("Ctrl-C stops it.");
}

function formatHost(hostname: string): string {
  return hostname.includes(":") ? `[${hostname}]` : hostname;
}

function isStartError(error: unknown): boolean {
  return error instanceof ServerStartError ||
    error instanceof ServerConfigError || error instanceof RouteTableError ||
    error instanceof ConfigError || error instanceof ProjectError ||
    error instanceof Deno.errors.NotFound ||
    error instanceof Deno.errors.PermissionDenied;
}

if (import.meta.main) {
  Deno.exit(await serve(Deno.args));
}
