/**
 * Test helper: what a server sends on a raw connection until it closes it.
 *
 * @module
 */

const decoder = new TextDecoder();

/**
 * Everything the server sends on `conn` until it closes it, and when (ms
 * from the call); `closedMs` is undefined when it was still open after
 * `limitMs` and this helper closed it.
 */
export async function untilClosed(
  conn: Deno.Conn,
  limitMs: number,
): Promise<{ text: string; closedMs: number | undefined }> {
  const start = performance.now();
  let text = "";
  const buffer = new Uint8Array(64 * 1024);
  const timer = setTimeout(() => conn.close(), limitMs);
  let closedMs: number | undefined;
  try {
    for (;;) {
      const n = await conn.read(buffer);
      if (n === null) {
        closedMs = performance.now() - start;
        break;
      }
      text += decoder.decode(buffer.subarray(0, n));
    }
  } catch {
    // our timer closed it: the server did not
  } finally {
    clearTimeout(timer);
  }
  try {
    conn.close();
  } catch {
    // closed
  }
  return { text, closedMs };
}
