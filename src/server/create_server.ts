/**
 * `createServer`: a Hono app serving a project's client artifacts (spec
 * §4.3, with §4.7 groups) and, when given instances, its controllers. The
 * project is analyzed and type-checked once at start-up; each request only
 * selects groups and renders the one artifact asked for, once per
 * (artifact, groups, options).
 *
 * @module
 */

import { basename, resolve } from "node:path";
import { Hono, type MiddlewareHandler } from "hono";
import { type ClientConfig, loadConfig } from "../config/config.ts";
import {
  loadOpenApiPageAssets,
  openApiPageAssetType,
} from "../emit/openapi/openapi_page.ts";
import type { ApiModel } from "../model/api_model.ts";
import { type Diagnostic, formatDiagnostic } from "../model/diagnostic.ts";
import { selectGroups } from "../model/select_groups.ts";
import { withUriPrefix } from "../model/uri_prefix.ts";
import type { AnyClass } from "../runtime/metadata.ts";
import { checkBudget, type FetcherBudget } from "../runtime/fetcher_budget.ts";
import { withFetcherBudget } from "../store/request_budget.ts";
import {
  answerArtifact,
  ArtifactCache,
  artifactKey,
} from "./artifact_cache.ts";
import { answerVersioned } from "./artifact_delta.ts";
import { ArtifactVersions } from "./artifact_versions.ts";
import { EventHub, type EventHubOptions, EVENTS_PATH } from "./events.ts";
import { isBadQuery, parseArtifactQuery } from "./artifact_query.ts";
import {
  type ArtifactRoute,
  artifactRoutes,
  assetsDirOf,
  renderArtifact,
} from "./artifacts.ts";
import { controllerRoutes, type Injector } from "./routes/mount.ts";
import { StaticPathRouter } from "./static_path_router.ts";
import { type CorsOptions, corsPolicy } from "./cors.ts";
import {
  type Authenticator,
  refuseUnchecked,
  securityPlan,
  unenforcedWarning,
} from "./security.ts";
import { headLength } from "./head.ts";
import {
  MODEL_CACHE_KEY,
  MODEL_PATH,
  modelHeaders,
  renderModel,
} from "./model_route.ts";
import { allowedMethods, methodNotAllowed } from "./method_not_allowed.ts";
import {
  type FetcherManifest,
  FetcherManifestError,
  readFetcherManifest,
} from "./fetcher_manifest.ts";
import { RESTART_NEEDED, servesSame } from "./serving_guard.ts";
import type { AbsentResult } from "../model/absent_result.ts";
import type { Reload, WatchServerOptions } from "../watch/watch_server.ts";
import { devModelsOf } from "../dev/dev_models.ts";
import { preloadCompiler } from "../analyze/compiler_code_cache.ts";

/** Options of {@link createServer}. */
export interface CreateServerOptions {
  /** The project directory: analyzed (and type-checked) at start-up. */
  readonly project?: string;
  /**
   * Prebuilt models instead of analyzing `project` (no ts-morph at start-up):
   * `client` for the artifacts, `server` (server scope) for the controllers.
   */
  readonly models?: { readonly client: ApiModel; readonly server?: ApiModel };
  /** The configuration; default: `orm.yml` / `orm.properties` of `project`. */
  readonly config?: ClientConfig;
  /** A configuration file to read instead of the project's. */
  readonly configFile?: string;
  /** Name in the generated headers; default: the project directory's name. */
  readonly sourceName?: string;
  /** Type-check the project at start-up (default true). */
  readonly typeCheck?: boolean;
  /** Controller instances to serve (none: artifacts only). */
  readonly controllers?: readonly object[];
  /** Injectors of `ApiIgnore<T>` parameters, by `T`'s name. */
  readonly inject?: Readonly<Record<string, Injector>>;
  /** Classes holding fetchers besides controllers and default owners. */
  readonly fetcherOwners?: readonly AnyClass[];
  /**
   * Most bytes of an upload (a `multipart/form-data` body of an operation
   * with `RequestPart<T>` parameters); larger ones get a 413. Default 10 MiB.
   */
  readonly maxUploadBytes?: number;
  /**
   * The work budget of fetchers compiled from client text during a request
   * (objects and JSON bytes of one answer; over it, a 422 `{ error:
   * "fetcher-budget", limit, max, message }`). Per limit, the tighter of
   * this and the store's applies; default `DEFAULT_FETCHER_BUDGET` (10,000
   * objects, 1 MiB).
   */
  readonly fetcherBudget?: Partial<FetcherBudget>;
  /**
   * Most bytes of a JSON request body; larger ones get a 413 before they
   * are parsed. Default 1 MiB.
   */
  readonly maxBodyBytes?: number;
  /**
   * Allow-list mode: the fetcher manifest (`tailor fetchers` writes it,
   * `{ "version": 1, "fetchers": [{ "id", "entity", "text", "sources" }] }`).
   * `ClientFetcher<E>` parameters then take only its fetchers, by
   * `fetcherId` or by text; any other is a 403 `unlisted-fetcher` before
   * the handler runs. Default: the configuration's
   * `orm.client.fetchers.allow-list` (relative to `project`), else open:
   * any fetcher that compiles, on its budget.
   */
  readonly fetchers?: string;
  /**
   * Browser apps of other origins allowed to call the server (CORS, with
   * preflights). Default: none, no cross-origin access.
   */
  readonly cors?: CorsOptions;
  /**
   * Authenticators by security scheme name: the `security` the
   * configuration declares for the document's operations is checked with
   * them on every controller route (hidden ones too). Declared security
   * without an authenticator fails closed: those routes answer 401 (and
   * start-up names them), unless {@link securityDocumentationOnly}.
   */
  readonly authenticate?: Readonly<Record<string, Authenticator>>;
  /**
   * How an absent result is answered, and the document describes it:
   * `empty` (a 200 with an empty body, as the spec asks) or `null` (the
   * JSON `null` with `application/json`, which the document describes
   * exactly). Default: the configuration's `orm.client.absent-result`,
   * else `empty`.
   */
  readonly absentResult?: AbsentResult;
  /**
   * The declared security is documentation only: routes whose schemes no
   * authenticator checks take requests without them (start-up warns).
   * Default false: such routes answer 401.
   */
  readonly securityDocumentationOnly?: boolean;
  /** Middleware run before every route (logging, authentication, tenants). */
  readonly middleware?: readonly MiddlewareHandler[];
  /** Told of every artifact render (tests count them). */
  readonly onRender?: (key: string) => void;
  /** Told once what the app serves (start-up messages). */
  readonly onReady?: (served: ServedRoutes) => void;
  /**
   * Watch `project` until `signal` aborts: after each change of its sources
   * the artifacts are rendered from the new model (new ETags); an edit with
   * diagnostics prints them and keeps the last good artifacts. Each new
   * version is announced on the event stream `GET /__tailor/events`. The
   * running controllers stay as they were loaded.
   */
  readonly watch?: {
    readonly signal: AbortSignal;
    /** Told of every handled change (tests wait on it). */
    readonly onReload?: (reload: Reload) => void;
    /** Quiet time before a change is handled (default 100 ms). */
    readonly debounceMs?: number;
    /** The event stream's heartbeat, stream cap and history. */
    readonly events?: EventHubOptions;
    /**
     * Told of the first models and of each new good ones, and whether the
     * code changed or only comments (`tailor dev` runs its app's new code
     * on them).
     */
    readonly onModels?: (
      client: ApiModel,
      server: ApiModel,
      codeChanged: boolean,
    ) => void;
    /** Told when a burst of source changes begins, and once it is handled. */
    readonly onBurst?: () => void;
    readonly onHandled?: () => void;
    /** Told of a change's models before its type check answers. */
    readonly onAnalyzed?: WatchServerOptions["onAnalyzed"];
  };
}

/**
 * The fetcher manifest of allow-list mode, from the option, else the
 * configuration; undefined when open. A bad one stops start-up.
 */
async function manifestOf(
  options: CreateServerOptions,
  config: ClientConfig,
): Promise<FetcherManifest | undefined> {
  const file = options.fetchers ??
    (config.fetchersAllowList === undefined
      ? undefined
      : resolve(options.project ?? ".", config.fetchersAllowList));
  if (file === undefined) return undefined;
  try {
    return await readFetcherManifest(file);
  } catch (error) {
    if (error instanceof FetcherManifestError) {
      throw new ServerStartError(error.message);
    }
    throw error;
  }
}

/** Start-up failed: diagnostics, configuration or a missing piece. */
export class ServerStartError extends Error {
  /** The diagnostics that stopped start-up, if any. */
  readonly diagnostics: readonly Diagnostic[];

  /** `message` is printable as is. */
  constructor(message: string, diagnostics: readonly Diagnostic[] = []) {
    super(message);
    this.name = "ServerStartError";
    this.diagnostics = diagnostics;
  }
}

/** What an app serves. */
export interface ServedRoutes {
  /** The project's name, as the generated headers give it. */
  readonly name: string;
  /** Artifact endpoints, in configuration order. */
  readonly artifacts: readonly ArtifactRoute[];
  /** Controller routes: `GET /books`... */
  readonly routes: readonly string[];
}

/**
 * Builds the server: analyzes the project once, then answers artifact and
 * controller requests. Throws {@link ServerStartError}.
 */
export async function createServer(
  options: CreateServerOptions,
): Promise<Hono> {
  const loaded = options.config ??
    await loadConfig(options.project ?? ".", options.configFile);
  // The option decides the answers and the document alike.
  const config = options.absentResult === undefined
    ? loaded
    : { ...loaded, absentResult: options.absentResult };
  // Watch mode replaces both when a change gives a new model.
  let cache = new ArtifactCache(options.onRender);
  let reloaded: ApiModel | undefined;
  // The model the controllers are mounted from: they cannot follow another.
  let mounted: ApiModel | undefined;
  const analyzed = await modelsOf(options, (reload) => {
    if (
      reload.ok && mounted !== undefined && !servesSame(mounted, reload.server)
    ) {
      console.error(RESTART_NEEDED);
    } else if (reload.ok) {
      // Told first: `tailor dev` switches to the new code before the
      // artifacts are rendered.
      options.watch?.onModels?.(
        reload.client,
        reload.server,
        reload.codeChanged,
      );
      reloaded = withUriPrefix(reload.client, config.uriPrefix);
      publish(reloaded);
    }
    options.watch?.onReload?.(reload);
  });
  if (options.controllers !== undefined) mounted = analyzed.server;
  if (analyzed.server !== undefined) {
    options.watch?.onModels?.(analyzed.client, analyzed.server, true);
  }
  const models = {
    client: withUriPrefix(analyzed.client, config.uriPrefix),
    ...(analyzed.server === undefined
      ? {}
      : { server: withUriPrefix(analyzed.server, config.uriPrefix) }),
  };
  const sourceName = options.sourceName ??
    (options.project === undefined
      ? "api"
      : basename(resolve(options.project)));
  const artifacts = artifactRoutes(config);
  // Watch mode: each model is a version, rendered ahead and announced.
  // Under `tailor dev` the supervisor watches, renders and announces.
  const watch = options.project !== undefined &&
      devModelsOf(options.project) !== undefined
    ? undefined
    : options.watch;
  const versions = watch === undefined
    ? undefined
    : new ArtifactVersions(config, sourceName, artifacts);
  const hub = watch === undefined ? undefined : new EventHub(watch.events);
  const publish = (model: ApiModel) => {
    if (versions === undefined || hub === undefined) return;
    const version = versions.next(model);
    // The versions answer without ?groups=; the rest is rendered anew.
    cache = new ArtifactCache(options.onRender);
    hub.publish(version.change);
  };
  publish(models.client);
  watch?.signal.addEventListener("abort", () => hub?.close(), {
    once: true,
  });
  const fetcherManifest = await manifestOf(options, config);
  const app = new Hono({ router: new StaticPathRouter() });
  const routes: string[] = [];
  if (options.cors !== undefined && options.cors.origins.length > 0) {
    app.use(corsPolicy(options.cors, headerParameters(models.server)));
  }
  app.use(headLength);
  if (options.fetcherBudget !== undefined) {
    const budget = checkBudget(options.fetcherBudget, "createServer's");
    app.use((_, next) => withFetcherBudget(budget, next));
  }
  for (const middleware of options.middleware ?? []) app.use(middleware);
  app.get(EVENTS_PATH, (c) =>
    hub === undefined
      ? c.json({
        error: "not-found",
        path: EVENTS_PATH,
        message:
          "this server does not watch its project: start it with --watch",
      }, 404)
      : hub.handle(c));

  for (const artifact of artifacts) {
    app.get(artifact.path, async (c) => {
      const query = parseArtifactQuery(
        artifact.kind,
        new URL(c.req.url).searchParams,
      );
      if (isBadQuery(query)) return c.json(query, 400);
      const client = reloaded ?? models.client;
      const selection = selectGroups(client, [...query.groups]);
      if (selection.unknownGroups.length > 0) {
        return c.json({
          error: "unknown-groups",
          message: `unknown group(s): ${selection.unknownGroups.join(", ")}`,
          unknownGroups: selection.unknownGroups,
          knownGroups: client.groups,
        }, 400);
      }
      // Watch mode: the versions answer (with deltas) without ?groups=.
      const versioned = versions !== undefined && query.groups.length === 0
        ? answerVersioned(versions, artifact.kind, query.importExtension, {
          ifNoneMatch: c.req.header("if-none-match"),
          aIm: c.req.header("a-im"),
        })
        : undefined;
      if (versioned !== undefined) return versioned;
      const documentQuery = query.groups.length === 0
        ? ""
        : `?groups=${query.groups.map(encodeURIComponent).join(",")}`;
      const key = artifactKey(
        artifact.kind,
        query.groups,
        query.importExtension,
      );
      const rendered = await cache.get(
        key,
        () =>
          renderArtifact(artifact.kind, selection.model, config, sourceName, {
            documentQuery,
            ...(query.importExtension === undefined
              ? {}
              : { importExtension: query.importExtension }),
          }),
      );
      return answerArtifact(c.req.header("if-none-match"), rendered);
    });
    app.all(artifact.path, (c) => methodNotAllowed(c.req.method, GET_ONLY));
  }
  app.get(MODEL_PATH, async (c) => {
    const rendered = await cache.get(
      MODEL_CACHE_KEY,
      () => renderModel(reloaded ?? models.client),
    );
    return answerArtifact(
      c.req.header("if-none-match"),
      rendered,
      modelHeaders(config.tsNullRenderMode),
    );
  });
  app.all(MODEL_PATH, (c) => methodNotAllowed(c.req.method, GET_ONLY));
  if (config.openapiUiPath !== undefined) {
    const assets = await loadOpenApiPageAssets();
    const dir = assetsDirOf(config.openapiUiPath);
    app.get(`${dir}/:name`, (c) => {
      const name = c.req.param("name");
      const bytes = assets.get(name);
      if (bytes === undefined) return notFound(c.req.path);
      return c.body(bytes.slice().buffer, 200, {
        "content-type": openApiPageAssetType(name),
        "cache-control": "public, max-age=3600",
      });
    });
  }

  if (options.controllers !== undefined) {
    if (models.server === undefined) {
      throw new ServerStartError(
        "controllers were given but no server-scope model: pass project, or models.server",
      );
    }
    checkCollisions(models.server, artifacts);
    routes.push(...routeLines(models.server));
    const security = securityPlan(
      config.openapiExtras?.security ?? [],
      options.authenticate ?? {},
    );
    const documentationOnly = options.securityDocumentationOnly === true;
    if (security.kind === "unenforced") {
      console.error(
        unenforcedWarning(security.schemes, routes, documentationOnly),
      );
    }
    const guard = security.kind === "guard"
      ? security.guard
      : security.kind === "unenforced" && !documentationOnly
      ? refuseUnchecked(
        security.schemes,
        config.openapiExtras?.securitySchemes,
      )
      : undefined;
    app.route(
      "/",
      controllerRoutes({
        model: models.server,
        controllers: options.controllers,
        ...(options.inject === undefined ? {} : { inject: options.inject }),
        ...(options.fetcherOwners === undefined
          ? {}
          : { fetcherOwners: options.fetcherOwners }),
        ...(fetcherManifest === undefined ? {} : { fetcherManifest }),
        ...(config.tsNullRenderMode === undefined
          ? {}
          : { nullRenderMode: config.tsNullRenderMode }),
        ...(options.maxUploadBytes === undefined
          ? {}
          : { maxUploadBytes: options.maxUploadBytes }),
        ...(options.maxBodyBytes === undefined
          ? {}
          : { maxBodyBytes: options.maxBodyBytes }),
        ...(guard === undefined ? {} : { guard }),
        ...(config.absentResult === undefined
          ? {}
          : { absentResult: config.absentResult }),
      }),
    );
  }

  app.notFound((c) => notFound(c.req.path));
  app.onError((error, c) => {
    console.error(`${c.req.method} ${c.req.path} failed:`, error);
    return c.json({ error: "internal" }, 500);
  });
  options.onReady?.({ name: sourceName, artifacts, routes });
  return app;
}

/** The routes of `model`'s operations: `GET /books`... */
export function routeLines(model: ApiModel): string[] {
  return model.services.flatMap((service) =>
    service.operations.map((op) => `${op.httpMethod} ${op.path}`)
  );
}

/** The names of the header parameters of `model`'s operations. */
function headerParameters(model: ApiModel | undefined): string[] {
  return (model?.services ?? []).flatMap((service) =>
    service.operations.flatMap((op) =>
      op.parameters.filter((p) => p.in === "header").map((p) => p.wireName)
    )
  );
}

/** What an artifact's path answers. */
const GET_ONLY = allowedMethods(["GET"]);

function notFound(path: string): Response {
  return Response.json({ error: "not-found", path }, { status: 404 });
}

async function modelsOf(
  options: CreateServerOptions,
  onReload: (reload: Reload) => void,
): Promise<{ client: ApiModel; server?: ApiModel }> {
  if (options.models !== undefined && options.watch === undefined) {
    return options.models;
  }
  // Run by `tailor dev`: the models it analyzed; it watches.
  const dev = options.project === undefined
    ? undefined
    : devModelsOf(options.project);
  if (dev !== undefined) return { client: dev.client, server: dev.server };
  if (options.project === undefined) {
    throw new ServerStartError(
      options.watch === undefined
        ? "createServer needs project or models"
        : "watch needs project",
    );
  }
  const typeCheck = options.typeCheck !== false;
  const { watch } = options;
  // Loaded here: the analyzer is not loaded where models are given. The
  // compiler first, with its code cache (none where it is loaded already).
  const compiler = await preloadCompiler();
  const analyzed = watch === undefined
    ? await (await import("../pipeline.ts")).serverModels(options.project, {
      typeCheck,
    })
    : await (await import("../watch/watch_server.ts")).watchServerModels(
      options.project,
      {
        typeCheck,
        signal: watch.signal,
        onReload,
        ...(watch.onBurst === undefined ? {} : { onBurst: watch.onBurst }),
        ...(watch.onAnalyzed === undefined
          ? {}
          : { onAnalyzed: watch.onAnalyzed }),
        ...(watch.onHandled === undefined
          ? {}
          : { onHandled: watch.onHandled }),
        ...(watch.debounceMs === undefined
          ? {}
          : { debounceMs: watch.debounceMs }),
      },
    );
  compiler?.keep();
  if (!analyzed.ok) {
    throw new ServerStartError(
      [
        ...analyzed.diagnostics.map(formatDiagnostic),
        `${analyzed.diagnostics.length} error(s); the server did not start.`,
      ].join("\n"),
      analyzed.diagnostics,
    );
  }
  for (const warning of analyzed.warnings) {
    console.error(formatDiagnostic(warning));
  }
  return { client: analyzed.client, server: analyzed.server };
}

/** An artifact path that is also a controller route cannot be served. */
function checkCollisions(
  model: ApiModel,
  artifacts: readonly ArtifactRoute[],
): void {
  const paths = new Set(artifacts.map((a) => a.path));
  for (const service of model.services) {
    for (const op of service.operations) {
      if (op.httpMethod === "GET" && paths.has(op.path)) {
        throw new ServerStartError(
          `${service.controller}.${op.name} answers GET ${op.path}, which the configuration gives to an artifact: change one of them`,
        );
      }
      if (op.httpMethod === "GET" && op.path === MODEL_PATH) {
        throw new ServerStartError(
          `${service.controller}.${op.name} answers GET ${op.path}, where the server serves its model: change its path`,
        );
      }
    }
  }
}
