/**
 * A server project's root and source files, found without parsing them (and
 * without loading TypeScript's compiler: the CLI starts the type check from
 * this list before it loads the analysis).
 *
 * @module
 */

import { dirname, isAbsolute, resolve } from "node:path";
import { GENERATED_HEADER, MARKER_FILE } from "../fs/output_guard.ts";

/** Directories never searched for sources. */
const SKIPPED_DIRECTORIES = new Set(["node_modules", "__generated"]);

/** The bytes read of a file to see whether Tailor generated it. */
const HEADER_BYTES = new TextEncoder().encode(GENERATED_HEADER).length;

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

/**
 * Every `.ts`/`.tsx` file under `root` except tests and Tailor's own output,
 * wherever it was written: a directory holding Tailor's marker file
 * (`.tailor-generated`), or a file starting with its generated header.
 */
export async function discoverSources(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await Array.fromAsync(Deno.readDir(dir));
    if (entries.some((entry) => entry.name === MARKER_FILE)) return;
    for (const entry of entries) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) {
        if (entry.name.startsWith(".")) continue;
        if (SKIPPED_DIRECTORIES.has(entry.name)) continue;
        await walk(path);
      } else if (
        entry.isFile && isSource(entry.name) && !await isGeneratedFile(path)
      ) {
        found.push(path);
      }
    }
  };
  await walk(root);
  return found.sort();
}

/** Whether the file at `path` begins with Tailor's generated header. */
export async function isGeneratedFile(path: string): Promise<boolean> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path);
  } catch {
    return false;
  }
  try {
    const head = new Uint8Array(HEADER_BYTES);
    let filled = 0;
    while (filled < head.length) {
      const read = await file.read(head.subarray(filled));
      if (read === null) break;
      filled += read;
    }
    return new TextDecoder().decode(head.subarray(0, filled)) ===
      GENERATED_HEADER;
  } finally {
    file.close();
  }
}

/**
 * Whether `path` lies in a directory Tailor wrote (one holding its marker
 * file), between `root` and the path; both absolute, `/` separators.
 */
export function isInGeneratedDirectory(root: string, path: string): boolean {
  for (
    let dir = dirname(path);
    dir.startsWith(`${root}/`);
    dir = dirname(dir)
  ) {
    try {
      Deno.statSync(`${dir}/${MARKER_FILE}`);
      return true;
    } catch {
      // Not there: look one level up.
    }
  }
  return false;
}

/** True for a file name the analysis reads: `.ts`/`.tsx`/`.mts`, no test or `.d.ts`. */
export function isSource(name: string): boolean {
  if (name.endsWith(".d.ts")) return false;
  if (!/\.(ts|tsx|mts)$/.test(name)) return false;
  return !/[._]test\.(ts|tsx|mts)$/.test(name);
}
