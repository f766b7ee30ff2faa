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
    ? discoverSources(root)
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
 * The directories and the files' heads are read synchronously: three
 * asynchronous calls per file cost 10-100 ms at 160 files, each a round
 * trip through the event loop, against 1 ms.
 */
export function discoverSources(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    const entries = [...Deno.readDirSync(dir)];
    if (entries.some((entry) => entry.name === MARKER_FILE)) return;
    for (const entry of entries) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) {
        if (entry.name.startsWith(".")) continue;
        if (SKIPPED_DIRECTORIES.has(entry.name)) continue;
        walk(path);
      } else if (
        entry.isFile && isSource(entry.name) && !isGeneratedFile(path)
      ) {
        found.push(path);
      }
    }
  };
  walk(root);
  return found.sort();
}

/** Whether the file at `path` begins with Tailor's generated header. */
export function isGeneratedFile(path: string): boolean {
  let file: Deno.FsFile;
  try {
    file = Deno.openSync(path);
  } catch {
    return false;
  }
  try {
    const head = new Uint8Array(HEADER_BYTES);
    let filled = 0;
    while (filled < head.length) {
      const read = file.readSync(head.subarray(filled));
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
