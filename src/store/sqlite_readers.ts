/**
 * Reader threads of a SQLite file: `node:sqlite` runs a statement to its
 * end on the thread that calls it, so a statement of 100 ms on the main
 * thread holds every other request for 100 ms. {@link SqliteReaders} runs
 * SELECTs on a few worker threads instead (`sqlite_reader_worker.ts`),
 * each with its own connection to the file in WAL mode, one statement per
 * reader at a time, the others queued in order. A statement still running
 * after the time limit is answered with a StoreTimeoutError at once and
 * its reader replaced (`node:sqlite` in Deno 2.9.6 offers no interrupt: the
 * old thread ends when its statement does).
 *
 * @module
 */

import { StoreBusyError, StoreTimeoutError } from "./store_errors.ts";

/** Options of {@link SqliteReaders}. */
export interface SqliteReadersOptions {
  /** The database file (WAL mode). */
  readonly path: string;
  /** Reader threads. */
  readonly size: number;
  /** How long a reader waits for a lock before a StoreBusyError. */
  readonly busyTimeoutMs: number;
  /** How long one statement may run before a StoreTimeoutError. */
  readonly statementTimeoutMs: number;
  /** Turns the names and arrays a reader sends back into rows. */
  readonly toRows: (names: readonly string[], rows: unknown[][]) => unknown[];
  /** Told of every statement a reader ran to its end, and its run time. */
  readonly onRun?: (sql: string, ms: number) => void;
}

interface Job {
  readonly sql: string;
  readonly params: readonly unknown[];
  resolve(rows: unknown[]): void;
  reject(error: unknown): void;
}

interface Reader {
  readonly worker: Worker;
  /** Resolves once its connection is open; rejects when it cannot be. */
  readonly ready: Promise<void>;
  job?: Job | undefined;
  timer?: ReturnType<typeof setTimeout>;
}

const WORKER_URL = new URL("./sqlite_reader_worker.ts", import.meta.url);

/** A pool of reader threads on one SQLite file. */
export class SqliteReaders {
  readonly #options: SqliteReadersOptions;
  readonly #readers: Reader[] = [];
  readonly #queue: Job[] = [];
  #closed = false;

  /** Starts `options.size` readers on `options.path`. */
  constructor(options: SqliteReadersOptions) {
    this.#options = options;
    for (let i = 0; i < options.size; i++) {
      this.#readers.push(this.#start());
    }
  }

  /** Resolves once every reader has opened the file. */
  async ready(): Promise<void> {
    await Promise.all(this.#readers.map((reader) => reader.ready));
  }

  /** Runs a SELECT on the next free reader; resolves with its rows. */
  run(sql: string, params: readonly unknown[]): Promise<unknown[]> {
    if (this.#closed) {
      return Promise.reject(new Error("the database is closed"));
    }
    return new Promise((resolve, reject) => {
      this.#queue.push({ sql, params, resolve, reject });
      this.#dispatch();
    });
  }

  /** Stops every reader; queued statements fail. */
  close(): void {
    this.#closed = true;
    for (const reader of this.#readers) {
      clearTimeout(reader.timer);
      reader.worker.terminate();
      reader.job?.reject(new Error("the database is closed"));
    }
    for (const job of this.#queue.splice(0)) {
      job.reject(new Error("the database is closed"));
    }
  }

  #start(): Reader {
    const worker = new Worker(WORKER_URL, { type: "module" });
    const opened = Promise.withResolvers<void>();
    const reader: Reader = { worker, ready: opened.promise };
    opened.promise.catch(() => {});
    worker.onmessage = (event: MessageEvent) => {
      const data = event.data;
      if ("opened" in data) {
        if (data.opened) opened.resolve();
        else opened.reject(new Error(data.error));
        return;
      }
      const job = reader.job;
      if (job === undefined) return;
      clearTimeout(reader.timer);
      reader.job = undefined;
      if (data.error === undefined) {
        this.#options.onRun?.(job.sql, data.ms);
        job.resolve(this.#options.toRows(data.names, data.rows));
      } else if (data.busy) {
        job.reject(
          new StoreBusyError(this.#options.path, this.#options.busyTimeoutMs),
        );
      } else {
        job.reject(new Error(data.error));
      }
      this.#dispatch();
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      opened.reject(new Error(event.message));
      this.#replace(reader, new Error(event.message));
    };
    worker.postMessage({
      open: {
        path: this.#options.path,
        busyTimeoutMs: this.#options.busyTimeoutMs,
      },
    });
    return reader;
  }

  /** Ends `reader` (its job fails with `error`) and starts another. */
  #replace(reader: Reader, error: unknown): void {
    clearTimeout(reader.timer);
    reader.worker.terminate();
    const job = reader.job;
    reader.job = undefined;
    job?.reject(error);
    const index = this.#readers.indexOf(reader);
    if (index >= 0 && !this.#closed) {
      this.#readers[index] = this.#start();
      this.#dispatch();
    }
  }

  #dispatch(): void {
    for (const reader of this.#readers) {
      if (this.#queue.length === 0) return;
      if (reader.job !== undefined) continue;
      const job = this.#queue.shift()!;
      reader.job = job;
      const limit = this.#options.statementTimeoutMs;
      reader.timer = setTimeout(
        () => this.#replace(reader, new StoreTimeoutError(limit)),
        limit,
      );
      reader.worker.postMessage({ sql: job.sql, params: job.params });
    }
  }
}
