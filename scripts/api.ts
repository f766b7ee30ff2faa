/**
 * The client side's `api` script (spec §4.6.6): downloads the TypeScript
 * client archive from a running server and swaps it in for the generated
 * directory. A failed download, a non-200 answer, a corrupt archive or an
 * entry escaping the target leaves the existing directory untouched.
 *
 * ```
 * deno task api [URL] [DIR]   # defaults: http://localhost:8080/ts.zip src/__generated
 * ```
 *
 * @module
 */

import { ArchiveError } from "../src/archive/zip.ts";
import { readZip } from "../src/archive/read_zip.ts";
import { replaceTree } from "../src/fs/tree.ts";

/** Default archive address. */
export const DEFAULT_URL = "http://localhost:8080/ts.zip";

/** Default target directory. */
export const DEFAULT_DIR = "src/__generated";

/** A download that must not replace the existing client. */
export class DownloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DownloadError";
  }
}

/**
 * Downloads the archive at `url` and replaces `dir` with its contents.
 * Returns the number of files written.
 */
export async function downloadClient(
  url: string,
  dir: string,
): Promise<number> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new DownloadError(`cannot reach ${url}: ${(error as Error).message}`);
  }
  if (response.status !== 200) {
    const text = (await response.text()).slice(0, 500);
    throw new DownloadError(
      `${url} answered ${response.status} ${response.statusText}${
        text ? `: ${text}` : ""
      }`,
    );
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  let files: Map<string, Uint8Array>;
  try {
    files = await readZip(bytes);
  } catch (error) {
    if (error instanceof ArchiveError) {
      throw new DownloadError(`${url}: ${error.message}`);
    }
    throw error;
  }
  if (files.size === 0) throw new DownloadError(`${url}: the archive is empty`);
  await replaceTree(dir, files);
  return files.size;
}

if (import.meta.main) {
  const [url = DEFAULT_URL, dir = DEFAULT_DIR, ...rest] = Deno.args;
  if (rest.length > 0) {
    console.error("usage: deno task api [URL] [DIR]");
    Deno.exit(2);
  }
  try {
    const count = await downloadClient(url, dir);
    console.log(`wrote ${count} files from ${url} to ${dir}`);
  } catch (error) {
    if (!(error instanceof DownloadError)) throw error;
    console.error(`${error.message}\n${dir} was left as it was.`);
    Deno.exit(1);
  }
}
