/**
 * The benchmark: how long each stage of the pipeline takes on the bookstore
 * fixture and on a synthetic 1,000-endpoint project. Medians of several runs
 * in one process (the first, cold run is reported apart: it pays for the
 * TypeScript checker's start-up).
 *
 *   deno task bench [--runs 5] [--controllers 50] [--routes 20]
 *
 * Timing lives here, never in `deno test`.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { createZip } from "../src/archive/zip.ts";
import { analyzeProject } from "../src/analyze/analyze.ts";
import { loadConfig } from "../src/config/config.ts";
import type { ApiModel } from "../src/model/api_model.ts";
import { renderArtifacts, typeScriptFiles } from "../src/pipeline.ts";
import { writeSyntheticProject } from "./synthetic_project.ts";

/** One measured stage: cold (first) run and the median of the others. */
interface Measure {
  readonly name: string;
  readonly coldMs: number;
  readonly medianMs: number;
}

async function measure(
  name: string,
  runs: number,
  body: () => unknown | Promise<unknown>,
): Promise<Measure> {
  const times: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const started = performance.now();
    await body();
    times.push(performance.now() - started);
  }
  const [coldMs = 0, ...warm] = times;
  warm.sort((a, b) => a - b);
  return {
    name,
    coldMs,
    medianMs: warm[Math.floor(warm.length / 2)] ?? coldMs,
  };
}

async function modelOf(dir: string): Promise<ApiModel> {
  const result = await analyzeProject(dir);
  if (!result.ok) throw new Error(`${dir} does not analyze`);
  return result.model;
}

async function stages(
  label: string,
  dir: string,
  runs: number,
): Promise<Measure[]> {
  // Analyze first, so that its cold run pays for the checker's start-up.
  const analyze = await measure(
    `${label}: analyze`,
    runs,
    () => analyzeProject(dir),
  );
  const config = await loadConfig(dir);
  const model = await modelOf(dir);
  const files = renderArtifacts(model, config, dir);
  return [
    analyze,
    await measure(
      `${label}: emit TypeScript`,
      runs,
      () => typeScriptFiles(model, dir),
    ),
    await measure(
      `${label}: emit all artifacts`,
      runs,
      () => renderArtifacts(model, config, dir),
    ),
    await measure(`${label}: zip all artifacts`, runs, () => createZip(files)),
  ];
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      runs: { type: "string", default: "5" },
      controllers: { type: "string", default: "50" },
      routes: { type: "string", default: "20" },
    },
  });
  const runs = Number(values.runs);
  const synthetic = await Deno.makeTempDir({ prefix: "tailor_bench_" });
  try {
    const size = {
      controllers: Number(values.controllers),
      routes: Number(values.routes),
    };
    await writeSyntheticProject(synthetic, size);
    const endpoints = size.controllers * size.routes;
    const results = [
      ...await stages("bookstore", "fixtures/bookstore", runs),
      ...await stages(`synthetic ${endpoints} endpoints`, synthetic, runs),
    ];
    const width = Math.max(...results.map((r) => r.name.length));
    console.log(
      `${"stage".padEnd(width)}  cold ms  median ms (${runs} warm runs)`,
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(width)}  ${r.coldMs.toFixed(0).padStart(7)}  ${
          r.medianMs.toFixed(1).padStart(9)
        }`,
      );
    }
  } finally {
    await Deno.remove(synthetic, { recursive: true });
  }
}
