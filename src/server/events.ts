/**
 * The event stream of a watching server, `GET /__tailor/events`
 * (Server-Sent Events): one `version` event per new artifact version, with
 * its ETags and what changed, and `heartbeat` events in between. A client
 * that reconnects with `Last-Event-ID` gets the versions it missed; one
 * whose id this server does not know (another run, or too old) gets the
 * current version marked `full`.
 *
 * @module
 */

import type { Context } from "hono";
import { type SSEStreamingApi, streamSSE } from "hono/streaming";
import type { ServedKind } from "./artifacts.ts";

export { EVENTS_PATH } from "../api/event_stream.ts";

/** What one new artifact version changed (the data of a `version` event). */
export interface VersionChange {
  /** Strong ETags of the artifacts without query (`GET /ts.zip`), by kind. */
  readonly etags: Readonly<Partial<Record<ServedKind, string>>>;
  /** The artifacts whose bytes changed, in configuration order. */
  readonly artifacts: readonly ServedKind[];
  /** The groups whose selection (`?groups=`) changed, sorted. */
  readonly groups: readonly string[];
  /** Paths written (new or changed) inside each changed artifact, sorted. */
  readonly files: Readonly<Partial<Record<ServedKind, readonly string[]>>>;
  /** Paths gone from each changed artifact, sorted. */
  readonly removed: Readonly<Partial<Record<ServedKind, readonly string[]>>>;
}

/** A published version: its event id and change. */
interface Version {
  /** `<run>.<n>`: `n` counts versions from 1 in this server's run. */
  readonly id: string;
  readonly change: VersionChange;
}

/** Options of {@link EventHub}. */
export interface EventHubOptions {
  /** Time between heartbeats (default 15 s). */
  readonly heartbeatMs?: number;
  /** Most streams connected at once; more get a 503 (default 64). */
  readonly maxStreams?: number;
  /** Versions kept for clients that resume (default 100). */
  readonly history?: number;
}

/** The versions a server published and the streams that follow them. */
export class EventHub {
  readonly #run = Date.now().toString(36);
  readonly #history: Version[] = [];
  readonly #streams = new Set<SSEStreamingApi>();
  readonly #heartbeatMs: number;
  readonly #maxStreams: number;
  readonly #keep: number;
  #count = 0;
  #closed = false;
  /** Resolved (and replaced) on each publish and on close. */
  #changed = Promise.withResolvers<void>();

  /** A hub with no version yet. */
  constructor(options: EventHubOptions = {}) {
    this.#heartbeatMs = options.heartbeatMs ?? 15_000;
    this.#maxStreams = options.maxStreams ?? 64;
    this.#keep = options.history ?? 100;
  }

  /** The number of streams connected now. */
  get connected(): number {
    return this.#streams.size;
  }

  /** Announces a new version to every stream. */
  publish(change: VersionChange): void {
    this.#history.push({ id: `${this.#run}.${++this.#count}`, change });
    if (this.#history.length > this.#keep) this.#history.shift();
    this.#wake();
  }

  /** Ends every stream; later requests get a 503. */
  close(): void {
    this.#closed = true;
    this.#wake();
  }

  /** The answer to `GET /__tailor/events`. */
  handle(c: Context): Response {
    if (this.#closed || this.#streams.size >= this.#maxStreams) {
      return c.json(
        {
          error: "too-many-streams",
          message: this.#closed
            ? "the server is stopping"
            : `${this.#maxStreams} event streams are connected already`,
          max: this.#maxStreams,
        },
        503,
        { "retry-after": "5" },
      );
    }
    const lastId = c.req.header("last-event-id");
    const response = streamSSE(c, async (opened) => {
      this.#streams.add(opened);
      opened.onAbort(() => {
        this.#streams.delete(opened);
      });
      try {
        await this.#follow(opened, lastId);
      } finally {
        this.#streams.delete(opened);
      }
    });
    // A proxy must not buffer the stream.
    response.headers.set("x-accel-buffering", "no");
    return response;
  }

  /** Sends what `stream` missed, then each new version, until it ends. */
  async #follow(stream: SSEStreamingApi, lastId: string | undefined) {
    let at = this.#history.findIndex((v) => v.id === lastId);
    if (at < 0 && this.#history.length > 0) {
      // Unknown or no id: the current version, whole.
      at = this.#history.length - 1;
      await send(stream, this.#history[at]!, true);
    }
    // The position is kept by id: the history may shift meanwhile.
    let sentId = this.#history[at]?.id;
    while (!stream.aborted && !stream.closed && !this.#closed) {
      const next = this.#history.findIndex((v) => v.id === sentId) + 1;
      if (next < this.#history.length) {
        const version = this.#history[next]!;
        // A stream behind the whole history gets the current version.
        const behind = next === 0 && sentId !== undefined;
        const sending = behind ? this.#history.at(-1)! : version;
        await send(stream, sending, behind);
        sentId = sending.id;
        continue;
      }
      const timer = Promise.withResolvers<void>();
      const timeout = setTimeout(timer.resolve, this.#heartbeatMs);
      const woke = await Promise.race([
        this.#changed.promise.then(() => true),
        timer.promise.then(() => false),
      ]);
      clearTimeout(timeout);
      if (!woke) {
        await stream.writeSSE({
          event: "heartbeat",
          data: JSON.stringify({ version: sentId ?? null }),
        });
      }
    }
  }

  #wake(): void {
    this.#changed.resolve();
    this.#changed = Promise.withResolvers<void>();
  }
}

/** Writes one `version` event. */
async function send(
  stream: SSEStreamingApi,
  version: Version,
  full: boolean,
): Promise<void> {
  await stream.writeSSE({
    id: version.id,
    event: "version",
    data: JSON.stringify({ version: version.id, full, ...version.change }),
  });
}
