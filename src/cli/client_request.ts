/**
 * What `tailor generate` and `tailor check` share: reading their request
 * (project, target, groups, configuration), starting the type check before
 * the analysis loads, and the rendered files of the project's model, with
 * diagnostics printed (paths relative to the working directory) when there
 * is none.
 *
 * The analysis (`../pipeline.ts`) is imported when a command needs it,
 * after the type check has started: its modules load TypeScript's compiler,
 * 0.2-0.3 s that the check can use. `cli_test.ts` checks that no static
 * import loads it.
 *
 * @module
 */

import { basename, join, resolve } from "node:path";
import { loadConfig } from "../config/config.ts";
import {
  IMPORT_EXTENSIONS,
  type ImportExtension,
} from "../emit/ts/import_extension.ts";
import { findSources } from "../analyze/sources.ts";
import { readCompiler, runCompiler } from "../analyze/compiler_code_cache.ts";
import { withUriPrefix } from "../model/uri_prefix.ts";
import type { ApiModel } from "../model/api_model.ts";
import { type Diagnostic, formatDiagnostic } from "../model/diagnostic.ts";
import type { ModelSource } from "../watch/watch_generate.ts";
import { filesOfTarget, type RenderRequest } from "../render/generated_tree.ts";
import type { TypeCheckOption } from "../pipeline.ts";
import { renderArtifacts } from "../render/render_artifacts.ts";
import { parseGroups } from "../model/select_groups.ts";
import { startTypeCheck } from "../typecheck/type_check.ts";
import {
  formatTimings,
  markPhase,
  startTimings,
  stopTimings,
} from "../timings.ts";
import type { RenderArtifacts } from "../render/artifact_renderer.ts";
import { type OptionSpec, type ParsedArgs, UsageError } from "./command.ts";
import { displayPath } from "./paths.ts";
import { stderrStyle } from "./style.ts";

/** What `--target` selects from the artifact tree. */
export const TARGETS = ["all", "ts", "java", "openapi"] as const;
type Target = typeof TARGETS[number];

/** The options `generate` and `check` both take. */
export const CLIENT_OPTIONS: readonly OptionSpec[] = [
  {
    name: "project",
    value: "DIR",
    default: ".",
    description: "the server project to read",
  },
  {
    name: "target",
    value: "KIND",
    default: "all",
    description: `what to write: ${TARGETS.join(", ")}`,
  },
  {
    name: "groups",
    value: "A,B",
    multiple: true,
    description: "keep only the operations of these groups",
  },
  {
    name: "config",
    value: "FILE",
    default: "the project's orm.yml or orm.properties",
    description: "the configuration file",
  },
  {
    name: "import-extension",
    value: "EXT",
    default: "orm.client.ts.import-extension, else ts",
    description:
      "how imports between generated TypeScript files end: ts (Deno), js (NodeNext), none (bundlers)",
  },
  {
    name: "skip-type-check",
    description:
      "do not type-check the project (a method returning another shape than its FetchBy then goes unnoticed)",
  },
  {
    name: "timings",
    description: "print when each phase of the run ended",
  },
];

/** What a generate or check command asks for, its arguments read. */
export interface ClientRequest extends RenderRequest {
  readonly project: string;
  readonly groups: readonly string[];
  readonly typeCheck: boolean;
}

/** The request of `generate` or `check` arguments; throws {@link UsageError}. */
export async function clientRequest(
  { values }: ParsedArgs,
): Promise<ClientRequest> {
  const project = typeof values.project === "string" ? values.project : ".";
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
export async function checkedModelSource(
  request: ClientRequest,
): Promise<ModelSource> {
  // Read while the sources are found; run once the check runs.
  const compilerFiles = readCompiler();
  const sources = await findSources(request.project);
  markPhase("sources found");
  let typeCheck: TypeCheckOption = false;
  if (request.typeCheck) {
    const { diagnostics } = await startTypeCheck(sources.root, sources.files);
    markPhase("type check started");
    diagnostics.catch(() => {}); // observed by the model source
    typeCheck = () => diagnostics;
  }
  const preloaded = runCompiler(await compilerFiles);
  const { projectModel } = await import("../pipeline.ts");
  markPhase("analysis loaded");
  return (project, options) =>
    projectModel(project, { ...options, typeCheck, sources }).finally(() =>
      preloaded?.keep()
    );
}

/**
 * A diagnostic as the user reads it: its file relative to the working
 * directory, its severity coloured on a terminal.
 */
export function diagnosticLine(
  project: string,
  diagnostic: Diagnostic,
): string {
  const style = stderrStyle();
  const text = formatDiagnostic({
    ...diagnostic,
    file: displayPath(join(project, diagnostic.file)),
  });
  return text.replace(
    / - (error|warning) /,
    (_, severity: string) =>
      ` - ${
        severity === "error" ? style.error(severity) : style.warning(severity)
      } `,
  );
}

/**
 * The request's model, `whileChecking` given it before the type check
 * answers; undefined after printing why there is none. Warnings are
 * printed.
 */
export async function modelOfRequest(
  request: ClientRequest,
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
      for (const d of result.diagnostics) {
        console.error(diagnosticLine(request.project, d));
      }
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
    console.error(diagnosticLine(request.project, warning));
  }
  return result.model;
}

/**
 * The files `generate` would write for the request, or undefined after
 * printing why there are none.
 */
export async function requestedFiles(
  request: ClientRequest,
  modelSource?: ModelSource,
  render: RenderArtifacts = renderArtifacts,
): Promise<Map<string, string> | undefined> {
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

/**
 * Runs a client command, timing its phases when `--timings` asks for it
 * (one run only: not with `--watch`).
 */
export async function withTimings(
  { values }: ParsedArgs,
  run: () => Promise<number>,
): Promise<number> {
  if (values.timings !== true) return await run();
  if (values.watch === true) {
    throw new UsageError("--timings times one run: leave out --watch");
  }
  startTimings();
  try {
    return await run();
  } finally {
    console.error(formatTimings(stopTimings()));
  }
}
