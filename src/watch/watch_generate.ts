/**
 * `cli.ts generate --watch`: the first good output replaces `--out` whole;
 * after each change of the project's sources only the files whose content
 * changed are rewritten and the ones no longer generated removed. While an
 * edit has diagnostics (printed once by the CLI's render), `--out` keeps the
 * last good output.
 *
 * @module
 */

import { basename, dirname, join, resolve } from "node:path";
import { configFileCandidates } from "../config/config.ts";
import { loadOpenApiPageAssets } from "../emit/openapi/openapi_page.ts";
import { updateTree, writeTree } from "../fs/tree.ts";
import {
  type TreeChanges,
  treeChanges,
  type TreeFiles,
  writtenLine,
} from "../fs/tree_changes.ts";
import { pageAssetFiles } from "../render/generated_tree.ts";
import {
  loadedModel,
  type ModelResult,
  type ProjectModelOptions,
} from "../pipeline.ts";
import { WatchSession } from "./watch_project.ts";

/** Where a render gets its model from: `projectModel`'s signature. */
export type ModelSource = (
  project: string,
  options: ProjectModelOptions,
) => Promise<ModelResult>;

/**
 * The CLI's render step with a given model source: the files to write, or
 * undefined after printing why there are none.
 */
export type Render = (
  modelOf: ModelSource,
) => Promise<ReadonlyMap<string, string> | undefined>;

/** Options of {@link watchGenerate}. */
export interface WatchGenerateOptions {
  /** The output directory. */
  readonly out: string;
  readonly render: Render;
  /** Ends the watch (Ctrl-C). */
  readonly signal: AbortSignal;
  /** Progress lines (default: stdout). */
  readonly log?: (line: string) => void;
  /** Told after each handled change, with the files written or undefined (tests wait on it). */
  readonly onChange?: (written: TreeChanges | undefined) => void;
  /** Quiet time before a change is handled (default 10 ms). */
  readonly debounceMs?: number;
  /**
   * The `--config` file, if one was given: its edits are rendered too, as
   * are those of the project's `orm.yml` (`.yaml`, `.properties`) without it.
   */
  readonly configFile?: string;
}

/**
 * The files with the OpenAPI page's browser assets, when the page is one of
 * them; `assets` are the loaded assets (read from their package unless given).
 */
export async function withPageAssets(
  files: ReadonlyMap<string, string>,
  assets?: () => Promise<ReadonlyMap<string, Uint8Array>>,
): Promise<Map<string, string | Uint8Array>> {
  const all = new Map<string, string | Uint8Array>(files);
  if (files.has("openapi.html")) {
    for (const [path, bytes] of await pageAssetFiles(assets)) {
      all.set(path, bytes);
    }
  }
  return all;
}

/**
 * Writes `next` over `dir`, which holds `previous`: only the files whose
 * content differs, and removes those `next` no longer has.
 */
export async function writeChanges(
  dir: string,
  previous: TreeFiles,
  next: TreeFiles,
): Promise<TreeChanges> {
  const changes = treeChanges(previous, next);
  const written = new Map<string, string | Uint8Array>();
  for (const path of changes.written) written.set(path, next.get(path)!);
  await writeTree(dir, written, changes.removed);
  return changes;
}

/**
 * Generates into `out`, then regenerates on every change of the project's
 * sources until `signal` aborts. Returns the exit status: 0 (stopped), or
 * what an error of the first render gives (thrown).
 */
export async function watchGenerate(
  options: WatchGenerateOptions,
): Promise<number> {
  const { out, render, signal } = options;
  const log = options.log ?? console.log;
  let session: WatchSession | undefined;
  // The page's assets are read once: the same bytes every time.
  let assets: Promise<ReadonlyMap<string, Uint8Array>> | undefined;
  const pageAssets = () => assets ??= loadOpenApiPageAssets();
  const generate = async () => {
    const files = await render(modelOf);
    return files === undefined
      ? undefined
      : await withPageAssets(files, pageAssets);
  };
  // A controller of the last model: the file a rehearsed edit touches.
  let controller: string | undefined;
  const modelOf: ModelSource = async (project, modelOptions) => {
    session ??= await WatchSession.open(project);
    const result = await loadedModel(session.loaded, {
      ...modelOptions,
      analyze: session.analyze,
      typeCheck: session.typeCheck(modelOptions.typeCheck),
    });
    const file = result.ok ? result.model.services[0]?.source.file : undefined;
    controller = file === undefined
      ? undefined
      : `${session.loaded.root}/${file}`;
    return result;
  };
  let current: TreeFiles | undefined;
  try {
    const first = await generate();
    if (first !== undefined) {
      log(writtenLine(out, first.size, await updateTree(out, first)));
      current = first;
    }
    if (session === undefined) return 1;
    // Ready for the first edit before saying so: the import graph read, and
    // an edit of a controller rehearsed (the same text saved again), which
    // writes nothing unless the project changed meanwhile.
    session.prepare();
    if (current !== undefined && rehearse(session, controller)) {
      const next = await generate();
      if (next !== undefined) {
        const changes = await writeChanges(out, current, next);
        current = next;
        if (changes.written.length + changes.removed.length > 0) {
          log(writtenLine(out, next.size, changes));
        }
      }
    }
    log(`watching ${session.loaded.root} for changes (Ctrl-C stops)`);
    const alsoFiles = await configFiles(
      session.loaded.root,
      options.configFile,
    );
    await session.watch(async () => {
      const next = await generate();
      if (next === undefined) {
        if (current !== undefined) log(`${out} keeps the last good output`);
        options.onChange?.(undefined);
        return;
      }
      const changes = current === undefined
        ? await updateTree(out, next) ??
          { written: [...next.keys()].sort(), removed: [] }
        : await writeChanges(out, current, next);
      current = next;
      log(writtenLine(out, next.size, changes));
      options.onChange?.(changes);
    }, {
      signal,
      alsoFiles,
      ...(options.debounceMs === undefined
        ? {}
        : { debounceMs: options.debounceMs }),
    });
    return 0;
  } finally {
    session?.close();
  }
}

/** {@link WatchSession.rehearse} of `file`, when there is one. */
function rehearse(session: WatchSession, file: string | undefined): boolean {
  return file !== undefined && session.rehearse(file);
}

/**
 * The files `loadConfig` reads (from the working directory), absolute, in
 * their folder with its symbolic links resolved: as the watcher reports
 * them.
 */
async function configFiles(root: string, file?: string): Promise<string[]> {
  return await Promise.all(
    configFileCandidates(root, file).map(async (candidate) => {
      const path = resolve(candidate);
      let dir = dirname(path);
      try {
        dir = await Deno.realPath(dir);
      } catch {
        // no such folder: nothing there to watch, the path as given
      }
      return join(dir, basename(path)).replaceAll("\\", "/");
    }),
  );
}
