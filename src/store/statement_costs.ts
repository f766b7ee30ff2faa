/**
 * How long each SELECT of a SQLite file has taken lately, so that the
 * driver runs the ones proven cheap on the event loop's own connection and
 * only the others on its reader threads (`sqlite_readers.ts`): a round trip
 * to a reader costs about 60 µs, more than most of the store's statements
 * on a small file. A statement is proven cheap by {@link PROOF_RUNS}
 * successful runs in a row on a reader (whose connection cannot write),
 * each within {@link CHEAP_MS}; one run over it, wherever it ran, sends it
 * back to the readers until it proves itself again. So the event loop pays
 * at most one slow run of a statement each time its cost grows (a file
 * that grew, a parameter that selects more). Pure; no I/O.
 *
 * @module
 */

/** The longest run, in milliseconds, that counts as cheap. */
export const CHEAP_MS = 1;

/** Cheap runs in a row on a reader that prove a statement cheap. */
export const PROOF_RUNS = 3;

/** Statements remembered (the store's SQL texts repeat; the oldest go). */
const CAPACITY = 1024;

/** Recent costs of SQL texts. */
export class StatementCosts {
  /** Per SQL text: cheap runs in a row on a reader, or -1 once proven. */
  readonly #cheapRuns = new Map<string, number>();

  /** Whether `sql` is proven cheap: it may run on the event loop. */
  isCheap(sql: string): boolean {
    return this.#cheapRuns.get(sql) === -1;
  }

  /**
   * Records a successful run of `sql` that took `ms`; `onReader` when it
   * ran on a reader thread (only those prove a statement cheap).
   */
  record(sql: string, ms: number, onReader: boolean): void {
    const runs = this.#cheapRuns.get(sql);
    let next: number;
    if (ms > CHEAP_MS) next = 0;
    else if (runs === -1) return;
    else if (!onReader) next = runs ?? 0;
    else next = (runs ?? 0) + 1 >= PROOF_RUNS ? -1 : (runs ?? 0) + 1;
    if (runs === undefined && this.#cheapRuns.size >= CAPACITY) {
      this.#cheapRuns.delete(this.#cheapRuns.keys().next().value!);
    }
    this.#cheapRuns.set(sql, next);
  }
}
