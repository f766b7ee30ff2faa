/**
 * The fixed cost of a small project: the bookstore fixture's
 * `generate --target ts --skip-type-check` (8 operations) beside the
 * floor of any Deno program (`deno eval 1`), the TypeScript compiler's own
 * start-up (`typescript_floor.ts`: the program and checker of an empty
 * file) and openapi-typescript on the bookstore's own `openapi.yml`, in
 * interleaved rounds, with the phase breakdown of Tailor's runs (its
 * `--timings`, median of the rounds).
 * Most projects are small: this is what most users wait for on every run.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { CLI, DEV_LOCK, TYPESCRIPT_FLOOR } from "./bench_commands.ts";
import { type Command, median, timeRun } from "./bench_process.ts";
import type { Timing } from "./bench_report.ts";

/** The small project: the bookstore fixture (never written to). */
export const SMALL_PROJECT = fileURLToPath(
  new URL("../fixtures/bookstore", import.meta.url),
);

/** What the small-project rounds measured. */
export interface SmallReport {
  /**
   * Per command: `generate_ts_skip_check`, `deno_eval`,
   * `typescript_floor`, `openapi_typescript`.
   */
  readonly timings: Record<string, Timing>;
  /**
   * Median end of each phase of `generate_ts_skip_check` (its
   * `--timings`), in ms since its process started, in phase order.
   */
  readonly phasesMs: Record<string, number>;
  /**
   * Median CPU time (user + system, ms, its children included) of each
   * command: what moves least when the machine is busy. Empty without
   * `/proc`.
   */
  readonly cpuMs: Record<string, number>;
}

/**
 * The phases of a `--timings` report (as `formatTimings` prints it): each
 * phase's end in ms since the process started, in order; other lines are
 * ignored.
 */
export function parseTimings(text: string): [string, number][] {
  const phases: [string, number][] = [];
  for (const line of text.split("\n")) {
    const match = /^\s+(\d+\.\d+) s {2}(.+)$/.exec(line);
    if (match) phases.push([match[2]!, Math.round(Number(match[1]) * 1000)]);
  }
  return phases;
}

/** Median of each phase over runs, in the order of the first run. */
export function medianPhases(
  runs: readonly (readonly [string, number][])[],
): Record<string, number> {
  const byPhase = new Map<string, number[]>();
  for (const run of runs) {
    for (const [phase, ms] of run) {
      byPhase.set(phase, [...byPhase.get(phase) ?? [], ms]);
    }
  }
  return Object.fromEntries(
    [...byPhase].map(([phase, values]) => [phase, Math.round(median(values))]),
  );
}

function deno(args: readonly string[]): Command {
  return { program: Deno.execPath(), args: [...args] };
}

/**
 * `rounds` interleaved rounds of the three commands, after one untimed
 * pass (Deno's caches filled); outputs go under `work`.
 */
export async function measureSmall(
  work: string,
  tools: Record<string, string>,
  rounds: number,
): Promise<SmallReport> {
  const spec = `${work}/small_spec`;
  const made = await timeRun(deno([
    "run",
    "-A",
    CLI,
    "generate",
    "--target",
    "openapi",
    "--skip-type-check",
    "--project",
    SMALL_PROJECT,
    "--out",
    spec,
  ]));
  if (made.code !== 0) throw new Error(`the bookstore fails: ${made.output}`);
  const floor = `${work}/typescript_floor`;
  await Deno.mkdir(floor, { recursive: true });
  let outputs = 0;
  const commands: Record<string, () => Command> = {
    generate_ts_skip_check: () =>
      deno([
        "run",
        "-A",
        CLI,
        "generate",
        "--target",
        "ts",
        "--skip-type-check",
        "--timings",
        "--project",
        SMALL_PROJECT,
        "--out",
        `${work}/small_out${++outputs}`,
      ]),
    deno_eval: () => deno(["eval", "1"]),
    typescript_floor: () => deno(["run", "-A", TYPESCRIPT_FLOOR, floor]),
    openapi_typescript: () =>
      deno([
        "run",
        "-A",
        `--lock=${DEV_LOCK}`,
        tools["openapi-typescript"]!,
        `${spec}/openapi.yml`,
        "-o",
        `${work}/small_out${++outputs}/types.ts`,
      ]),
  };
  const runs = new Map<string, number[]>();
  const cpu = new Map<string, number[]>();
  const failures = new Map<string, string>();
  const phases: [string, number][][] = [];
  for (let round = 0; round <= rounds; round++) {
    for (const [name, command] of Object.entries(commands)) {
      if (failures.has(name)) continue;
      const result = await timeRun(command());
      if (result.code !== 0) {
        failures.set(name, `exit ${result.code}: ${result.output}`);
        continue;
      }
      if (round === 0) continue; // untimed: caches filled
      runs.set(name, [...runs.get(name) ?? [], result.ms]);
      if (result.cpuMs !== undefined) {
        cpu.set(name, [...cpu.get(name) ?? [], result.cpuMs]);
      }
      if (name === "generate_ts_skip_check") {
        phases.push(parseTimings(result.stderr));
      }
    }
  }
  const timings: Record<string, Timing> = {};
  for (const name of Object.keys(commands)) {
    const ms = runs.get(name) ?? [];
    const failed = failures.get(name);
    timings[name] = failed !== undefined
      ? { failed }
      : { minMs: Math.min(...ms), medianMs: median(ms), runs: ms };
  }
  const cpuMs = Object.fromEntries(
    [...cpu].map(([name, values]) => [name, Math.round(median(values))]),
  );
  return { timings, phasesMs: medianPhases(phases), cpuMs };
}
