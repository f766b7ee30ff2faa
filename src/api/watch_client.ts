/**
 * `tailor api --watch`: follows the server's event stream
 * (`/__tailor/events`) and, for each version that changed the TypeScript
 * client, asks for the archive with `If-None-Match` and `A-IM:
 * changed-files`: a delta (only the files changed since the client it
 * holds) is applied as one atomic change, a whole archive is swapped in
 * for the client directory (as one download does: verified first, then
 * renamed in). Reconnects with backoff when the server goes away (a
 * restart), resuming with `Last-Event-ID`. Web APIs and `node:` modules
 * only: it runs on Node too.
 *
 * @module
 */

import { OutputError } from "../fs/output_guard.ts";
import type { ApiOptions } from "./args.ts";
import { summarizeChanges } from "./changes.ts";
import { type ClientUpdate, updateClient } from "./client.ts";
import { messageOf } from "./download.ts";
import { EVENTS_PATH, readEvents } from "./event_stream.ts";

/** Hooks and timings of {@link watchClient}. */
export interface WatchClientHooks {
  /** Stops watching (Ctrl-C); an update under way ends first or not at all. */
  readonly signal: AbortSignal;
  /** One line per update, and per lost or regained connection. */
  readonly log: (line: string) => void;
  /** Told of each update that changed the directory (tests wait on it). */
  readonly onUpdate?: (update: ClientUpdate) => void;
  /** First wait before reconnecting, doubled up to `maxBackoffMs` (250 ms). */
  readonly backoffMs?: number;
  /** Longest wait before reconnecting (5 s). */
  readonly maxBackoffMs?: number;
  /** A stream silent this long is taken for lost (45 s: 3 heartbeats). */
  readonly silenceMs?: number;
}

/** What a `version` event says (the fields this client reads). */
interface VersionEvent {
  readonly version: string;
  readonly full: boolean;
  readonly artifacts: readonly string[];
  readonly groups: readonly string[];
}

/**
 * Keeps `options.dir` at the server's current client until `hooks.signal`
 * aborts; resolves with the exit status: 0 once stopped, 2 when the
 * directory may not be replaced.
 */
export async function watchClient(
  options: ApiOptions,
  hooks: WatchClientHooks,
): Promise<number> {
  const { signal, log } = hooks;
  const url = new URL(options.url);
  const events = new URL(EVENTS_PATH, url).href;
  const groups = url.searchParams.get("groups")?.split(",") ?? [];
  const firstBackoff = hooks.backoffMs ?? 250;
  let backoff = firstBackoff;
  let etag: string | undefined;
  let lastId: string | undefined;
  let lost: string | undefined = "";
  const update = async (version: string) => {
    try {
      const updated = await updateClient(options, {
        signal,
        ...(etag === undefined ? {} : { ifNoneMatch: etag, acceptDelta: true }),
      });
      if (updated === undefined) return;
      etag = updated.etag;
      log(
        `${options.dir} updated to ${version}: ${
          summarizeChanges(updated.changes)
        }`,
      );
      hooks.onUpdate?.(updated);
    } catch (error) {
      if (signal.aborted || error instanceof OutputError) throw error;
      log(`error: ${messageOf(error)}; ${options.dir} left as it was`);
    }
  };
  try {
    while (!signal.aborted) {
      const why = await followStream(events, lastId, hooks, async (event) => {
        if (lost !== undefined) {
          log(`following ${events}`);
          lost = undefined;
        }
        backoff = firstBackoff;
        lastId = event.version;
        if (!wantsUpdate(event, groups)) return;
        await update(event.version);
      });
      if (signal.aborted) break;
      if (why.startsWith("404 ")) {
        // A server that does not watch: its client now, and a retry later
        // (it may be restarted with --watch).
        if (lost !== why) {
          log(`${events} is not served: start the server with --watch`);
          await update("the served version");
        }
        lost = why;
        await sleep(hooks.maxBackoffMs ?? 5000, signal);
        continue;
      }
      if (lost !== why) log(`lost ${events}: ${why}; reconnecting`);
      lost = why;
      await sleep(backoff, signal);
      backoff = Math.min(backoff * 2, hooks.maxBackoffMs ?? 5000);
    }
    return 0;
  } catch (error) {
    if (signal.aborted) return 0;
    if (!(error instanceof OutputError)) throw error;
    log(`error: ${error.message}`);
    return error.exitCode;
  }
}

/** Whether a version changed the client of `groups` (all when empty). */
function wantsUpdate(event: VersionEvent, groups: readonly string[]): boolean {
  if (event.full) return true;
  if (!event.artifacts.includes("ts")) return false;
  return groups.length === 0 || groups.some((g) => event.groups.includes(g));
}

/**
 * Reads the stream at `events` (resuming after `lastId`), handing each
 * `version` event to `onVersion` in turn, until it ends; gives why.
 */
async function followStream(
  events: string,
  lastId: string | undefined,
  hooks: WatchClientHooks,
  onVersion: (event: VersionEvent) => Promise<void>,
): Promise<string> {
  const connection = new AbortController();
  const stop = () => connection.abort();
  hooks.signal.addEventListener("abort", stop, { once: true });
  const silenceMs = hooks.silenceMs ?? 45_000;
  let silence = setTimeout(stop, silenceMs);
  try {
    const response = await fetch(events, {
      signal: connection.signal,
      headers: {
        accept: "text/event-stream",
        ...(lastId === undefined ? {} : { "last-event-id": lastId }),
      },
    });
    if (response.status !== 200) {
      const text = (await response.text().catch(() => "")).slice(0, 200);
      return `${response.status} ${text.replace(/\s+/g, " ")}`.trim();
    }
    for await (const event of readEvents(response.body!)) {
      clearTimeout(silence);
      silence = setTimeout(stop, silenceMs);
      if (event.event === "version") {
        await onVersion(JSON.parse(event.data) as VersionEvent);
      }
    }
    return "the server ended the stream";
  } catch (error) {
    if (error instanceof OutputError) throw error;
    if (connection.signal.aborted && !hooks.signal.aborted) {
      return `nothing came for ${silenceMs / 1000} s`;
    }
    return messageOf(error);
  } finally {
    clearTimeout(silence);
    hooks.signal.removeEventListener("abort", stop);
    connection.abort();
  }
}

/** Waits `ms`, or less when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
