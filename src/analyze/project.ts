/**
 * Loading a server project into one ts-morph `Project`: compiler options
 * from its `tsconfig.json` or `deno.json`, and its source files.
 *
 * @module
 */

import { isAbsolute, join, resolve } from "node:path";
import { Project, ts } from "ts-morph";

/** Directories never searched for sources. */
const SKIPPED_DIRECTORIES = new Set(["node_modules", "__generated"]);

/** A project directory that cannot be read. */
export class ProjectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProjectError";
  }
}

/** A project's root and source files, found without parsing them. */
export interface ProjectSources {
  /** The project root, absolute, symlinks resolved, `/` separators. */
  readonly root: string;
  /** The project's own source files (absolute paths), sorted. */
  readonly files: readonly string[];
}

/** A loaded project: its sources, parsed. */
export interface LoadedProject extends ProjectSources {
  readonly project: Project;
}

/** Creates the Project for `root`; `files` (relative to root) overrides discovery. */
export async function loadProject(
  rootPath: string,
  files?: readonly string[],
): Promise<LoadedProject> {
  return await loadSources(await findSources(rootPath, files));
}

/**
 * The root and source files of the project at `rootPath`: `files`
 * (relative to the root, or absolute), else every source under the root.
 */
export async function findSources(
  rootPath: string,
  files?: readonly string[],
): Promise<ProjectSources> {
  const root = (await projectRoot(rootPath)).replaceAll("\\", "/");
  const sources = files === undefined
    ? await discoverSources(root)
    : files.map((file) =>
      (isAbsolute(file) ? file : resolve(root, file)).replaceAll("\\", "/")
    ).sort();
  return { root, files: sources };
}

/** Parses found sources into one Project. */
export async function loadSources(
  sources: ProjectSources,
): Promise<LoadedProject> {
  const { root, files } = sources;
  const project = new Project({
    compilerOptions: await readCompilerOptions(root),
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
  });
  for (const file of files) project.addSourceFileAtPath(file);
  return { root, project, files };
}

async function projectRoot(path: string): Promise<string> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(path);
  } catch (error) {
    throw new ProjectError(
      `cannot read the project directory ${path}: ${(error as Error).message}`,
    );
  }
  if (!info.isDirectory) {
    throw new ProjectError(`the project ${path} is not a directory`);
  }
  return await Deno.realPath(path);
}

/** Every `.ts`/`.tsx` file under `root` except tests and generated code. */
export async function discoverSources(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for await (const entry of Deno.readDir(dir)) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) {
        if (entry.name.startsWith(".")) continue;
        if (SKIPPED_DIRECTORIES.has(entry.name)) continue;
        await walk(path);
      } else if (entry.isFile && isSource(entry.name)) {
        found.push(path);
      }
    }
  };
  await walk(root);
  return found.sort();
}

/** True for a file name the analysis reads: `.ts`/`.tsx`/`.mts`, no test or `.d.ts`. */
export function isSource(name: string): boolean {
  if (name.endsWith(".d.ts")) return false;
  if (!/\.(ts|tsx|mts)$/.test(name)) return false;
  return !/[._]test\.(ts|tsx|mts)$/.test(name);
}

/** Compiler options of the project, adjusted for analysis of Deno-style sources. */
async function readCompilerOptions(root: string): Promise<ts.CompilerOptions> {
  let raw: Record<string, unknown> = {};
  for (const name of ["tsconfig.json", "deno.json", "deno.jsonc"]) {
    const text = await readTextIfExists(join(root, name));
    if (text === undefined) continue;
    const parsed = ts.parseConfigFileTextToJson(name, text);
    const options = (parsed.config as { compilerOptions?: unknown } | undefined)
      ?.compilerOptions;
    if (options !== null && typeof options === "object") {
      raw = { ...options };
    }
    break;
  }
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
