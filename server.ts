/**
 * The example server: the bookstore of the specification on its embedded
 * SQLite store, serving its controllers and its client artifacts.
 *
 * ```
 * deno task serve [--port 8080] [--hostname 127.0.0.1] [--config FILE]
 *                 [--db FILE] [--project DIR | --model FILE]
 *                 [--skip-type-check] [--watch] [--quiet]
 *                 [--cors ORIGIN[,ORIGIN]] [--max-body BYTES]
 *                 [--headers-timeout MS] [--request-timeout MS]
 *                 [--idle-timeout MS]
 * ```
 *
 * @module
 */

import { parseArgs } from "node:util";
import { basename, dirname, resolve } from "node:path";
import { ConfigError } from "./src/config/config.ts";
import { ProjectError } from "./src/analyze/sources.ts";
import { createServer, ServerStartError } from "./mod.ts";
import { ServerConfigError } from "./src/server/artifacts.ts";
import { RouteTableError } from "./src/server/routes/fetchers.ts";
import { AccessLog } from "./src/server/access_log.ts";
import {
  DEFAULT_TIMEOUTS,
  listen,
  type Listening,
} from "./src/server/listen.ts";
import { DEFAULT_MAX_BODY_BYTES } from "./src/server/routes/body_reader.ts";
import type {
  CreateServerOptions,
  ServedRoutes,
} from "./src/server/create_server.ts";
import { ApiModelError, parseApiModel } from "./src/model/parse_api_model.ts";
import { bookstoreServing } from "./fixtures/bookstore/serving.ts";

/** The example project served by default. */
export const BOOKSTORE = "fixtures/bookstore";

const USAGE = `Usage: deno task serve [options]

  --port N          port to listen on (default: env PORT, else 8080; 0 = any free port)
  --hostname H      address to listen on (default 127.0.0.1)
  --config FILE     configuration file (default: the project's orm.yml or orm.properties)
  --db FILE         keep the bookstore's SQLite database in FILE (default: in memory)
  --project DIR     serve another project's artifacts (its controllers are not run)
  --model FILE      serve the artifacts of a saved model.json (no analysis at start-up)
  --skip-type-check start without deno check of the project
  --watch           re-analyze on every change of the project's .ts files and
                    serve the new artifacts (new ETags); an edit with errors
                    prints them and keeps the last good artifacts
  --quiet           print only the first line (the URL), no access log
  --cors ORIGINS    let browser apps of these origins call (comma-separated,
                    e.g. http://localhost:5173; default: no cross-origin access)
  --max-body BYTES  most bytes of a JSON request body (default ${DEFAULT_MAX_BODY_BYTES})
  --headers-timeout MS  close a connection whose request headers take longer
                    (default ${DEFAULT_TIMEOUTS.headersMs})
  --request-timeout MS  close a connection whose request is not answered this
                    long after its headers, body included
                    (default ${DEFAULT_TIMEOUTS.requestMs})
  --idle-timeout MS close a keep-alive connection idle this long between
                    requests (default ${DEFAULT_TIMEOUTS.idleMs})`;

/** Wrong command-line use: printed with the usage, exit 2. */
class UsageError extends Error {}

interface ServeOptions {
  readonly port: number;
  readonly hostname: string;
  readonly config?: string;
  readonly db?: string;
  readonly project?: string;
  readonly model?: string;
  readonly typeCheck: boolean;
  readonly watch: boolean;
  readonly quiet: boolean;
  readonly cors: readonly string[];
  readonly maxBodyBytes?: number;
  readonly headersMs?: number;
  readonly requestMs?: number;
  readonly idleMs?: number;
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
      project: { type: "string" },
      model: { type: "string" },
      "skip-type-check": { type: "boolean" },
      watch: { type: "boolean" },
      quiet: { type: "boolean" },
      cors: { type: "string" },
      "max-body": { type: "string" },
      "headers-timeout": { type: "string" },
      "request-timeout": { type: "string" },
      "idle-timeout": { type: "string" },
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
  if (values.project !== undefined && values.model !== undefined) {
    throw new UsageError("give --project or --model, not both");
  }
  return {
    port,
    hostname: values.hostname ?? "127.0.0.1",
    ...(values.config === undefined ? {} : { config: values.config }),
    ...(values.db === undefined ? {} : { db: resolve(values.db) }),
    ...(values.project === undefined ? {} : { project: values.project }),
    ...(values.model === undefined ? {} : { model: values.model }),
    typeCheck: values["skip-type-check"] !== true,
    watch: values.watch === true,
    quiet: values.quiet === true,
    cors: (values.cors ?? "").split(",").map((origin) => origin.trim())
      .filter((origin) => origin !== ""),
    ...positive("max-body", values["max-body"], "maxBodyBytes"),
    ...positive("headers-timeout", values["headers-timeout"], "headersMs"),
    ...positive("request-timeout", values["request-timeout"], "requestMs"),
    ...positive("idle-timeout", values["idle-timeout"], "idleMs"),
  };
}

/** `{ [key]: n }` of a flag's positive integer, `{}` when it is absent. */
function positive<K extends string>(
  flag: string,
  text: string | undefined,
  key: K,
): { [key in K]?: number } {
  if (text === undefined) return {};
  if (!/^[1-9]\d*$/.test(text)) {
    throw new UsageError(`--${flag} must be a positive integer, not "${text}"`);
  }
  return { [key]: Number(text) } as { [key in K]?: number };
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
  let served: ServedRoutes = { name: "", artifacts: [], routes: [] };
  let app;
  const accessLog = new AccessLog();
  const watching = new AbortController();
  try {
    const source = await sourceOf(options);
    app = await createServer({
      ...source,
      ...(options.config === undefined ? {} : { configFile: options.config }),
      typeCheck: options.typeCheck,
      // The bookstore's middleware reads the tenant header.
      cors: { origins: options.cors, headers: ["tenant"] },
      ...(options.maxBodyBytes === undefined
        ? {}
        : { maxBodyBytes: options.maxBodyBytes }),
      middleware: [
        ...source.middleware ?? [],
      ],
      onReady: (routes) => served = routes,
      ...(options.watch ? { watch: { signal: watching.signal } } : {}),
    });
  } catch (error) {
    watching.abort();
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (!isStartError(error)) throw error;
    console.error(`error: ${(error as Error).message}`);
    return 1;
  }
  let server: Listening;
  try {
    server = listen(
      options.quiet ? app.fetch : accessLog.handler(app.fetch),
      options,
    );
  } catch (error) {
    console.error(
      `error: cannot listen on ${options.hostname}:${options.port}: ${
        (error as Error).message
      }`,
    );
    return 1;
  }
  const base = `http://${formatHost(options.hostname)}:${server.port}`;
  console.log(`Tailor server (${served.name}) on ${base}/`);
  if (!options.quiet) printRoutes(base, served);
  const stop = () => {
    watching.abort();
    server.shutdown();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(signal, stop);
  }
  await server.finished;
  accessLog.flush();
  return 0;
}

/**
 * What to serve: the bookstore with its controllers on its store (default),
 * another project's artifacts, or a saved model's artifacts.
 */
async function sourceOf(
  options: ServeOptions,
): Promise<Partial<CreateServerOptions>> {
  if (options.model !== undefined) {
    if (options.config === undefined) {
      throw new UsageError(
        "--model needs --config FILE: the orm.yml naming the paths to serve",
      );
    }
    const client = parseApiModel(await Deno.readTextFile(options.model));
    // The generated tree's folder names the project (out/bookstore/model.json).
    return {
      models: { client },
      sourceName: basename(dirname(resolve(options.model))),
    };
  }
  if (options.project !== undefined) return { project: options.project };
  const bookstore = bookstoreServing(
    options.db === undefined ? {} : { path: options.db },
  );
  await bookstore.store.ready();
  return {
    project: BOOKSTORE,
    controllers: bookstore.controllers,
    fetcherOwners: bookstore.fetcherOwners,
    middleware: [bookstore.middleware],
  };
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
  if (served.routes.length > 0) {
    console.log(`  ${served.routes.length} controller routes, for example:`);
  }
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
    error instanceof ApiModelError || error instanceof Deno.errors.NotFound ||
    error instanceof Deno.errors.PermissionDenied;
}

if (import.meta.main) {
  Deno.exit(await serve(Deno.args));
}
