/**
 * `tailor serve`: a project's client artifacts (and, for `server.ts`, the
 * example's controllers) on a local port, printing its URLs. `server.ts`
 * is this command with the bookstore as its default project.
 *
 * @module
 */

import { basename, dirname, resolve } from "node:path";
import { ConfigError } from "../config/config.ts";
import { ProjectError } from "../analyze/sources.ts";
import {
  createServer,
  type CreateServerOptions,
  type ServedRoutes,
  ServerStartError,
} from "../server/create_server.ts";
import { ServerConfigError } from "../server/artifacts.ts";
import { RouteTableError } from "../server/routes/fetchers.ts";
import { AccessLog } from "../server/access_log.ts";
import { type Fetch, listen, type Listening } from "../server/listen.ts";
import { ApiModelError, parseApiModel } from "../model/parse_api_model.ts";
import {
  StoreBusyError,
  StoreOpenError,
  StoreSchemaError,
} from "../store/store_errors.ts";
import type { ParsedArgs } from "./command.ts";
import { type ServeRequest, serveRequest } from "./serve_options.ts";
import { stderrStyle } from "./style.ts";

/** Runs `tailor serve`: the artifacts of `--project` (default `.`) or `--model`. */
export async function serve(args: ParsedArgs): Promise<number> {
  const request = serveRequest(args);
  return await serveWith(request, () => artifactSource(request));
}

/** The artifacts to serve: a saved model's, or a project's. */
export async function artifactSource(
  request: ServeRequest,
): Promise<Partial<CreateServerOptions>> {
  if (request.model !== undefined) {
    const client = parseApiModel(await Deno.readTextFile(request.model));
    // The generated tree's folder names the project (out/bookstore/model.json).
    return {
      models: { client },
      sourceName: basename(dirname(resolve(request.model))),
    };
  }
  return { project: request.project ?? "." };
}

/**
 * An app module run as `tailor dev` runs it (`src/dev/`): the supervisor
 * serves the artifacts and events, and each good edit starts the app's new
 * code in a new worker, so its routes reload without a restart.
 */
export interface AppSource {
  /** The app's entry module: it ends with `export default app`. */
  readonly app: string;
  /** The project its controllers are analyzed from. */
  readonly project: string;
  /** Plain data each version reads with `devSettings()`. */
  readonly settings?: unknown;
  /** Request headers that allowed origins may send (with `--cors`). */
  readonly corsHeaders?: readonly string[];
}

/**
 * The options of `createServer` that `request`'s flags set, for a server
 * whose cross-origin callers may send `corsHeaders`.
 */
export function serverOptions(
  request: ServeRequest,
  corsHeaders: readonly string[] = [],
): Partial<CreateServerOptions> {
  return {
    ...(request.cors.length === 0 ? {} : {
      cors: { origins: request.cors, headers: [...corsHeaders] },
    }),
    ...(request.maxBodyBytes === undefined
      ? {}
      : { maxBodyBytes: request.maxBodyBytes }),
    ...(request.absentResult === undefined
      ? {}
      : { absentResult: request.absentResult }),
    ...(request.config === undefined ? {} : { configFile: request.config }),
    ...(request.fetchers === undefined ? {} : { fetchers: request.fetchers }),
    typeCheck: request.typeCheck,
  };
}

/**
 * Serves what `source` gives under `request`'s port, configuration and
 * watch: `createServer`'s options, or an app module whose routes reload
 * (see {@link AppSource}); prints the URLs; resolves with the exit status
 * once SIGINT or SIGTERM stopped it.
 */
export async function serveWith(
  request: ServeRequest,
  source: () => Promise<Partial<CreateServerOptions> | AppSource>,
): Promise<number> {
  const style = stderrStyle();
  let served: ServedRoutes = { name: "", artifacts: [], routes: [] };
  let fetch: Fetch;
  let reloads = false;
  const accessLog = new AccessLog();
  const watching = new AbortController();
  try {
    const chosen = await source();
    if ("app" in chosen) {
      reloads = true;
      // Loaded here: a server without an app module does not need it.
      const { devServer } = await import("../dev/dev_server.ts");
      fetch = await devServer({
        entry: chosen.app,
        project: chosen.project,
        artifacts: serverOptions(request, chosen.corsHeaders),
        signal: watching.signal,
        onReady: (routes) => served = routes,
        ...(chosen.settings === undefined ? {} : { settings: chosen.settings }),
      });
    } else {
      fetch = (await createServer({
        ...chosen,
        ...serverOptions(request, chosen.cors?.headers),
        onReady: (routes) => served = routes,
        ...(request.watch ? { watch: { signal: watching.signal } } : {}),
      })).fetch;
    }
  } catch (error) {
    watching.abort();
    if (!isStartError(error)) throw error;
    console.error(`${style.error("error:")} ${(error as Error).message}`);
    return 1;
  }
  if (request.cors.includes("*")) {
    console.error(
      "note: --cors * lets the browser apps of every origin call this server (answered without credentials: no cookies)",
    );
  }
  let server: Listening;
  try {
    server = listen(
      request.quiet ? fetch : accessLog.handler(fetch),
      {
        port: request.port,
        hostname: request.hostname,
        ...request.timeouts,
        ...(request.quiet
          ? {}
          : { onRefused: (line) => accessLog.refused(line) }),
      },
    );
  } catch (error) {
    console.error(
      `${
        style.error("error:")
      } cannot listen on ${request.hostname}:${request.port}: ${
        (error as Error).message
      }`,
    );
    return 1;
  }
  const base = `http://${formatHost(request.hostname)}:${server.port}`;
  console.log(`Tailor server (${served.name}) on ${base}/`);
  if (!request.quiet) printRoutes(base, served, reloads);
  const gaveUp = Promise.withResolvers<void>();
  const stop = () => {
    watching.abort();
    // Stops accepting; the requests under way are answered first, for at
    // most DRAIN_MS.
    server.shutdown();
    Deno.unrefTimer(setTimeout(gaveUp.resolve, DRAIN_MS));
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(signal, stop);
  }
  await Promise.race([server.finished, gaveUp.promise]);
  accessLog.flush();
  return 0;
}

/**
 * How long a stopping server waits for the requests under way before it
 * stops anyway (a load balancer has moved new ones elsewhere by then).
 */
const DRAIN_MS = 10_000;

function printRoutes(
  base: string,
  served: ServedRoutes,
  reloads: boolean,
): void {
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
  if (reloads) console.log("Routes reload on each save.");
  console.log("Ctrl-C stops it.");
}

function formatHost(hostname: string): string {
  return hostname.includes(":") ? `[${hostname}]` : hostname;
}

function isStartError(error: unknown): boolean {
  return error instanceof ServerStartError ||
    error instanceof ServerConfigError || error instanceof RouteTableError ||
    error instanceof ConfigError || error instanceof ProjectError ||
    error instanceof ApiModelError || error instanceof StoreOpenError ||
    error instanceof StoreBusyError || error instanceof StoreSchemaError ||
    error instanceof Deno.errors.NotFound ||
    error instanceof Deno.errors.PermissionDenied;
}
