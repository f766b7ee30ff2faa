/**
 * Rendering every artifact of a model and writing it on both cores: a
 * worker renders and writes the OpenAPI document and page while this
 * thread does the TypeScript and Java clients and `model.json`. Creating
 * files costs as much as rendering them here, so the two clients' 2,900
 * files (at 4,000 endpoints) stay on this thread and the worker takes the
 * few large ones; the worker also pays for receiving the model (100 ms at
 * 4,000 endpoints). With `model.json` in the worker too, it ended 150 ms
 * after this thread at 4,000 endpoints and 40-80 ms after at 1,000; now
 * the two end within about 30 ms of each other, and a 4,000-endpoint run
 * renders 60-80 ms sooner. The files are the same bytes `renderArtifacts`
 * gives (`parallel_render_test.ts`).
 *
 * @module
 */

import type { ClientConfig } from "../config/config.ts";
import { type ArtifactKind, renderKinds } from "./emitters.ts";
import { writeFiles } from "../fs/tree.ts";
import type { ApiModel } from "../model/api_model.ts";

/** What the worker is asked to do. */
export interface RenderJob {
  readonly model: ApiModel;
  readonly config: ClientConfig;
  readonly sourceName: string;
  readonly kinds: readonly ArtifactKind[];
  /** Where to write the files (at their paths in the tree). */
  readonly dir: string;
}

/** What the worker answers. */
export type RenderReply =
  | { readonly ok: true; readonly count: number }
  | { readonly ok: false; readonly message: string };

/** The kinds the worker renders: about half of the work of the tree. */
const WORKER_KINDS: readonly ArtifactKind[] = ["openapi", "page"];

/** The kinds this thread renders meanwhile. */
const OWN_KINDS: readonly ArtifactKind[] = ["ts", "java", "model"];

/**
 * Renders the whole tree of a model (the target `all`) into a directory
 * on two threads. The worker starts with the renderer, so that it has
 * loaded the emitters by the time a model comes; {@link close} ends it.
 */
export class ParallelRenderer {
  readonly #worker = new Worker(
    new URL("./render_worker.ts", import.meta.url).href,
    { type: "module" },
  );

  /**
   * Writes every text artifact of `model` under `dir`, as
   * `renderArtifacts` renders them; returns how many files.
   */
  async renderInto(
    dir: string,
    model: ApiModel,
    config: ClientConfig,
    sourceName: string,
  ): Promise<number> {
    const worker = this.#worker;
    const reply = new Promise<RenderReply>((resolve) => {
      worker.onmessage = (event: MessageEvent<RenderReply>) =>
        resolve(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        resolve({ ok: false, message: event.message });
      };
    });
    const job: RenderJob = {
      model,
      config,
      sourceName,
      kinds: WORKER_KINDS,
      dir,
    };
    worker.postMessage(job);
    // The worker's answer is awaited even when this half fails: the caller
    // may remove `dir`, which must not happen while the worker writes.
    let own: number | Error;
    try {
      const files = renderKinds(model, config, sourceName, OWN_KINDS);
      writeFiles(dir, files);
      own = files.size;
    } catch (error) {
      own = error as Error;
    }
    const answer = await reply;
    if (own instanceof Error) throw own;
    if (!answer.ok) throw new Error(answer.message);
    return own + answer.count;
  }

  /** Ends the worker. */
  close(): void {
    this.#worker.terminate();
  }
}
