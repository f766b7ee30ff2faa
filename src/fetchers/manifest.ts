/**
 * The persisted-fetcher manifest `tailor fetchers` writes and the server's
 * allow-list mode reads:
 *
 * ```json
 * { "version": 1, "fetchers": [ { "id": "<64 hex>", "entity": "Book",
 *   "text": "{ id name }", "sources": ["src/app.ts:12:15"] } ] }
 * ```
 *
 * Entries sorted by id, sources by path, line and column, paths relative
 * to the front end's directory with `/`: the same bytes wherever it is
 * written.
 *
 * @module
 */

/** The manifest's format version. */
export const MANIFEST_VERSION = 1;

/** One persisted fetcher. */
export interface FetcherEntry {
  /** The lowercase hex SHA-256 of `text`'s UTF-8 bytes. */
  readonly id: string;
  /** The entity the fetcher starts from (`Book`). */
  readonly entity: string;
  /** The canonical text. */
  readonly text: string;
  /** Where the front end builds it: `path:line:column`. */
  readonly sources: readonly string[];
}

/** The manifest's text: 2-space JSON and a final newline. */
export function manifestText(entries: readonly FetcherEntry[]): string {
  const fetchers = entries.map(({ id, entity, text, sources }) => ({
    id,
    entity,
    text,
    sources,
  }));
  return `${
    JSON.stringify({ version: MANIFEST_VERSION, fetchers }, null, 2)
  }\n`;
}

/**
 * Whether `text` is a manifest this command wrote (so that `--out` may be
 * replaced): a JSON object with `version` and a `fetchers` array.
 */
export function isManifestText(text: string): boolean {
  try {
    const value = JSON.parse(text);
    return typeof value === "object" && value !== null &&
      typeof value.version === "number" && Array.isArray(value.fetchers);
  } catch {
    return false;
  }
}
