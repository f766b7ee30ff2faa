/**
 * The names of archive deltas (RFC 3229), shared by the server that sends
 * them and `api --watch` that asks for them. No dependencies.
 *
 * @module
 */

/** The `A-IM` / `IM` name of a delta: a ZIP of the changed files. */
export const DELTA_IM = "changed-files";

/** The header listing the paths a delta removes (percent-encoded, `,`). */
export const REMOVED_HEADER = "tailor-removed";

/** The paths of a {@link REMOVED_HEADER} value (none when absent). */
export function removedPaths(header: string | null): string[] {
  if (header === null || header.trim() === "") return [];
  return header.split(",").map((path) => decodeURIComponent(path.trim()));
}
