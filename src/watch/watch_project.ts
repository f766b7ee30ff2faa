/**
 * Watch mode's loop: a project loaded once, a file-system watcher on its
 * root and on the folders of the files it imports from outside the root,
 * and after every burst of changes to its source files (debounced) a
 * refresh of the touched files and one call of the caller's `onChange`, which
 * re-runs the analysis on the refreshed project. The type check is rerun only
 * when an edit changed code, not just comments.
 *
 * @module
 */

import { basename, dirname } from "node:path";
import type { LoadedProject } from "../analyze/project.ts";
import { isInGeneratedDirectory, isSource } from "../analyze/sources.ts";
import type { Diagnostic } from "../model/diagnostic.ts";
import type { Analyze, TypeCheckOption } from "../pipeline.ts";
import { IncrementalAnalyzer } from "../analyze/incremental.ts";
import { startTypeCheck } from "../typecheck/type_check.ts";
import { LiveProject } from "./live_project.ts";

/**
 * How long the files must be quiet before a change is analyzed: the events
 * of one save come within a millisecond; a checkout that spreads wider is
 * read again once its last file lands.
 */
export const DEBOUNCE_MS = 10;

/** Directories whose changes never matter (beside dot-directories). */
const IGNORED_SEGMENTS = new Set(["node_modules", "__generated"]);

/** Options of {@link WatchSession.watch}. */
export interface WatchOptions {
  /** Ends the watch; `watch` resolves once the running change is done. */
  readonly signal: AbortSignal;
  /** Quiet time before a burst of changes is handled (default 10 ms). */
  readonly debounceMs?: number;
  /** Told of an error thrown by `onChange`; the watch goes on. */
  readonly onError?: (error: unknown) => void;
  /**
   * Other files (absolute) whose change alone calls `onChange`, the
   * analysis unchanged: the configuration `generate --watch` renders with.
   */
  readonly alsoFiles?: readonly string[];
  /** Told when a burst of changes that matter begins (before its debounce). */
  readonly onBurst?: () => void;
  /** Told once a burst was handled, whether or not it changed anything. */
  readonly onHandled?: () => void;
}

/** A project under watch: load it, analyze `loaded`, then `watch`. */
export class WatchSession {
  readonly #live: LiveProject;
  readonly #analyzers = {
    client: new IncrementalAnalyzer("client"),
    server: new IncrementalAnalyzer("server"),
  };
  readonly #watcher: Deno.FsWatcher;
  /** Watchers of the folders of imported files outside the root. */
  readonly #importWatchers = new Map<string, Deno.FsWatcher>();
  /** The imported files outside the root, as of the last analysis. */
  #importedOutside = new Set<string>();
  /** The `alsoFiles` of the running {@link watch}. */
  #alsoFiles = new Set<string>();
  #codeChanged = true;
  #lastCheck: Promise<readonly Diagnostic[]> | undefined;

  private constructor(live: LiveProject) {
    this.#live = live;
    // Watching starts now, so an edit made during the first analysis counts.
    this.#watcher = Deno.watchFs(live.loaded.root, { recursive: true });
  }

  /** Loads the project in `dir` and starts watching its root. */
  static async open(dir: string): Promise<WatchSession> {
    return new WatchSession(await LiveProject.load(dir));
  }

  /** The project as of the last change. */
  get loaded(): LoadedProject {
    return this.#live.loaded;
  }

  /**
   * Analyzes {@link loaded} in a scope, reading again only the files that
   * changes since the last analysis reached (see incremental.ts).
   */
  readonly analyze: Analyze = (loaded, scope) =>
    this.#analyzers[scope].analyze(loaded);

  /**
   * Does now what the first edit would otherwise do first (reading the
   * import graph of the last analysis): for a moment between the first
   * output and the first edit.
   */
  prepare(): void {
    for (const analyzer of Object.values(this.#analyzers)) analyzer.prepare();
  }

  /**
   * Makes the project look as if the file at `path` (a project file,
   * absolute) had been saved unchanged, so that the next analysis and
   * render take the path of an edit: run once before the first edit, it
   * compiles that path, which otherwise makes the first two edits two to
   * three times slower than the next ones. False when `path` is not a
   * project file.
   */
  rehearse(path: string): boolean {
    if (!this.#live.loaded.project.has(path)) return false;
    this.#codeChanged ||= this.#live.rehearse(path).codeChanged;
    return true;
  }

  /**
   * The type check to run on {@link loaded}: `deno check` when `typeCheck`
   * is true, but the last answer again while only comments changed.
   */
  typeCheck(typeCheck: TypeCheckOption = true): TypeCheckOption {
    if (typeCheck !== true) return typeCheck;
    return (loaded) => {
      if (this.#codeChanged || this.#lastCheck === undefined) {
        const check = startTypeCheck(loaded.root, loaded.files).then((c) =>
          c.diagnostics
        );
        this.#lastCheck = check;
        this.#codeChanged = false;
        check.catch(() => {
          if (this.#lastCheck === check) this.#lastCheck = undefined;
        });
      }
      return this.#lastCheck;
    };
  }

  /**
   * Calls `onChange` after every burst of changes to the project's sources,
   * one call at a time, until `options.signal` aborts; then stops watching.
   */
  async watch(
    onChange: (change: { readonly codeChanged: boolean }) => Promise<void>,
    options: WatchOptions,
  ): Promise<void> {
    const { signal, debounceMs = DEBOUNCE_MS } = options;
    const onError = options.onError ?? reportError;
    this.#alsoFiles = new Set(
      (options.alsoFiles ?? []).map((path) => path.replaceAll("\\", "/")),
    );
    const close = () => this.#closeWatcher();
    if (signal.aborted) return close();
    signal.addEventListener("abort", close, { once: true });
    let pending = new Set<string>();
    // Whether a file may have appeared or gone (else only contents changed).
    let structural = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = Promise.resolve();
    const onEvent = (event: Deno.FsEvent) => {
      const paths = event.paths.filter((path) => this.#matters(path));
      if (paths.length === 0) return;
      if (pending.size === 0) options.onBurst?.();
      for (const path of paths) pending.add(path);
      structural ||= event.kind !== "modify" && event.kind !== "access";
      clearTimeout(timer);
      timer = setTimeout(() => {
        running = running.then(handle);
      }, debounceMs);
    };
    const pumps: Promise<void>[] = [];
    const watchImports = () => {
      for (const watcher of this.#watchImports()) {
        pumps.push((async () => {
          try {
            for await (const event of watcher) onEvent(event);
          } catch (error) {
            onError(error); // this folder is no longer watched; the rest is
          }
        })());
      }
    };
    const handle = async () => {
      const paths = pending;
      const rediscover = structural;
      pending = new Set();
      structural = false;
      if (paths.size === 0 || signal.aborted) return;
      try {
        const refresh = this.#live.refresh(paths, { rediscover });
        const also = [...paths].some((path) =>
          this.#alsoFiles.has(path.replaceAll("\\", "/"))
        );
        if (refresh.changed.length === 0 && !also) return;
        this.#codeChanged ||= refresh.codeChanged;
        await onChange({ codeChanged: refresh.codeChanged });
        // The edit may have imported new files.
        if (!signal.aborted) watchImports();
      } catch (error) {
        onError(error);
      } finally {
        options.onHandled?.();
      }
    };
    watchImports();
    for await (const event of this.#watcher) onEvent(event);
    clearTimeout(timer);
    await running;
    await Promise.all(pumps);
  }

  /** Stops watching (a running `watch` ends). */
  close(): void {
    this.#closeWatcher();
  }

  #closeWatcher(): void {
    for (const watcher of [this.#watcher, ...this.#importWatchers.values()]) {
      try {
        watcher.close();
      } catch (error) {
        if (!(error instanceof Deno.errors.BadResource)) throw error;
      }
    }
  }

  /**
   * Notes the files the last analysis imported from outside the root and
   * starts watching the folders of those not watched yet, and of the
   * `alsoFiles` outside the root (not recursively: an editor's save may
   * replace the file); returns the new watchers.
   */
  #watchImports(): Deno.FsWatcher[] {
    const { root, project } = this.#live.loaded;
    const outside = (path: string) => !path.startsWith(`${root}/`);
    this.#importedOutside = new Set(project.importedFiles().filter(outside));
    const started: Deno.FsWatcher[] = [];
    for (
      const path of [
        ...this.#importedOutside,
        ...[...this.#alsoFiles].filter(outside),
      ]
    ) {
      const dir = dirname(path);
      if (this.#importWatchers.has(dir)) continue;
      let watcher: Deno.FsWatcher;
      try {
        watcher = Deno.watchFs(dir, { recursive: false });
      } catch (error) {
        if (error instanceof Deno.errors.NotFound) continue;
        throw error;
      }
      this.#importWatchers.set(dir, watcher);
      started.push(watcher);
    }
    return started;
  }

  /**
   * A source file, a file of the project, an imported file, one of the
   * `alsoFiles`, or a directory (no extension).
   */
  #matters(path: string): boolean {
    const { root, files } = this.#live.loaded;
    const normalized = path.replaceAll("\\", "/");
    if (this.#alsoFiles.has(normalized)) return true;
    if (!normalized.startsWith(`${root}/`)) {
      return this.#importedOutside.has(normalized);
    }
    const segments = normalized.slice(root.length + 1).split("/");
    if (
      segments.slice(0, -1).some((segment) =>
        segment.startsWith(".") || IGNORED_SEGMENTS.has(segment)
      )
    ) {
      return false;
    }
    if (isInGeneratedDirectory(root, normalized)) return false;
    const name = basename(normalized);
    return isSource(name) || !name.includes(".") || files.includes(normalized);
  }
}

function reportError(error: unknown): void {
  console.error(`error: ${(error as Error).message ?? String(error)}`);
}
