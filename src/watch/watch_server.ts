/**
 * Watch mode of `createServer`: the server's models from a project kept
 * loaded, and new ones after every change of its sources. An edit with
 * diagnostics prints them once and changes nothing served.
 *
 * @module
 */

import type { ApiModel } from "../model/api_model.ts";
import { type Diagnostic, formatDiagnostic } from "../model/diagnostic.ts";
import { loadedServerModels, type ServerModels } from "../pipeline.ts";
import { WatchSession } from "./watch_project.ts";

/** What a change gave: new models, or the diagnostics that kept the old ones. */
export type Reload =
  | {
    readonly ok: true;
    readonly client: ApiModel;
    readonly server: ApiModel;
    /** False when the edit changed only comments (the code is the same). */
    readonly codeChanged: boolean;
  }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/** Options of {@link watchServerModels}. */
export interface WatchServerOptions {
  /** Type-check the project (default true; rerun only when code changed). */
  readonly typeCheck?: boolean;
  /** Ends the watch. */
  readonly signal: AbortSignal;
  /** Told of every handled change, after its messages are printed. */
  readonly onReload: (reload: Reload) => void;
  /** Quiet time before a change is handled (default 10 ms). */
  readonly debounceMs?: number;
  /** Where messages go (default: stderr). */
  readonly log?: (line: string) => void;
  /** Told when a burst of source changes begins, and once it is handled. */
  readonly onBurst?: () => void;
  readonly onHandled?: () => void;
  /**
   * Told of a change's models once they analyze cleanly, before the type
   * check answers (the reload that follows decides), and whether the code
   * changed or only comments.
   */
  readonly onAnalyzed?: (
    client: ApiModel,
    server: ApiModel,
    codeChanged: boolean,
  ) => void;
}

/**
 * Analyzes `project` and, when that succeeds, keeps watching it until
 * `signal` aborts; returns the first models (a failure ends the watch).
 */
export async function watchServerModels(
  project: string,
  options: WatchServerOptions,
): Promise<ServerModels> {
  const log = options.log ?? console.error;
  const session = await WatchSession.open(project);
  const analyze = (
    whileChecking?: (client: ApiModel, server: ApiModel) => void,
  ) =>
    loadedServerModels(session.loaded, {
      analyze: session.analyze,
      typeCheck: session.typeCheck(options.typeCheck !== false),
      ...(whileChecking === undefined ? {} : { whileChecking }),
    });
  const first = await analyze().catch((error) => {
    session.close();
    throw error;
  });
  if (!first.ok) {
    session.close();
    return first;
  }
  session.watch(async ({ codeChanged }) => {
    const next = await analyze((client, server) =>
      options.onAnalyzed?.(client, server, codeChanged)
    );
    if (!next.ok) {
      for (const diagnostic of next.diagnostics) {
        log(formatDiagnostic(diagnostic));
      }
      log(
        `${next.diagnostics.length} error(s); still serving the last good artifacts.`,
      );
      options.onReload(next);
      return;
    }
    for (const warning of next.warnings) log(formatDiagnostic(warning));
    log("source changed: artifacts refreshed");
    options.onReload({
      ok: true,
      client: next.client,
      server: next.server,
      codeChanged,
    });
  }, {
    signal: options.signal,
    ...(options.onBurst === undefined ? {} : { onBurst: options.onBurst }),
    ...(options.onHandled === undefined
      ? {}
      : { onHandled: options.onHandled }),
    ...(options.debounceMs === undefined
      ? {}
      : { debounceMs: options.debounceMs }),
  });
  return first;
}
