/**
 * Phase marks of one command run, for `--timings`: where a cold run spends
 * its time, readable by anyone who runs it (as `tsc --extendedDiagnostics`
 * is). Off between {@link stopTimings} and {@link startTimings}, like
 * TypeScript's own `ts.performance`: the library and the long-running
 * shells record nothing.
 *
 * @module
 */

/** One phase's end, in milliseconds since the process started. */
export interface PhaseMark {
  readonly phase: string;
  readonly ms: number;
}

let marks: PhaseMark[] | undefined;

/** Starts recording {@link markPhase} calls. */
export function startTimings(): void {
  marks = [];
}

/** Notes that `phase` has just ended, while timings are recorded. */
export function markPhase(phase: string): void {
  marks?.push({ phase, ms: performance.now() });
}

/** Stops recording; returns the phases marked since the start, in order. */
export function stopTimings(): readonly PhaseMark[] {
  const recorded = marks ?? [];
  marks = undefined;
  return recorded;
}

/**
 * The marks as printed by `--timings`: a header, then one line per phase
 * with its end in seconds since the process started.
 */
export function formatTimings(phases: readonly PhaseMark[]): string {
  const lines = phases.map(({ phase, ms }) =>
    `  ${(ms / 1000).toFixed(2).padStart(6)} s  ${phase}`
  );
  return ["timings (end of each phase, since the process started):", ...lines]
    .join("\n");
}
