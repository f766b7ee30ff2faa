/**
 * Test helper: a request body that arrives one chunk per pull, so a test
 * can tell how much of it the server read.
 *
 * @module
 */

const encoder = new TextEncoder();

/** A body stream of `chunks`, then an error when `cut`; counts the pulls. */
export function stream(chunks: readonly string[], cut = false): {
  body: ReadableStream<Uint8Array>;
  pulled: { count: number };
} {
  const pulled = { count: 0 };
  const queue = [...chunks];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled.count++;
      const next = queue.shift();
      if (next !== undefined) controller.enqueue(encoder.encode(next));
      else if (cut) controller.error(new Error("connection closed"));
      else controller.close();
    },
  }, { highWaterMark: 0 });
  return { body, pulled };
}
