/**
 * The access log of `server.ts`: one line per request (method, path,
 * status, milliseconds), printed in batches. Printing costs a write to
 * standard output, which under load cost as much as a request's own work;
 * lines finished in the same turn of the event loop now share one write.
 * The bytes and their order are those of one `console.log` per request.
 *
 * @module
 */

import type { MiddlewareHandler } from "hono";

/** Lines held before they are printed at once, whatever the timer. */
const MAX_PENDING_LINES = 256;

/** A request log printing its lines together; {@link flush} before exit. */
export class AccessLog {
  readonly #print: (text: string) => void;
  #lines: string[] = [];
  #scheduled = false;

  /** A log printing with `print` (default `console.log`). */
  constructor(print: (text: string) => void = (text) => console.log(text)) {
    this.#print = print;
  }

  /** The middleware timing each request and logging it. */
  readonly middleware: MiddlewareHandler = async (c, next) => {
    const start = performance.now();
    await next();
    this.add(
      `${c.req.method} ${c.req.path} ${c.res.status} ${
        (performance.now() - start).toFixed(1)
      }ms`,
    );
  };

  /** Logs one line (without its line break): printed soon, in order. */
  add(line: string): void {
    this.#lines.push(line);
    if (this.#lines.length >= MAX_PENDING_LINES) this.flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setTimeout(() => {
        this.#scheduled = false;
        this.flush();
      }, 0);
    }
  }

  /** Prints every pending line now. */
  flush(): void {
    if (this.#lines.length === 0) return;
    const text = this.#lines.join("\n");
    this.#lines = [];
    this.#print(text);
  }
}
