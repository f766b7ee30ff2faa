/**
 * Texts kept in the user cache from one run to the next (what the analysis
 * derives from Tailor's own modules, what the formatter made of a generated
 * file): named by a hash of what they were made from, written so that a
 * process reading one never sees part of it.
 *
 * @module
 */

import { join } from "node:path";

/**
 * cyrb53, a 53-bit string hash (public domain), as 14 hex digits: with the
 * length, enough to tell two versions of one file apart.
 */
export function textHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16)
    .padStart(14, "0");
}

/** The text kept at `path`, or undefined when there is none (or unreadable). */
export function readKept(path: string): string | undefined {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Writes `text` (or bytes) to `path` through a temporary file, so that a process
 * reading it never sees part of it. A cache that cannot be written (a
 * read-only home) only makes the next run do the work again.
 */
export function keepText(path: string, text: string | Uint8Array): void {
  const temp = `${path}.${Deno.pid}.tmp`;
  try {
    Deno.mkdirSync(join(path, ".."), { recursive: true });
    if (typeof text === "string") Deno.writeTextFileSync(temp, text);
    else Deno.writeFileSync(temp, text);
    Deno.renameSync(temp, path);
  } catch {
    try {
      Deno.removeSync(temp);
    } catch {
      // Never written.
    }
  }
}
