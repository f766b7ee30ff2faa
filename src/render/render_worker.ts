/**
 * The worker thread of {@link ParallelRenderer}: renders the artifacts of
 * some kinds of a model and writes them under a directory, then answers
 * with how many files it wrote.
 *
 * @module
 */

import { renderKinds } from "./emitters.ts";
import { writeFiles } from "../fs/tree.ts";
import type { RenderJob, RenderReply } from "./parallel_render.ts";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RenderJob>) => void) | null;
  postMessage(reply: RenderReply): void;
};

scope.onmessage = ({ data }) => {
  let reply: RenderReply;
  try {
    const files = renderKinds(
      data.model,
      data.config,
      data.sourceName,
      data.kinds,
    );
    writeFiles(data.dir, files);
    reply = { ok: true, count: files.size };
  } catch (error) {
    reply = { ok: false, message: (error as Error).message };
  }
  scope.postMessage(reply);
};
