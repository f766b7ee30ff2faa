/**
 * The access log of `server.ts`: one line per request (method, path,
 * status, milliseconds), printed in batches. Printing costs a write to
 * standard output (and wakes whoever reads it), which under load cost as
 * much as a request's own work; the lines of {@link FLUSH_DELAY_MS} now
 * share one write. The bytes and their order are those of one
 * `console.log` per request. What a client sent (method, path) is printed
 * with its control characters escaped ({@link escapeControl}): a path
 * cannot forge a line or send terminal escapes.
 *
 * @module
 */

import { getPath } from "hono/utils/url";

/** C0 controls, DEL and C1 controls; and the backslash that escapes them. */
// deno-lint-ignore no-control-regex -- matching control characters is the point
const CONTROL = /[\x00-\x1f\x7f-\x9f\\]/g;

/**
 * `text` with every control character (C0, DEL, C1: CR, LF, ESC...) and
 * backslash written as `\xHH`, so one line stays one line and a terminal
 * shows it as it is.
 */
export function escapeControl(text: string): string {
  return text.replace(
    CONTROL,
    (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`,
  );
}

/** Lines held before they are printed at once, whatever the timer. */
const MAX_PENDING_LINES = 256;

/** Most milliseconds a line waits to be printed (unnoticeable to a reader). */
export const FLUSH_DELAY_MS = 25;

/** A request log printing its lines together; {@link flush} before exit. */
export class AccessLog {
  readonly #print: (text: string) => void;
  readonly #delayMs: number;
  #lines: string[] = [];
  #scheduled = false;

  /**
   * A log printing with `print` (default `console.log`) at most `delayMs`
   * after a line came.
   */
  constructor(
    print: (text: string) => void = (text) => console.log(text),
    delayMs = FLUSH_DELAY_MS,
  ) {
    this.#print = print;
    this.#delayMs = delayMs;
  }

  /**
   * `fetch` (an app's request handler) timing each request and logging it
   * once its response is there. Outside the app, so no middleware layer per
   * request; the path is the one Hono routes (`c.req.path`).
   */
  handler<A extends unknown[]>(
    fetch: (request: Request, ...rest: A) => Response | Promise<Response>,
  ): (request: Request, ...rest: A) => Response | Promise<Response> {
    return (request, ...rest) => {
      const start = performance.now();
      const logged = (response: Response) => {
        this.add(
          `${escapeControl(request.method)} ${
            escapeControl(getPath(request))
          } ${response.status} ${(performance.now() - start).toFixed(1)}ms`,
        );
        return response;
      };
      const response = fetch(request, ...rest);
      return response instanceof Promise
        ? response.then(logged)
        : logged(response);
    };
  }

  /**
   * Logs a request the HTTP engine refused before the app saw it, from
   * its first line: `GET /path 400 refused by the HTTP engine`.
   */
  refused(requestLine: string): void {
    const [method = "", target = ""] = requestLine.split(" ");
    this.add(
      `${escapeControl(method)} ${
        escapeControl(target)
      } 400 refused by the HTTP engine`,
    );
  }

  /** Logs one line (without its line break): printed soon, in order. */
  add(line: string): void {
    this.#lines.push(line);
    if (this.#lines.length >= MAX_PENDING_LINES) this.flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setTimeout(() => {
        this.#scheduled = false;
        this.flush();
      }, this.#delayMs);
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
