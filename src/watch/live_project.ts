/**
 * A loaded project kept in step with the file system: the files an edit
 * touched are re-read into the same `SourceProject` (its next program
 * reuses every other file), added files are added and removed ones removed.
 * A refresh also says whether the edit may change what the type checker
 * says: an edit of comments alone cannot.
 *
 * @module
 */

import { ts } from "../analyze/compiler.ts";
import { type LoadedProject, loadProject } from "../analyze/project.ts";
import { discoverSources } from "../analyze/sources.ts";

/** What one refresh changed. */
export interface Refresh {
  /** Source files re-read with other text, added or removed (absolute). */
  readonly changed: readonly string[];
  /** False when only comments changed (and no `@ts-` pragma or `///` directive). */
  readonly codeChanged: boolean;
}

const PRINTER = ts.createPrinter({ removeComments: true });

/** Comments that steer the type checker; an edit touching them is code. */
const CHECKER_COMMENT = /@ts-|\/\/\/\s*</;

/** {@link codeOf} of each parsed file, once: the next edit compares with it. */
const CODE = new WeakMap<ts.SourceFile, string>();

/** The text of a file that the type checker depends on. */
export function codeOf(file: ts.SourceFile): string {
  let code = CODE.get(file);
  if (code === undefined) {
    code = CHECKER_COMMENT.test(file.text)
      ? file.text
      : PRINTER.printFile(file);
    CODE.set(file, code);
  }
  return code;
}

/** A project loaded once and refreshed on each change. */
export class LiveProject {
  #loaded: LoadedProject;

  private constructor(loaded: LoadedProject) {
    this.#loaded = loaded;
  }

  /** Loads the project in `dir` (see `loadProject`). */
  static async load(dir: string): Promise<LiveProject> {
    return new LiveProject(await loadProject(dir));
  }

  /** The project as of the last refresh. */
  get loaded(): LoadedProject {
    return this.#loaded;
  }

  /**
   * Parses the project file at `path` (absolute) again from the same text
   * and compares its code, as a refresh of an edit would: the change a
   * rehearsal of an edit makes (see `WatchSession.rehearse`).
   */
  rehearse(path: string): Refresh {
    const { project } = this.#loaded;
    const code = codeOf(project.sourceFile(path));
    project.reparse(path);
    return {
      changed: [path],
      codeChanged: codeOf(project.sourceFile(path)) !== code,
    };
  }

  /**
   * Re-reads the project's files and imported files among `paths`
   * (absolute), and adds or removes the source files that appeared or
   * disappeared under the root (unless `rediscover` is false: the caller
   * knows only contents changed).
   */
  refresh(
    paths: Iterable<string>,
    { rediscover = true }: { readonly rediscover?: boolean } = {},
  ): Refresh {
    const { root, project, files } = this.#loaded;
    const discovered = rediscover ? discoverSources(root) : files;
    const before = new Set(files);
    const now = new Set(discovered);
    const changed: string[] = [];
    let codeChanged = false;
    for (const path of files) {
      if (now.has(path)) continue;
      project.remove(path);
      changed.push(path);
      codeChanged = true;
    }
    const gone = new Set<string>();
    for (const path of discovered) {
      if (before.has(path)) continue;
      try {
        project.add(path);
      } catch (error) {
        // Removed again since the directory was read.
        if (!(error instanceof Deno.errors.NotFound)) throw error;
        gone.add(path);
        continue;
      }
      changed.push(path);
      codeChanged = true;
    }
    for (const path of new Set(paths)) {
      if (!before.has(path) && !now.has(path)) {
        // An imported file outside the project's files: its printed code is
        // not kept, so any change of its text counts as code.
        if (project.refreshImported(path)) {
          changed.push(path);
          codeChanged = true;
        }
        continue;
      }
      if (!before.has(path) || !now.has(path)) continue;
      const code = codeOf(project.sourceFile(path));
      if (!project.refresh(path)) continue;
      changed.push(path);
      if (!project.has(path)) gone.add(path);
      codeChanged ||= gone.has(path) ||
        codeOf(project.sourceFile(path)) !== code;
    }
    this.#loaded = {
      root,
      project,
      files: discovered.filter((path) => !gone.has(path)),
      resolver: this.#loaded.resolver,
    };
    return { changed: changed.sort(), codeChanged };
  }
}
