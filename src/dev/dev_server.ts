/**
 * `tailor dev main.ts`: a user's app (`export default app`, as `deno serve`
 * takes it) whose routes reload without a restart. The supervisor keeps the
 * project analyzed (incrementally, as `serve --watch` does), serves the
 * artifacts and the event stream itself, and runs the app in a worker
 * (`dev_worker.ts`) on the models it analyzed. After each edit of code
 * that analyzes cleanly it starts the new code in a new worker
 * (`dev_version.ts`), which serves while the type check runs; requests that
 * come meanwhile wait for it, requests in flight finish on the old worker,
 * which is ended once they have. The last checked version is kept until
 * the check passes, and serves again if it fails. An edit with
 * diagnostics, or new code that does not start, leaves the last good
 * version serving and says why.
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
import type { DevStarted, StartSteps } from "./dev_worker.ts";
import {
  forward,
  retire,
  spawnWorker,
  type StartedVersion,
  startVersion,
  type Version,
} from "./dev_version.ts";

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
  // While `current` is a version whose type check has not answered: the
  // last checked one, which serves again if the check fails.
  let lastGood: Version | undefined;
  let starting: Promise<void> | undefined;
  // From the first change seen until its version serves (or is refused).
  let changing: PromiseWithResolvers<void> | undefined;
  // When the change being handled was first seen (epoch ms).
  let seenAt: number | undefined;
  // The change whose type check runs, its version started on its analysis.
  let pending: Change | undefined;
  let first: ((models: DevModels) => void) | undefined;
  const firstModels = new Promise<DevModels>((resolve) => first = resolve);
  let versions = 0;
  const models = (client: ApiModel, server: ApiModel): DevModels => ({
    project,
    client,
    server,
    version: versions++,
  });
  // A worker with Tailor's modules loaded, waiting for the next version.
  let spare: Worker | undefined;
  const takeSpare = () => {
    const worker = spare ?? spawnWorker();
    spare = undefined;
    return worker;
  };
  /** Runs `step` after the steps before it (one version starts at a time). */
  const chain = (step: () => Promise<void>) => {
    const mine = (starting ?? Promise.resolve()).then(step);
    starting = mine;
    mine.finally(() => {
      if (starting === mine) starting = undefined;
    });
  };
  /**
   * Starts the version of `next` and serves it once it is up, unchecked
   * (its type check still running: {@link pending}) or checked.
   */
  const begin = (next: DevModels, checked: boolean) => {
    const now = epochMs();
    const change: Change = {
      server: next.server,
      seen: seenAt ?? now,
      analyzed: now,
      checked,
      failed: false,
      version: startVersion(takeSpare(), entry, next, options.settings),
    };
    if (!checked) pending = change;
    chain(async () => {
      const version = await change.version;
      if (change.failed) {
        // Its type check failed before it was up.
        version.running?.worker.terminate();
        return;
      }
      options.onVersion?.(version.started);
      if (version.running === undefined) {
        log(
          `the new code did not start: ${version.message}; still serving the last good version`,
        );
        return;
      }
      const old = current;
      current = version.running;
      // The next version's worker loads while this one serves.
      if (!options.signal.aborted) spare ??= spawnWorker();
      if (old === undefined) return;
      log(reloadedLine(change, version.posted, version.steps));
      if (change.checked) {
        retire(old);
      } else {
        lastGood = old;
        // The requests waiting for the edit go to its version now.
        changing?.resolve();
      }
    });
  };
  /** The pending change's type check passed. */
  const confirm = (change: Change) => {
    pending = undefined;
    change.checked = true;
    if (lastGood !== undefined) retire(lastGood);
    lastGood = undefined;
  };
  /** The pending change has errors: the last good version serves again. */
  const refuse = (change: Change) => {
    pending = undefined;
    change.failed = true;
    if (lastGood === undefined) return;
    const refused = current!;
    current = lastGood;
    lastGood = undefined;
    retire(refused);
    log("the edit's routes are withdrawn: serving the last good version again");
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
      // A change of code analyzed cleanly: its version starts and serves
      // while the type check runs (not for the first models).
      onAnalyzed: (client, server, codeChanged) => {
        if (first === undefined && codeChanged) {
          begin(models(client, server), false);
        }
      },
      onReload: (reload) => {
        if (!reload.ok && pending !== undefined) refuse(pending);
      },
      onModels: (client, server, codeChanged) => {
        if (first !== undefined) {
          first(models(client, server));
          first = undefined;
        } else if (pending?.server === server) {
          confirm(pending);
        } else if (codeChanged) {
          begin(models(client, server), true);
        }
        // An edit of comments only: the running code is the same.
      },
    },
  });
  const startModels = await firstModels;
  begin(startModels, true);
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
    if (pending !== undefined) pending.failed = true;
    spare?.terminate();
    for (const version of [lastGood, current]) {
      if (version !== undefined) retire(version);
    }
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

/** A change of code whose version is started, and what became of it. */
interface Change {
  /** The server model its version runs on. */
  readonly server: ApiModel;
  /** When the watcher saw it (epoch ms). */
  readonly seen: number;
  /** When it analyzed cleanly and its version started (epoch ms). */
  readonly analyzed: number;
  /** Whether its type check passed (or none runs). */
  checked: boolean;
  /** Whether its type check failed. */
  failed: boolean;
  readonly version: Promise<StartedVersion>;
}

/**
 * The line a reload prints: from the edit seen to the new version serving,
 * and its steps: the analysis, the new worker's boot (with Tailor's
 * modules: none for a spare worker), the app's own modules loaded, the app
 * built, listening, the supervisor told; and whether the type check still
 * runs.
 */
export function reloadedLine(
  change: Pick<Change, "seen" | "analyzed" | "checked">,
  posted: number,
  steps: StartSteps,
): string {
  const ms = (from: number, to: number) => `${Math.round(to - from)} ms`;
  return `routes reloaded in ${ms(change.seen, epochMs())} (analysis ${
    ms(change.seen, change.analyzed)
  }, worker boot ${ms(posted, steps.preloaded)}, imports ${
    ms(steps.preloaded, steps.imported)
  }, mount ${ms(steps.imported, steps.mounted)}, listen ${
    ms(steps.mounted, steps.listening)
  }, switch ${ms(steps.listening, epochMs())})${
    change.checked ? "" : "; type check running"
  }`;
}
