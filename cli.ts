/**
 * Tailor's command line.
 *
 * ```
 * deno run -A cli.ts generate --project DIR --out DIR [--target all|ts|java|openapi] [--groups a,b] [--config FILE] [--import-extension ts|js|none] [--skip-type-check] [--force] [--watch] [--timings]
 * deno run -A cli.ts check    --project DIR --against DIR [--target ...] [--groups a,b] [--config FILE] [--skip-type-check] [--timings]
 * ```
 *
 * @module
 */

import { OPENAPI_ASSETS_DIR } from "./src/emitters.ts";
import { parseArgs } from "node:util";
import { basename, resolve } from "node:path";
import { ConfigError, loadConfig } from "./src/config/config.ts";
import {
  IMPORT_EXTENSIONS,
  type ImportExtension,
} from "./src/emit/ts/import_extension.ts";
import { findSources, ProjectError } from "./src/analyze/sources.ts";
import { readTree } from "./src/fs/tree.ts";
import { MARKER_FILE, OutputError } from "./src/fs/output_guard.ts";
import { withUriPrefix } from "./src/model/uri_prefix.ts";
import type { ApiModel } from "./src/model/api_model.ts";
import { formatDiagnostic } from "./src/model/diagnostic.ts";
import { compareTrees } from "./src/fs/tree_diff.ts";
import { interruptSignal } from "./src/watch/interrupt.ts";
import type { ModelSource } from "./src/watch/watch_generate.ts";
import {
  filesOfTarget,
  type RenderRequest,
  type StagedTree,
  stageTree,
} from "./src/generated_tree.ts";
import { ParallelRenderer } from "./src/parallel_render.ts";
import type { TypeCheckOption } from "./src/pipeline.ts";
import { renderArtifacts } from "./src/render_artifacts.ts";
import { parseGroups } from "./src/model/select_groups.ts";
import { startTypeCheck } from "./src/typecheck/type_check.ts";
import {
  formatTimings,
  markPhase,
  startTimings,
  stopTimings,
} from "./src/timings.ts";
import {
  incrementalRenderer,
  type RenderArtifacts,
} from "./src/artifact_renderer.ts";

// The analysis (./src/pipeline.ts, ./src/watch/watch_generate.ts) is
// imported when a command needs it, after the type check has started: its
// modules load TypeScript's compiler, 0.2-0.3 s that the check can use.
// cli_test.ts checks that no static import loads it.

/** What `--target` selects from the artifact tree. */
const TARGETS = ["all", "ts", "java", "openapi"] as const;
type Target = typeof TARGETS[number];

const USAGE = `Usage:
  cli.ts generate --project DIR --out DIR [--target all|ts|java|openapi]
                  [--groups a,b] [--config FILE] [--skip-type-check]
                  [--import-extension ts|js|none] [--force] [--watch]
                  [--timings]
  cli.ts check --project DIR --against DIR [--target all|ts|java|openapi]
               [--groups a,b] [--config FILE] [--skip-type-check]
               [--import-extension ts|js|none] [--timings]

generate  writes the client files for the project into --out, replacing it whole
          (target all: ts/, java/, openapi.yml, openapi.html, model.json; ts or
          java: that client at the root of --out; openapi: the document and
          page). --out must be new, empty or written by Tailor before (it
          holds .tailor-generated); never the project, the working or home
          directory, or one holding them. --force replaces a non-empty
          directory Tailor did not write.
check     exits 1 and lists the files of --against that differ from what
          generate would write (a drift check for CI).

Both type-check the project beside the analysis (tsgo, or deno check when the
project needs Deno's resolution): a method returning another shape than its
FetchBy promises gives no client.
--skip-type-check leaves that to the caller.

generate --watch keeps running: after each change of the project's .ts files
or configuration file it rewrites only the files whose content changed; while
an edit has errors it prints them and leaves --out as it was. Ctrl-C stops it.

--import-extension sets how imports between the generated TypeScript files
end (default: orm.client.ts.import-extension, else ts): ts for Deno, js for
NodeNext, none for bundlers (Vite, Next.js, Angular, webpack).

--timings prints, after the run, when each phase ended (finding the sources,
starting the type check, parsing, the program, the checker, the analysis,
rendering, the check's answer as this process saw it, the commit).`;

/** Thrown for wrong command-line use; printed with the usage text. */
class UsageError extends Error {}

/** What a generate or check command asks for, its arguments read. */
interface Request extends RenderRequest {
  readonly project: string;
  readonly groups: readonly string[];
  readonly typeCheck: boolean;
}

async function requestOf(
  values: Record<string, string | string[] | boolean | undefined>,
): Promise<Request> {
  const project = values.project;
  if (typeof project !== "string") {
    throw new UsageError("--project is required");
  }
  const target = (values.target ?? "all") as Target;
  if (!TARGETS.includes(target)) {
    throw new UsageError(`--target must be one of ${TARGETS.join(", ")}`);
  }
  const extension = values["import-extension"];
  if (
    extension !== undefined &&
    !IMPORT_EXTENSIONS.includes(extension as ImportExtension)
  ) {
    throw new UsageError(
      `--import-extension must be one of ${IMPORT_EXTENSIONS.join(", ")}`,
    );
  }
  const loaded = await loadConfig(
    project,
    typeof values.config === "string" ? values.config : undefined,
  );
  const config = extension === undefined
    ? loaded
    : { ...loaded, tsImportExtension: extension as ImportExtension };
  return {
    project,
    target,
    config,
    // The project's directory name: the same bytes wherever the command runs.
    sourceName: basename(resolve(project)),
    groups: parseGroups((values.groups ?? []) as string[]),
    typeCheck: values["skip-type-check"] !== true,
  };
}

/**
 * Starts the type check of the request's project (unless it is skipped)
 * and loads the analysis meanwhile; the model source then waits for that
 * check instead of starting one, and reads the sources found for it
 * instead of searching the project again.
 */
async function checkedModelSource(request: Request): Promise<ModelSource> {
  const sources = await findSources(request.project);
  markPhase("sources found");
  let typeCheck: TypeCheckOption = false;
  if (request.typeCheck) {
    const { diagnostics } = await startTypeCheck(sources.root, sources.files);
    markPhase("type check started");
    diagnostics.catch(() => {}); // observed by the model source
    typeCheck = () => diagnostics;
  }
  const { projectModel } = await import("./src/pipeline.ts");
  markPhase("analysis loaded");
  return (project, options) =>
    projectModel(project, { ...options, typeCheck, sources });
}

/**
 * The request's model, `whileChecking` given it before the type check
 * answers; undefined after printing why there is none. Warnings are
 * printed.
 */
async function modelOfRequest(
  request: Request,
  modelOf: ModelSource,
  whileChecking: (model: ApiModel) => void,
): Promise<ApiModel | undefined> {
  const result = await modelOf(request.project, {
    groups: request.groups,
    typeCheck: request.typeCheck,
    whileChecking: (model) => {
      markPhase("analyzed");
      whileChecking(model);
    },
  });
  // When this thread saw the answer: after the analysis if the check ended
  // during it.
  if (request.typeCheck) markPhase("type check answered");
  if (!result.ok) {
    if ("diagnostics" in result) {
      for (const d of result.diagnostics) console.error(formatDiagnostic(d));
      console.error(
        `${result.diagnostics.length} error(s); nothing was written.`,
      );
    } else {
      console.error(
        `unknown group(s): ${result.unknownGroups.join(", ")}; known groups: ${
          result.knownGroups.join(", ") || "(none)"
        }`,
      );
    }
    return undefined;
  }
  for (const warning of result.warnings) {
    console.error(formatDiagnostic(warning));
  }
  return result.model;
}

async function artifacts(
  values: Record<string, string | string[] | boolean | undefined>,
  modelSource?: ModelSource,
  render: RenderArtifacts = renderArtifacts,
): Promise<Map<string, string> | undefined> {
  const request = await requestOf(values);
  const modelOf = modelSource ?? await checkedModelSource(request);
  const { target, config, sourceName } = request;
  const filesOf = (model: ApiModel) => {
    const files = filesOfTarget(
      render(
        withUriPrefix(model, config.uriPrefix),
        config,
        sourceName,
        target,
      ),
      target,
    );
    markPhase("rendered");
    return files;
  };
  // Rendered while the type check runs; kept if the check passes.
  let early: Map<string, string> | undefined;
  const model = await modelOfRequest(
    request,
    modelOf,
    (model) => early = filesOf(model),
  );
  if (model === undefined) return undefined;
  return early ?? filesOf(model);
}

async function generate(
  values: Record<string, string | string[] | boolean | undefined>,
): Promise<number> {
  const out = values.out;
  if (typeof out !== "string") throw new UsageError("--out is required");
  if (values.watch === true) {
    const interrupt = interruptSignal();
    // One incremental renderer for the whole watch: each change re-renders
    // only the files whose part of the model changed.
    const renderFiles = incrementalRenderer();
    const render = (modelOf: ModelSource) =>
      artifacts(values, modelOf, renderFiles);
    const { watchGenerate } = await import("./src/watch/watch_generate.ts");
    return await watchGenerate({
      out,
      render,
      signal: interrupt.signal,
      ...(typeof values.config === "string"
        ? { configFile: values.config }
        : {}),
    }).finally(interrupt.dispose);
  }
  const request = await requestOf(values);
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
    await tree.replacement.commit();
    markPhase("committed");
    console.log(`wrote ${tree.count} files to ${out}`);
    return 0;
  } finally {
    renderer?.close();
  }
}

async function check(
  values: Record<string, string | string[] | boolean | undefined>,
): Promise<number> {
  const against = values.against;
  if (typeof against !== "string") {
    throw new UsageError("--against is required");
  }
  const kind = await Deno.stat(against).then(
    (info) => info.isDirectory ? "dir" : "file",
    () => "absent",
  );
  if (kind === "file") {
    throw new UsageError(
      `--against ${against} is a file: give the generated directory`,
    );
  }
  const files = await artifacts(values);
  if (files === undefined) return 1;
  const existing = new Map(
    [...await readTree(against)].filter(([path]) =>
      !path.startsWith(`${OPENAPI_ASSETS_DIR}/`) && path !== MARKER_FILE
    ),
  );
  const report = compareTrees(existing, files, {
    expected: against,
    actual: "generated",
  });
  markPhase("compared");
  if (report === undefined) {
    console.log(`${against} is up to date`);
    return 0;
  }
  console.error(`${against} is stale:\n${report}`);
  return 1;
}

/** Runs the command line; returns the exit status. */
export async function main(args: readonly string[]): Promise<number> {
  try {
    const { positionals, values } = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        project: { type: "string" },
        out: { type: "string" },
        against: { type: "string" },
        target: { type: "string" },
        groups: { type: "string", multiple: true },
        config: { type: "string" },
        "import-extension": { type: "string" },
        "skip-type-check": { type: "boolean" },
        force: { type: "boolean" },
        watch: { type: "boolean" },
        timings: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    const [command, ...rest] = positionals;
    if (rest.length > 0) throw new UsageError(`unexpected: ${rest.join(" ")}`);
    const run = command === "generate"
      ? generate
      : command === "check"
      ? check
      : undefined;
    if (run === undefined) {
      throw new UsageError(
        command ? `unknown command "${command}"` : "no command",
      );
    }
    if (values.timings !== true) return await run(values);
    if (values.watch === true) {
      throw new UsageError("--timings times one run: leave out --watch");
    }
    startTimings();
    try {
      return await run(values);
    } finally {
      console.error(formatTimings(stopTimings()));
    }
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")
    ) {
      console.error(`${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      console.error(`configuration error: ${error.message}`);
      return 1;
    }
    if (error instanceof OutputError) {
      console.error(`error: ${error.message}`);
      return error.exitCode;
    }
    if (
      error instanceof ProjectError || error instanceof Deno.errors.NotFound
    ) {
      console.error(`error: ${error.message}`);
      return 1;
    }
    // Anything else is still one line, never a stack trace.
    console.error(
      `error: ${(error as Error).message?.split("\n")[0] ?? String(error)}`,
    );
    return 1;
  }
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
