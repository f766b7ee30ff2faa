/**
 * What a download changed in the client directory: pure comparison of the
 * old tree with the new files, and its one-line summary.
 *
 * @module
 */
import { MARKER_FILE } from "../fs/output_guard.ts";

/** Paths added, changed and removed, each sorted. */
export interface Changes {
  readonly added: readonly string[];
  readonly changed: readonly string[];
  readonly removed: readonly string[];
}

const decoder = new TextDecoder();

/** Compares the old tree (path -> text) with the new files. */
export function compareFiles(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, Uint8Array>,
): Changes {
  const added: string[] = [];
  const changed: string[] = [];
  for (const [path, content] of after) {
    const old = before.get(path);
    if (old === undefined) added.push(path);
    else if (old !== decoder.decode(content)) changed.push(path);
  }
  const removed = [...before.keys()].filter((path) =>
    !after.has(path) && path !== MARKER_FILE
  );
  return {
    added: added.sort(),
    changed: changed.sort(),
    removed: removed.sort(),
  };
}

/** `N added, N changed, N removed`. */
export function summarizeChanges(changes: Changes): string {
  return `${changes.added.length} added, ${changes.changed.length} changed, ${changes.removed.length} removed`;
}

/** One line per changed path (`+ `, `~ `, `- `), at most `limit` lines. */
export function listChanges(changes: Changes, limit = 20): string[] {
  const lines = [
    ...changes.added.map((path) => `  + ${path}`),
    ...changes.changed.map((path) => `  ~ ${path}`),
    ...changes.removed.map((path) => `  - ${path}`),
  ];
  return lines.length > limit
    ? [...lines.slice(0, limit), `  ... and ${lines.length - limit} more`]
    : lines;
}
