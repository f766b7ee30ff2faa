/**
 * Ctrl-C (SIGINT) and SIGTERM as an `AbortSignal`, so that a watch ends
 * cleanly instead of dying mid-write.
 *
 * @module
 */

/** A signal aborted by the first SIGINT or SIGTERM; `dispose` stops listening. */
export function interruptSignal(): {
  readonly signal: AbortSignal;
  readonly dispose: () => void;
} {
  const controller = new AbortController();
  const signals = ["SIGINT", "SIGTERM"] as const;
  const abort = () => controller.abort();
  for (const signal of signals) Deno.addSignalListener(signal, abort);
  const dispose = () => {
    for (const signal of signals) Deno.removeSignalListener(signal, abort);
  };
  return { signal: controller.signal, dispose };
}
