/**
 * Loading a server project into one {@link SourceProject}: compiler options
 * from its `tsconfig.json` or `deno.json`, module resolution as Deno does
 * it for the project (deno_resolution.ts), and its source files.
 *
 * @module
 */

import { join } from "node:path";
import { ts } from "./compiler.ts";
import { DenoResolver } from "./deno_resolution.ts";
import { SourceProject } from "./source_project.ts";
import { findSources, type ProjectSources } from "./sources.ts";
import { markPhase } from "../timings.ts";

/** A loaded project: its sources, parsed. */
export interface LoadedProject extends ProjectSources {
  readonly project: SourceProject;
  /** How Deno resolves the project's imports (its `deno.json` files). */
  readonly resolver: DenoResolver;
}

/** Creates the Project for `root`; `files` (relative to root) overrides discovery. */
export async function loadProject(
  rootPath: string,
  files?: readonly string[],
): Promise<LoadedProject> {
  return await loadSources(await findSources(rootPath, files));
}

/** Parses found sources into one project. */
export async function loadSources(
  sources: ProjectSources,
): Promise<LoadedProject> {
  const { root, files } = sources;
  const resolver = new DenoResolver(root);
  const project = new SourceProject(
    root,
    await readCompilerOptions(root, resolver),
    resolver,
  );
  project.load(files);
  markPhase("parsed");
  return { root, project, files, resolver };
}

/**
 * Compiler options of the project, adjusted for analysis of Deno-style
 * sources: those of the root's `tsconfig.json`, else of its `deno.json`
 * (already read by `resolver`).
 */
async function readCompilerOptions(
  root: string,
  resolver: DenoResolver,
): Promise<ts.CompilerOptions> {
  let options: unknown;
  const tsconfig = await readTextIfExists(join(root, "tsconfig.json"));
  if (tsconfig !== undefined) {
    const parsed = ts.parseConfigFileTextToJson("tsconfig.json", tsconfig);
    options = (parsed.config as { compilerOptions?: unknown } | undefined)
      ?.compilerOptions;
  } else if (resolver.project[0]?.dir === root) {
    options = resolver.project[0].compilerOptions;
  }
  let raw: Record<string, unknown> = {};
  if (options !== null && typeof options === "object") raw = { ...options };
  // Deno's own libraries are unknown to TypeScript.
  if (Array.isArray(raw.lib)) {
    raw.lib = raw.lib.filter((lib) =>
      typeof lib === "string" && !lib.startsWith("deno")
    );
    if ((raw.lib as unknown[]).length === 0) delete raw.lib;
  }
  const converted = ts.convertCompilerOptionsFromJson(raw, root).options;
  return {
    strict: true,
    ...converted,
    target: ts.ScriptTarget.ESNext,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    experimentalDecorators: false,
    noEmit: true,
    skipLibCheck: true,
    lib: converted.lib ?? ["lib.esnext.d.ts"],
  };
}

async function readTextIfExists(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}
