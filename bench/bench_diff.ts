/**
 * `tailor diff` for the benchmark: a synthetic project's model against a
 * copy changed in a few ways (the first mutations of the ground-truth test,
 * applied one on top of the other), timed twice: the diff itself in this
 * process (`diffModels`, median of the rounds after one warm-up), and the
 * whole `tailor diff base.json head.json --format json` process.
 *
 *   deno run -A --lock=dev.lock bench/bench_diff.ts [--endpoints 4000] [--rounds 5]
 *
 * @module
 */

import { parseArgs } from "node:util";
import type { ApiModel } from "../src/model/api_model.ts";
import { projectModel } from "../src/pipeline.ts";
import { modelJson } from "../src/render/emitters.ts";
import { diffModels } from "../src/diff/diff_models.ts";
import { mutations } from "../src/diff/testdata/mutations.ts";
import { mulberry32 } from "../src/testing/random.ts";
import { writeSyntheticProject } from "../src/testing/synthetic_project.ts";
import { CLI } from "./bench_commands.ts";
import { median, timeRun } from "./bench_process.ts";

/** How many changes the head has. */
const CHANGES = 8;

/** What the diff benchmark measured on one size, or why it did not. */
export type DiffResult =
  | {
    /** Median of the in-process `diffModels` runs. */
    readonly diffMs: number;
    /** Median of the whole `tailor diff a.json b.json` processes. */
    readonly processMs: number;
    /** How many changes the diff reported. */
    readonly changes: number;
  }
  | { readonly reason: string };

/** `base` changed `count` ways, one random mutation on top of the other. */
export function mutatedCopy(base: ApiModel, count: number): ApiModel {
  const random = mulberry32(20261127);
  let model = base;
  for (let i = 0; i < count; i++) model = mutations(model, 1, random)[0]!.model;
  return model;
}

/**
 * Diffs the model of `project` against a mutated copy, `rounds` times in
 * this process and `rounds` times as a whole `tailor diff` process; the
 * model files are written under `work`.
 */
export async function measureDiff(
  project: string,
  work: string,
  rounds: number,
): Promise<DiffResult> {
  const analyzed = await projectModel(project, { typeCheck: false });
  if (!analyzed.ok) return { reason: `${project} does not analyze` };
  const base = analyzed.model;
  const head = mutatedCopy(base, CHANGES);
  const a = `${work}/diff_base.json`, b = `${work}/diff_head.json`;
  await Deno.writeTextFile(a, modelJson(base));
  await Deno.writeTextFile(b, modelJson(head));
  let changes = diffModels({ model: base }, { model: head }).length;
  const diffRuns: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    changes = diffModels({ model: base }, { model: head }).length;
    diffRuns.push(performance.now() - started);
  }
  const command = {
    program: Deno.execPath(),
    args: ["run", "-A", CLI, "diff", a, b, "--format", "json"],
  };
  const processRuns: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    const run = await timeRun(command);
    // 1: the copy has breaking changes.
    if (run.code !== 0 && run.code !== 1) {
      return { reason: `tailor diff exit ${run.code}: ${run.output}` };
    }
    // The first run warms Deno's caches.
    if (round > 0) processRuns.push(run.ms);
  }
  return {
    diffMs: median(diffRuns),
    processMs: median(processRuns),
    changes,
  };
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      endpoints: { type: "string", default: "4000" },
      rounds: { type: "string", default: "5" },
    },
  });
  const endpoints = Number(values.endpoints);
  const rounds = Number(values.rounds);
  if (!Number.isInteger(endpoints) || !Number.isInteger(rounds)) {
    console.error("bench_diff: --endpoints and --rounds take integers");
    Deno.exit(2);
  }
  const work = await Deno.makeTempDir({ prefix: "tailor_bench_diff_" });
  try {
    await writeSyntheticProject(`${work}/p`, endpoints);
    const result = await measureDiff(`${work}/p`, work, rounds);
    console.log(JSON.stringify({ endpoints, ...result }));
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}
