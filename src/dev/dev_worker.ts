/**
 * One version of a `tailor dev` app, in a worker of its own: the entry
 * module is imported afresh (a worker has its own module graph, read from
 * disk), its default export serves on a loopback port, and the port (or why
 * it could not start) is posted back. The models the supervisor analyzed are
 * handed to `createServer` (see `dev_models.ts`), so the worker does not
 * analyze the project again.
 *
 * @module
 */

import {
  type DevModels,
  devModelsAskedAt,
  epochMs,
  setDevModels,
  setDevSettings,
} from "./dev_models.ts";

/** What the supervisor sends to start a version. */
export interface DevStart {
  /** The entry module's URL. */
  readonly entry: string;
  readonly models: DevModels;
  /** What the app reads with `devSettings()`, if anything. */
  readonly settings?: unknown;
}

/**
 * When each step of a version's start ended, in milliseconds since the
 * epoch with a fraction ({@link epochMs}), comparable across threads.
 */
export interface StartSteps {
  /** The worker runs and has the start message. */
  readonly booted: number;
  /** Tailor's modules are loaded (at once for a spare worker). */
  readonly preloaded: number;
  /** The app's modules are loaded: it asks for its models (createServer). */
  readonly imported: number;
  /** The app is built: its default export is there. */
  readonly mounted: number;
  /** It listens. */
  readonly listening: number;
}

/** What the worker answers: its port, or why it did not start. */
export type DevStarted =
  | { readonly ok: true; readonly port: number; readonly steps: StartSteps }
  | { readonly ok: false; readonly message: string };

/** An app as `deno serve` takes it: `export default app`. */
interface Served {
  fetch(request: Request): Response | Promise<Response>;
}

/**
 * Tailor's server and store, imported as soon as the worker runs: a spare
 * worker (`dev_server.ts`) has them loaded before an edit comes, so that a
 * version's start imports only the app's own modules. They are the modules
 * an app's graph shares with Tailor (`@tailor/tailor`, its store), never
 * the project's, which each version imports afresh.
 */
const preloaded = Promise.all([
  import("../../mod.ts"),
  import("../store/mod.ts"),
]).catch(() => {
  // The app's own import reports what fails.
});

/** The worker's global scope, as far as this module uses it. */
const scope = globalThis as unknown as {
  onmessage: (event: MessageEvent<DevStart>) => void;
  postMessage: (message: DevStarted) => void;
};

scope.onmessage = async (event) => {
  const booted = epochMs();
  const { entry, models, settings } = event.data;
  const answer = (started: DevStarted) => scope.postMessage(started);
  try {
    setDevModels(models);
    setDevSettings(settings);
    await preloaded;
    const loaded = epochMs();
    const served = (await import(entry)).default as Served | undefined;
    const mounted = epochMs();
    if (typeof served?.fetch !== "function") {
      throw new Error(
        `${entry} has no default export with a fetch method: end it with \`export default app\``,
      );
    }
    Deno.serve({
      hostname: "127.0.0.1",
      port: 0,
      onListen: ({ port }) =>
        answer({
          ok: true,
          port,
          steps: {
            booted,
            preloaded: loaded,
            imported: devModelsAskedAt() ?? mounted,
            mounted,
            listening: epochMs(),
          },
        }),
    }, (request) => served.fetch(request));
  } catch (error) {
    answer({
      ok: false,
      message: error instanceof Error
        ? error.message.split("\n")[0]!
        : String(error),
    });
  }
};
