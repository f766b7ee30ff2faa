/**
 * `tailor generate`: the project's clients written into `--out`, staged
 * while the type check runs and swapped in once it passes; with `--watch`,
 * rewritten after each change.
 *
 * @module
 */

import type { ApiModel } from "../model/api_model.ts";
import { interruptSignal } from "../watch/interrupt.ts";
import type { ModelSource } from "../watch/watch_generate.ts";
import { type StagedTree, stageTree } from "../render/generated_tree.ts";
import { ParallelRenderer } from "../render/parallel_render.ts";
import { markPhase } from "../timings.ts";
import { writtenLine } from "../fs/tree_changes.ts";
import { incrementalRenderer } from "../render/artifact_renderer.ts";
import { preloadCompiler } from "../analyze/compiler_code_cache.ts";
import type { ParsedArgs } from "./command.ts";
import {
  checkedModelSource,
  clientRequest,
  modelOfRequest,
  requestedFiles,
} from "./client_request.ts";
import { displayPath } from "./paths.ts";
import { stdoutStyle } from "./style.ts";

/** Runs `tailor generate`; resolves with the exit status. */
export async function generate(args: ParsedArgs): Promise<number> {
  const { values } = args;
  const out = values.out as string;
  if (values.watch === true) return await watch(args, out);
  const request = await clientRequest(args);
  const modelOf = await checkedModelSource(request);
  // Started now: the worker loads the emitters while this thread analyzes.
  const renderer = request.target === "all"
    ? new ParallelRenderer()
    : undefined;
  const guard = { force: values.force === true, project: request.project };
  try {
    // Staged while the type check runs, committed once it passes.
    let staged: Promise<StagedTree> | undefined;
    const stage = (model: ApiModel) =>
      stageTree(out, guard, request, model, renderer).then((tree) => {
        markPhase("rendered and staged");
        return tree;
      });
    const model = await modelOfRequest(request, modelOf, (model) => {
      staged = stage(model);
      staged.catch(() => {}); // observed below, or abandoned
    });
    if (model === undefined) {
      await staged?.then((tree) => tree.replacement.abandon(), () => {});
      return 1;
    }
    const tree = await (staged ?? stage(model));
    const changes = await tree.replacement.commitChanges();
    markPhase("committed");
    console.log(
      stdoutStyle().success(
        writtenLine(displayPath(out), tree.count, changes),
      ),
    );
    return 0;
  } finally {
    renderer?.close();
  }
}

/**
 * `generate --watch`: one incremental renderer for the whole watch, so each
 * change re-renders only the files whose part of the model changed; the
 * request is read again each time (the configuration file may have changed).
 */
async function watch(args: ParsedArgs, out: string): Promise<number> {
  const interrupt = interruptSignal();
  const renderFiles = incrementalRenderer();
  const compiler = await preloadCompiler();
  const render = async (modelOf: ModelSource) =>
    await requestedFiles(await clientRequest(args), modelOf, renderFiles)
      .finally(() => compiler?.keep());
  const { watchGenerate } = await import("../watch/watch_generate.ts");
  const config = args.values.config;
  return await watchGenerate({
    out,
    render,
    signal: interrupt.signal,
    ...(typeof config === "string" ? { configFile: config } : {}),
  }).finally(interrupt.dispose);
}
