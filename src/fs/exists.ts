/**
 * Whether a path exists.
 *
 * @module
 */

/** Whether something (file, folder, socket) is at `path`; false when it cannot be looked at. */
export async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}
