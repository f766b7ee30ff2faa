/**
 * The generation pipeline shared by the CLI, the golden tests and the server:
 * project source -> ApiModel (-> group selection), type-checked beside the
 * analysis. `render_artifacts.ts` turns the model into files.
 *
 * @module
 */

import {
  type AnalysisResult,
  type AnalysisScope,
  analyzeLoaded,
} from "./analyze/analyze.ts";
import { CODES } from "./analyze/codes.ts";
import { forGeneration } from "./analyze/empty_api.ts";
import { type LoadedProject, loadSources } from "./analyze/project.ts";
import { findSources, type ProjectSources } from "./analyze/sources.ts";
import type { ApiModel } from "./model/api_model.ts";
import type { Diagnostic } from "./model/diagnostic.ts";
import { selectGroups } from "./model/select_groups.ts";
import { startTypeCheck } from "./typecheck/type_check.ts";

/** What analyzing (and selecting groups of) a project gives. */
export type ModelResult =
  | {
    readonly ok: true;
    readonly model: ApiModel;
    readonly warnings: readonly Diagnostic[];
  }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] }
  | {
    readonly ok: false;
    readonly unknownGroups: readonly string[];
    readonly knownGroups: readonly string[];
  };

/**
 * How a loaded project is analyzed in a scope: `analyzeLoaded`, or watch
 * mode's incremental analyzers.
 */
export type Analyze = (
  loaded: LoadedProject,
  scope: AnalysisScope,
) => AnalysisResult;

/** Options of {@link projectModel}. */
export interface ProjectModelOptions {
  /** Only the operations of these groups (none: all). */
  readonly groups?: readonly string[];
  /**
   * Also type-check the project (default true: `tsgo`, or `deno check`), so that a
   * method returning another shape than its `FetchBy` promises gives no
   * client. Runs beside the analysis.
   */
  readonly typeCheck?: TypeCheckOption;
  /** How to analyze (default: the whole project, {@link analyzeLoaded}). */
  readonly analyze?: Analyze;
  /**
   * Called with the model (groups selected) as soon as the analysis gives
   * one, while the type check may still run: the CLI renders meanwhile.
   * The result then says whether the check passed; its model is this one.
   */
  readonly whileChecking?: (model: ApiModel) => void;
  /**
   * The project's sources, when the caller found them already (the CLI
   * does, to start the type check before it loads the analysis).
   */
  readonly sources?: ProjectSources;
}

/**
 * Analyzes a project (and type-checks it), then keeps the operations of the
 * selected groups.
 */
export async function projectModel(
  projectDir: string,
  options: ProjectModelOptions = {},
): Promise<ModelResult> {
  const { loaded, typeCheck } = await loadBesideCheck(
    projectDir,
    options.typeCheck,
    options.sources,
  );
  // Returned, not awaited: this frame lets go of the project (see loadedModel).
  return loadedModel(loaded, { ...options, typeCheck });
}

/**
 * Loads a project with its type check (unless `typeCheck` says otherwise)
 * started from the file list first, so that the checker runs beside the
 * parse as well as the analysis; the check is handed on as the checker.
 */
async function loadBesideCheck(
  projectDir: string,
  typeCheck: TypeCheckOption = true,
  found?: ProjectSources,
): Promise<{ loaded: LoadedProject; typeCheck: TypeCheckOption }> {
  const sources = found ?? await findSources(projectDir);
  if (typeCheck !== true) {
    return { loaded: await loadSources(sources), typeCheck };
  }
  const { diagnostics } = await startTypeCheck(sources.root, sources.files);
  // Observed here too: a failed load must not leave it unhandled.
  diagnostics.catch(() => {});
  return { loaded: await loadSources(sources), typeCheck: () => diagnostics };
}

/**
 * Type errors of a loaded project: `deno check` of its files, none when
 * `typeCheck` is false, or what a given checker says (watch mode reuses its
 * last answer when an edit changed only comments).
 */
export type TypeCheckOption =
  | boolean
  | ((loaded: LoadedProject) => Promise<readonly Diagnostic[]>);

/**
 * Starts the type check of a loaded project; resolves once the checker runs
 * (in its own process), so that the analysis overlaps it.
 */
async function startChecking(
  loaded: LoadedProject,
  typeCheck: TypeCheckOption = true,
): Promise<{ readonly diagnostics: Promise<readonly Diagnostic[]> }> {
  if (typeof typeCheck === "function") {
    return { diagnostics: typeCheck(loaded) };
  }
  if (!typeCheck) return { diagnostics: Promise.resolve([]) };
  return await startTypeCheck(loaded.root, loaded.files);
}

/**
 * {@link projectModel} of an already loaded (or refreshed) project. This is
 * generation (`generate`, `check`): an empty API from a project that
 * declares controllers is an error here (see `forGeneration`), while the
 * server's {@link loadedServerModels} keeps the warning.
 */
export async function loadedModel(
  loaded: LoadedProject,
  options: ProjectModelOptions = {},
): Promise<ModelResult> {
  const { groups = [], analyze = analyzeLoaded } = options;
  const checking = await startChecking(loaded, options.typeCheck);
  // An empty API from a project that declares controllers is an error here.
  const analysis = forGeneration(loaded, analyze(loaded, "client"));
  // Not awaited here: no suspended frame keeps the parsed project (hundreds
  // of MB at 4,000 endpoints) while the check runs and the CLI renders.
  return withTypeErrors(
    analysis,
    groups,
    checking.diagnostics,
    options.whileChecking,
  );
}

/** The analysis' result once the type check answered. */
async function withTypeErrors(
  analysis: AnalysisResult,
  groups: readonly string[],
  checked: Promise<readonly Diagnostic[]>,
  whileChecking: ProjectModelOptions["whileChecking"],
): Promise<ModelResult> {
  const selected = analysis.ok ? withGroups(analysis, groups) : undefined;
  if (selected?.ok) whileChecking?.(selected.model);
  const typeErrors = unlessSyntaxErrors(analysis, await checked);
  if (!analysis.ok || typeErrors.length > 0) {
    const diagnostics = [
      ...(analysis.ok ? [] : analysis.diagnostics),
      ...typeErrors,
    ];
    return { ok: false, diagnostics };
  }
  return selected!;
}

/** A good analysis with only the operations of `groups` (none: all). */
function withGroups(
  analysis: Extract<AnalysisResult, { ok: true }>,
  groups: readonly string[],
): ModelResult {
  if (groups.length === 0) return analysis;
  const selection = selectGroups(analysis.model, [...groups]);
  if (selection.unknownGroups.length > 0) {
    return {
      ok: false,
      unknownGroups: selection.unknownGroups,
      knownGroups: analysis.model.groups,
    };
  }
  return { ok: true, model: selection.model, warnings: analysis.warnings };
}

/** The two models a server needs, from one load of the project. */
export type ServerModels =
  | {
    readonly ok: true;
    /** What clients see: the artifacts are rendered from it. */
    readonly client: ApiModel;
    /** Every route, hidden ones and injected parameters included. */
    readonly server: ApiModel;
    readonly warnings: readonly Diagnostic[];
  }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/**
 * Analyzes a project for a server: the client model and the server-scope
 * model (the route table), type-checked like {@link projectModel}.
 */
export async function serverModels(
  projectDir: string,
  options: { readonly typeCheck?: boolean } = {},
): Promise<ServerModels> {
  const { loaded, typeCheck } = await loadBesideCheck(
    projectDir,
    options.typeCheck,
  );
  return await loadedServerModels(loaded, { typeCheck });
}

/** {@link serverModels} of an already loaded (or refreshed) project. */
export async function loadedServerModels(
  loaded: LoadedProject,
  options: {
    readonly typeCheck?: TypeCheckOption;
    readonly analyze?: Analyze;
    /**
     * Given the models of a clean analysis before the type check answers
     * (`tailor dev` starts the new code meanwhile); the check still decides.
     */
    readonly whileChecking?: (client: ApiModel, server: ApiModel) => void;
  } = {},
): Promise<ServerModels> {
  const { analyze = analyzeLoaded } = options;
  const checking = await startChecking(loaded, options.typeCheck);
  const client = analyze(loaded, "client");
  const server = client.ok ? analyze(loaded, "server") : client;
  if (client.ok && server.ok) {
    options.whileChecking?.(client.model, server.model);
  }
  const typeErrors = unlessSyntaxErrors(
    client,
    await checking.diagnostics,
  );
  if (!client.ok || !server.ok || typeErrors.length > 0) {
    return {
      ok: false,
      diagnostics: [
        ...(client.ok ? [] : client.diagnostics),
        ...(client.ok && !server.ok ? server.diagnostics : []),
        ...typeErrors,
      ],
    };
  }
  return {
    ok: true,
    client: client.model,
    server: server.model,
    warnings: client.warnings,
  };
}

/**
 * The type checker's errors, unless the analysis found a syntax error
 * (TAILOR017): `deno check` reports the same error again, less precisely.
 */
function unlessSyntaxErrors(
  analysis: {
    readonly ok: boolean;
    readonly diagnostics?: readonly Diagnostic[];
  },
  typeErrors: readonly Diagnostic[],
): readonly Diagnostic[] {
  const syntax = analysis.diagnostics?.some((d) =>
    d.code === CODES.SYNTAX_ERROR
  );
  return syntax ? [] : typeErrors;
}
