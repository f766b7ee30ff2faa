/**
 * The fetcher manifest of allow-list mode (`tailor fetchers` writes it from
 * the front end's source): `{ "version": 1, "fetchers": [{ "id", "entity",
 * "text", "sources" }] }`, each id the SHA-256 of its text. Loading checks
 * the version and each entry's fields and id; a bad file stops start-up
 * with a {@link FetcherManifestError} naming the file and the entry. The
 * server then checks each entity and text (`ClientFetchers`), and keeps
 * each text in canonical form.
 *
 * @module
 */

import { sha256Hex } from "../runtime/sha256.ts";

/** The manifest version this server reads. */
export const FETCHER_MANIFEST_VERSION = 1;

/** One listed fetcher, its id the hash of its text. */
export interface ListedFetcher {
  readonly id: string;
  readonly entity: string;
  readonly text: string;
}

/** A loaded manifest: the fetchers a server in allow-list mode answers. */
export interface FetcherManifest {
  /** The file it was read from, named in the 403 answers. */
  readonly file: string;
  readonly fetchers: readonly ListedFetcher[];
}

/** A manifest that cannot be used; `message` names the file and the entry. */
export class FetcherManifestError extends Error {
  /** `message` says what is wrong and where. */
  constructor(message: string) {
    super(message);
    this.name = "FetcherManifestError";
  }
}

/** Reads and checks the manifest at `file`. */
export async function readFetcherManifest(
  file: string,
): Promise<FetcherManifest> {
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (error) {
    throw new FetcherManifestError(
      `${file}: cannot read the fetcher manifest (${
        error instanceof Error ? error.message : String(error)
      })`,
    );
  }
  return parseFetcherManifest(text, file);
}

/** Checks a manifest's JSON text, read from `file`. */
export function parseFetcherManifest(
  text: string,
  file: string,
): FetcherManifest {
  const fail = (message: string): never => {
    throw new FetcherManifestError(`${file}: ${message}`);
  };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    fail(`not JSON (${error instanceof Error ? error.message : error})`);
  }
  const root = json as { version?: unknown; fetchers?: unknown };
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    fail("a fetcher manifest is an object { version, fetchers }");
  }
  if (root.version !== FETCHER_MANIFEST_VERSION) {
    fail(
      `version ${
        JSON.stringify(root.version)
      } is not ${FETCHER_MANIFEST_VERSION}: write the manifest again with this Tailor's \`tailor fetchers\``,
    );
  }
  if (!Array.isArray(root.fetchers)) fail("fetchers must be an array");
  const fetchers: ListedFetcher[] = [];
  for (const [index, entry] of (root.fetchers as unknown[]).entries()) {
    const where = `fetchers[${index}]`;
    const { id, entity, text } = (entry ?? {}) as Record<string, unknown>;
    if (typeof id !== "string" || !/^[0-9a-f]{64}$/.test(id)) {
      fail(`${where}: id must be 64 lowercase hex digits`);
    }
    if (typeof entity !== "string" || typeof text !== "string") {
      fail(`${where}: entity and text must be strings`);
    }
    if (sha256Hex(text as string) !== id) {
      fail(`${where}: id ${id} is not the SHA-256 of its text`);
    }
    fetchers.push({
      id: id as string,
      entity: entity as string,
      text: text as string,
    });
  }
  return { file, fetchers };
}
