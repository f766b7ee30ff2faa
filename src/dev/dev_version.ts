/**
 * One version of a `tailor dev` app: its worker (`dev_worker.ts`) made
 * ahead, started on the models of one edit, the requests it is sent, and
 * its end once they are answered.
 *
 * @module
 */

import { type DevModels, epochMs } from "./dev_models.ts";
import type { DevStart, DevStarted, StartSteps } from "./dev_worker.ts";

/** Longest wait for a new version to start. */
const START_TIMEOUT_MS = 60_000;

/** Longest wait for an old version's requests before it is ended anyway. */
const DRAIN_MS = 30_000;

/** One running version of the app. */
export interface Version {
  readonly worker: Worker;
  readonly port: number;
  inFlight: number;
  retired: boolean;
}

/** A version's start: its running version, or why it did not start. */
export type StartedVersion =
  & {
    readonly started: DevStarted;
    /** When its start was asked for (epoch ms). */
    readonly posted: number;
  }
  & (
    | { readonly running: Version; readonly steps: StartSteps }
    | { readonly running?: undefined; readonly message: string }
  );

/** A new worker for a version; it loads Tailor's modules at once. */
export function spawnWorker(): Worker {
  return new Worker(new URL("./dev_worker.ts", import.meta.url), {
    type: "module",
  });
}

/** Starts `entry` in `worker` on `models`. */
export async function startVersion(
  worker: Worker,
  entry: string,
  models: DevModels,
  settings: unknown,
): Promise<StartedVersion> {
  const posted = epochMs();
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
    return { started, posted, message: started.message };
  }
  return {
    started,
    posted,
    running: { worker, port: started.port, inFlight: 0, retired: false },
    steps: started.steps,
  };
}

/** Ends `version` once its requests are answered (at most {@link DRAIN_MS}). */
export function retire(version: Version): void {
  version.retired = true;
  if (version.inFlight === 0) version.worker.terminate();
  else setTimeout(() => version.worker.terminate(), DRAIN_MS);
}

/** Sends `request` to `version` and its answer back, body streamed. */
export async function forward(
  request: Request,
  version: Version,
): Promise<Response> {
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
