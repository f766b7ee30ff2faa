/**
 * The type checkers run beside the parse, the analysis and the render,
 * which are single-threaded and on the critical path: at a lower scheduling
 * priority a checker takes what they and the garbage collector leave of
 * the cores instead of slowing them down.
 *
 * @module
 */

import { getPriority, setPriority } from "node:os";

/** How much nicer than this process a checker runs (19 is the lowest priority). */
export const CHECKER_NICENESS = 10;

/** The niceness of a checker started by this process. */
export function checkerNiceness(): number {
  return Math.min(19, getPriority() + CHECKER_NICENESS);
}

/**
 * Lowers the scheduling priority of the child process `pid` to
 * {@link checkerNiceness}. Where the system refuses (a sandbox, an exited
 * child), the check just runs at the priority it has.
 */
export function lowerPriority(pid: number): void {
  try {
    setPriority(pid, checkerNiceness());
  } catch {
    // not permitted here: the checker keeps the normal priority
  }
}
