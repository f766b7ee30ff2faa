/**
 * A server project's root and source files, found without parsing them (and
 * without loading TypeScript's compiler: the CLI starts the type check from
 * this list before it loads the analysis).
 *
 * @module
 */

import { isAbsolute, resolve } from "node:path";

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
