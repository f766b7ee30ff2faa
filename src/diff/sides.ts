/**
 * The two sides of `tailor diff`, read from what the user names: a project
 * directory (analyzed, its configuration read), a `model.json`, the URL
 * of one or of a Tailor server (which serves its model), or the project at a git revision (its tree extracted with
 * `git archive` into a temporary directory beside the repository, removed
 * afterwards: the repository and its work tree are never touched).
 *
 * @module
 */

import { dirname, join, relative, resolve } from "node:path";
import { loadConfig } from "../config/config.ts";
import type { Diagnostic } from "../model/diagnostic.ts";
import { parseApiModel } from "../model/parse_api_model.ts";
import {
  NULL_RENDER_MODES,
  type NullRenderMode,
} from "../emit/ts/null_mode.ts";
import { withUriPrefix } from "../model/uri_prefix.ts";
import { MODEL_PATH, NULL_MODE_HEADER } from "../server/model_path.ts";
import type { DiffSide } from "./diff_models.ts";
import { preloadCompiler } from "../analyze/compiler_code_cache.ts";

/** A side that cannot be read; one line, exit 2. */
export class DiffSideError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DiffSideError";
  }
}

/** A side read, or the diagnostics of a project that does not analyze. */
export type LoadedSide =
  | {
    readonly ok: true;
    readonly side: DiffSide;
    /** The project directory the model's source paths are relative to. */
    readonly project?: string;
  }
  | {
    readonly ok: false;
    readonly project: string;
    readonly diagnostics: readonly Diagnostic[];
  };

/** The largest served model read: 64 MiB. */
const MAX_MODEL_BYTES = 64 * 1024 * 1024;

/** Reads a side named on the command line. */
export async function loadSide(spec: string): Promise<LoadedSide> {
  if (/^https?:\/\//i.test(spec)) {
    return { ok: true, side: await fetchSide(spec) };
  }
  const info = await Deno.stat(spec).catch(() => undefined);
  if (info === undefined) {
    throw new DiffSideError(
      `${spec} does not exist: give a project directory, a model.json, a URL or --base REV`,
    );
  }
  if (info.isFile) return { ok: true, side: { model: await readModel(spec) } };
  return await loadProject(spec);
}

/** The project `dir` as it is at the git revision `revision`. */
export async function loadRevision(
  dir: string,
  revision: string,
): Promise<LoadedSide> {
  const top = (await git(dir, ["rev-parse", "--show-toplevel"])).trim();
  const commit = (await git(dir, [
    "rev-parse",
    "--verify",
    "--quiet",
    `${revision}^{commit}`,
  ]).catch(() => "")).trim();
  if (commit === "") {
    throw new DiffSideError(`--base ${revision} is no commit of ${top}`);
  }
  const inside = relative(top, resolve(dir)) || ".";
  // Beside the repository, at its depth: paths that leave the tree (a
  // deno.json's "links": ["../tailor"]) still reach what they reach there.
  const temp = await Deno.makeTempDir({
    dir: dirname(top),
    prefix: ".tailor-diff-",
  }).catch(() => Deno.makeTempDir({ prefix: "tailor-diff-" }));
  try {
    await extract(top, commit, inside, temp);
    const project = join(temp, inside);
    if (!(await Deno.stat(project).catch(() => undefined))?.isDirectory) {
      throw new DiffSideError(`${inside} does not exist at ${revision}`);
    }
    const loaded = await loadProject(project);
    return loaded.ok
      ? { ok: true, side: loaded.side }
      : { ...loaded, project: dir };
  } finally {
    await Deno.remove(temp, { recursive: true });
  }
}

async function loadProject(dir: string): Promise<LoadedSide> {
  const compiler = await preloadCompiler();
  const { projectModel } = await import("../pipeline.ts");
  const result = await projectModel(dir, { typeCheck: false });
  compiler?.keep();
  if (!result.ok) {
    if ("diagnostics" in result) {
      return { ok: false, project: dir, diagnostics: result.diagnostics };
    }
    throw new DiffSideError(`${dir}: unknown groups`);
  }
  const config = await loadConfig(dir);
  // As generate writes model.json and the server serves it.
  const model = withUriPrefix(result.model, config.uriPrefix);
  return {
    ok: true,
    side: config.tsNullRenderMode === undefined
      ? { model }
      : { model, nullMode: config.tsNullRenderMode },
    project: dir,
  };
}

async function readModel(file: string): Promise<DiffSide["model"]> {
  try {
    return parseApiModel(await Deno.readTextFile(file));
  } catch (error) {
    throw new DiffSideError(`${file}: ${modelErrorText(error)}`);
  }
}

/** One line: a JSON parser's message may quote the text around the error. */
function modelErrorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n")[0]!;
}

/**
 * Where the model of the side named `spec` is: the URL itself when its
 * path ends in `.json` (a `model.json` served anywhere), else the model a
 * Tailor server serves below it (`http://host:port` ->
 * `http://host:port/__tailor/model.json`).
 */
export function modelUrl(spec: string): string {
  const url = new URL(spec);
  if (!url.pathname.endsWith(".json")) {
    url.pathname = url.pathname.replace(/\/+$/, "") + MODEL_PATH;
  }
  return url.href;
}

/** The side served at `spec`, with the null mode its server names. */
async function fetchSide(spec: string): Promise<DiffSide> {
  let target: string;
  try {
    target = modelUrl(spec);
  } catch {
    throw new DiffSideError(`${spec} is not a URL`);
  }
  const { model, nullMode } = await fetchModel(target);
  return nullMode === undefined ? { model } : { model, nullMode };
}

/** The model served at `target` and the null mode its answer names. */
async function fetchModel(
  target: string,
): Promise<{ model: DiffSide["model"]; nullMode?: NullRenderMode }> {
  let response: Response;
  try {
    response = await fetch(target, { signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new DiffSideError(
      `${target}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new DiffSideError(`${target} answered ${response.status}`);
  }
  const length = Number(response.headers.get("content-length") ?? 0);
  if (length > MAX_MODEL_BYTES) {
    await response.body?.cancel();
    throw new DiffSideError(`${target} is over ${MAX_MODEL_BYTES} bytes`);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_MODEL_BYTES) {
    throw new DiffSideError(`${target} is over ${MAX_MODEL_BYTES} bytes`);
  }
  const mode = response.headers.get(NULL_MODE_HEADER);
  if (
    mode !== null && !(NULL_RENDER_MODES as readonly string[]).includes(mode)
  ) {
    throw new DiffSideError(
      `${target}: ${NULL_MODE_HEADER} is ${mode}, not one of ${
        NULL_RENDER_MODES.join(", ")
      }`,
    );
  }
  try {
    const model = parseApiModel(new TextDecoder().decode(bytes));
    return mode === null
      ? { model }
      : { model, nullMode: mode as NullRenderMode };
  } catch (error) {
    throw new DiffSideError(`${target}: ${modelErrorText(error)}`);
  }
}

async function git(dir: string, args: readonly string[]): Promise<string> {
  const output = await new Deno.Command("git", {
    args: ["-C", dir, ...args],
    stdout: "piped",
    stderr: "piped",
  }).output().catch((error: Error) => {
    throw new DiffSideError(`git could not run: ${error.message}`);
  });
  if (!output.success) {
    const reason =
      new TextDecoder().decode(output.stderr).trim().split("\n")[0];
    throw new DiffSideError(`git ${args[0]} in ${dir}: ${reason}`);
  }
  return new TextDecoder().decode(output.stdout);
}

/** `git archive` of `path` at `commit`, unpacked by tar into `into`. */
async function extract(
  top: string,
  commit: string,
  path: string,
  into: string,
): Promise<void> {
  // The whole tree: a project may import files beside its directory.
  const archive = new Deno.Command("git", {
    args: ["-C", top, "archive", "--format=tar", commit],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const tar = new Deno.Command("tar", {
    args: ["-x", "-C", into],
    stdin: "piped",
    stderr: "piped",
  }).spawn();
  const [, archived, unpacked, archiveErrors, tarErrors] = await Promise.all([
    archive.stdout.pipeTo(tar.stdin),
    archive.status,
    tar.status,
    new Response(archive.stderr).text(),
    new Response(tar.stderr).text(),
  ]);
  if (!archived.success || !unpacked.success) {
    const reason = archived.success ? tarErrors : archiveErrors;
    throw new DiffSideError(
      `could not extract ${path} at ${commit.slice(0, 12)}: ${
        reason.trim().split("\n")[0]
      }`,
    );
  }
}
