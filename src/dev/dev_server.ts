/**
 * `tailor dev main.ts`: a user's app (`export default app`, as `deno serve`
 * takes it) whose routes reload without a restart. The supervisor keeps the
 * project analyzed (incrementally, as `serve --watch` does), serves the
 * artifacts and the event stream itself, and runs the app in a worker
 * (`dev_worker.ts`) on the models it analyzed. After each good edit it
 * starts the new code in a new worker; requests that come meanwhile wait
 * for it, requests in flight finish on the old worker, which is ended once
 * they have. An edit with diagnostics, or new code that does not start,
 * leaves the last good version serving and says why.
 *
 * @module
 */

import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadConfig } from "../config/config.ts";
import type { ApiModel } from "../model/api_model.ts";
import { withUriPrefix } from "../model/uri_prefix.ts";
import {
  createServer,
  type CreateServerOptions,
  routeLines,
  type ServedRoutes,
} from "../server/create_server.ts";
import type { Fetch } from "../server/listen.ts";
import { type DevModels, epochMs } from "./dev_models.ts";
import type { DevStart, DevStarted, StartSteps } from "./dev_worker.ts";

/** Options of {@link devServer}. */
export interface DevServerOptions {
  /** The app's entry module (`main.ts`), whose default export serves. */
  readonly entry: string;
  /** The project its controllers are analyzed from. */
  readonly project: string;
  /** Options of the supervisor's artifact server (config, CORS, type check). */
  readonly artifacts?: Partial<CreateServerOptions>;
  /** Ends watching and every worker. */
  readonly signal: AbortSignal;
  /** Progress lines (default: stderr). */
  readonly log?: (line: string) => void;
  /** Quiet time before a change is handled (default 10 ms). */
  readonly debounceMs?: number;
  /** Told after each version was tried (tests wait on it). */
  readonly onVersion?: (started: DevStarted) => void;
  /** Told once what the first version serves (start-up messages). */
  readonly onReady?: (served: ServedRoutes) => void;
  /**
   * Plain data each version's app reads with `devSettings()`
   * (`deno task serve --watch` hands over its command line).
   */
  readonly settings?: unknown;
}

/** Longest wait for a new version to start. */
const START_TIMEOUT_MS = 60_000;

/** Longest wait for an old version's requests before it is ended anyway. */
const DRAIN_MS = 30_000;

/** One running version of the app. */
interface Version {
  readonly worker: Worker;
  readonly port: number;
  inFlight: number;
  retired: boolean;
}

/**
 * Starts the supervisor and the first version; resolves with its request
 * handler once both serve. Throws what `createServer` throws at start-up,
 * or an Error when the first version does not start.
 */
export async function devServer(options: DevServerOptions): Promise<Fetch> {
  const log = options.log ?? ((line: string) => console.error(line));
  const project = resolve(options.project);
  const entry = pathToFileURL(resolve(options.entry)).href;
  let current: Version | undefined;
  let starting: Promise<void> | undefined;
  // From the first change seen until its version is up (or refused).
  let changing: PromiseWithResolvers<void> | undefined;
  let first: ((models: DevModels) => void) | undefined;
  const firstModels = new Promise<DevModels>((resolve) => first = resolve);
  const models = (client: ApiModel, server: ApiModel) => ({
    project,
    client,
    server,
  });
  // When the change being handled was first seen (epoch ms).
  let seenAt: number | undefined;
  // The version started on a change's clean analysis while its type check
  // runs: served once the check passes, ended if it fails.
  let early: EarlyVersion | undefined;
  const discardEarly = () => {
    void early?.version.then((version) => version.running?.worker.terminate());
    early = undefined;
  };
  const startEarly = (next: DevModels) => {
    discardEarly();
    early = {
      server: next.server,
      analyzed: epochMs(),
      version: startVersion(entry, next, options.settings),
    };
  };
  const replace = (next: DevModels) => {
    const checked = epochMs();
    const seen = seenAt ?? checked;
    const ahead = early?.server === next.server ? early : undefined;
    if (ahead === undefined) discardEarly();
    early = undefined;
    const analyzed = ahead?.analyzed ?? checked;
    const previous = starting ?? Promise.resolve();
    starting = previous.then(async () => {
      const version = await (ahead?.version ??
        startVersion(entry, next, options.settings));
      options.onVersion?.(version.started);
      if (!version.started.ok) {
        log(
          `the new code did not start: ${version.started.message}; still serving the last good version`,
        );
        return;
      }
      const old = current;
      current = version.running;
      if (old !== undefined) {
        log(reloadedLine(
          { seen, analyzed, checked, spawned: version.spawned },
          version.started.steps,
        ));
        retire(old);
      }
    });
    const mine = starting;
    mine.finally(() => {
      if (starting === mine) starting = undefined;
    });
  };
  const config = options.artifacts?.config ??
    await loadConfig(project, options.artifacts?.configFile);
  let served: ServedRoutes | undefined;
  const artifacts = await createServer({
    ...options.artifacts,
    config,
    project,
    onReady: (routes) => served = routes,
    watch: {
      signal: options.signal,
      ...(options.debounceMs === undefined
        ? {}
        : { debounceMs: options.debounceMs }),
      onBurst: () => {
        if (changing !== undefined) return;
        changing = Promise.withResolvers();
        seenAt = epochMs();
      },
      onHandled: () => {
        const handled = changing;
        changing = undefined;
        void (starting ?? Promise.resolve()).then(() => handled?.resolve());
      },
      onAnalyzed: (client, server, codeChanged) => {
        // Not the first models, nor an edit of comments only.
        if (first === undefined && codeChanged) {
          startEarly(models(client, server));
        }
      },
      // An edit with errors: the version started early is not served.
      onReload: (reload) => {
        if (!reload.ok) discardEarly();
      },
      onModels: (client, server, codeChanged) => {
        if (first !== undefined) {
          first(models(client, server));
          first = undefined;
        } else if (codeChanged) {
          replace(models(client, server));
        }
        // An edit of comments only: the running code is the same.
      },
    },
  });
  const startModels = await firstModels;
  replace(startModels);
  await starting;
  if (current === undefined) {
    throw new Error(`${options.entry} did not start (see above)`);
  }
  options.onReady?.({
    name: served?.name ?? "",
    artifacts: served?.artifacts ?? [],
    routes: routeLines(withUriPrefix(startModels.server, config.uriPrefix)),
  });
  options.signal.addEventListener("abort", () => {
    discardEarly();
    if (current !== undefined) retire(current);
  }, { once: true });
  return async (request) => {
    if (request.method === "GET" || request.method === "HEAD") {
      const answer = await artifacts.fetch(request);
      if (answer.status !== 404) return answer;
    }
    // An edit being handled serves the requests that come meanwhile.
    await changing?.promise;
    await starting;
    return await forward(request, current!);
  };
}

/** When a change reached each step in the supervisor (epoch ms). */
interface ChangeSteps {
  /** The watcher saw it. */
  readonly seen: number;
  /** It analyzed cleanly (its new version started then). */
  readonly analyzed: number;
  /** Its type check passed. */
  readonly checked: number;
  /** Its version's worker was created. */
  readonly spawned: number;
}

/**
 * The line a reload prints: from the edit seen to the new version serving,
 * and its steps: the analysis, the type check (the new version starts
 * meanwhile), the new worker's boot, the app's modules loaded, the app
 * built, listening.
 */
export function reloadedLine(change: ChangeSteps, steps: StartSteps): string {
  const ms = (from: number, to: number) => `${Math.round(to - from)} ms`;
  return `routes reloaded in ${ms(change.seen, epochMs())} (analysis ${
    ms(change.seen, change.analyzed)
  }, type check ${ms(change.analyzed, change.checked)}, worker boot ${
    ms(change.spawned, steps.booted)
  }, imports ${ms(steps.booted, steps.imported)}, mount ${
    ms(steps.imported, steps.mounted)
  }, listen ${ms(steps.mounted, steps.listening)})`;
}

/** A version started on a clean analysis, before its type check answered. */
interface EarlyVersion {
  /** The server model it was started on. */
  readonly server: ApiModel;
  /** When it was started (epoch ms). */
  readonly analyzed: number;
  readonly version: Promise<StartedVersion>;
}

/** A version's start: how it went, and the running version if it did. */
interface StartedVersion {
  readonly started: DevStarted;
  readonly running?: Version;
  /** When its worker was created (epoch ms). */
  readonly spawned: number;
}

/** Starts `entry` in a new worker on `models`. */
async function startVersion(
  entry: string,
  models: DevModels,
  settings: unknown,
): Promise<StartedVersion> {
  const spawned = epochMs();
  const worker = new Worker(new URL("./dev_worker.ts", import.meta.url), {
    type: "module",
  });
  const started = await new Promise<DevStarted>((resolve) => {
    const timer = setTimeout(
      () => resolve({ ok: false, message: "it did not listen within 60 s" }),
      START_TIMEOUT_MS,
    );
    worker.onmessage = (event: MessageEvent<DevStarted>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      clearTimeout(timer);
      resolve({ ok: false, message: event.message });
    };
    worker.postMessage({ entry, models, settings } satisfies DevStart);
  });
  if (!started.ok) {
    worker.terminate();
    return { started, spawned };
  }
  return {
    started,
    running: { worker, port: started.port, inFlight: 0, retired: false },
    spawned,
  };
}

/** Ends `version` once its requests are answered (at most {@link DRAIN_MS}). */
function retire(version: Version): void {
  version.retired = true;
  if (version.inFlight === 0) version.worker.terminate();
  else setTimeout(() => version.worker.terminate(), DRAIN_MS);
}

/** Sends `request` to `version` and its answer back, body streamed. */
async function forward(request: Request, version: Version): Promise<Response> {
  const url = new URL(request.url);
  version.inFlight++;
  let open = true;
  const done = () => {
    if (!open) return;
    open = false;
    if (--version.inFlight === 0 && version.retired) version.worker.terminate();
  };
  try {
    const answer = await fetch(
      `http://127.0.0.1:${version.port}${url.pathname}${url.search}`,
      {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: "manual",
      },
    );
    if (answer.body === null) {
      done();
      return answer;
    }
    const body = answer.body.pipeThrough(
      new TransformStream({ flush: done, cancel: done }),
    );
    return new Response(body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    });
  } catch (error) {
    done();
    return Response.json({
      error: "unavailable",
      message: `the app did not answer: ${(error as Error).message}`,
    }, { status: 503 });
  }
}
