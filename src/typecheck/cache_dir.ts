/**
 * Where the type check keeps what makes the next one faster: the user's
 * cache directory, as `deno` itself does.
 *
 * @module
 */

import { tmpdir } from "node:os";
import { join } from "node:path";

/** Tailor's directory in the platform's user cache (else the temp directory). */
export function cacheDir(): string {
  const env = (name: string) => Deno.env.get(name) || undefined;
  const home = env("HOME");
  const base = Deno.build.os === "windows"
    ? env("LOCALAPPDATA")
    : Deno.build.os === "darwin" && home !== undefined
    ? join(home, "Library", "Caches")
    : env("XDG_CACHE_HOME") ??
      (home === undefined ? undefined : join(home, ".cache"));
  return join(base ?? tmpdir(), "tailor");
}

/** The directory of the project at `root` inside `cache`. */
export async function projectCacheDir(
  cache: string,
  root: string,
): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(root),
  );
  const hex = [...new Uint8Array(digest).slice(0, 8)]
    .map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return join(cache, "tsgo", hex);
}
