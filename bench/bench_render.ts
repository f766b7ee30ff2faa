/**
 * Times a full render of every artifact against `ArtifactRenderer`'s render
 * of the same model after one service changed (watch mode's case), on a
 * synthetic project:
 *
 *   deno run -A bench/bench_render.ts --endpoints 1000 [--dir DIR] [--runs 10]
 *
 * The project is written to DIR (default: a temporary folder) unless it is
 * already there, then analyzed once. Prints the median of each measure:
 * `full` (renderArtifacts), `first` (a new renderer's first render, warm)
 * `incremental` (after one service changed, renders in a row) and `after a
 * DTO edit` (one entity's DTOs changed: OpenAPI is then rendered whole).
 *
 * @module
 */

import { parseArgs } from "node:util";
import { analyzeProject } from "../src/analyze/analyze.ts";
import { ArtifactRenderer } from "../src/render/artifact_renderer.ts";
import type { ClientConfig } from "../src/config/config.ts";
import type { ApiModel } from "../src/model/api_model.ts";
import {
  type ArtifactTarget,
  renderArtifacts,
} from "../src/render/render_artifacts.ts";
import { writeSyntheticProject } from "../src/testing/synthetic_project.ts";

/** The model with the doc of one operation of its middle service changed. */
export function withOneServiceChanged(model: ApiModel, n: number): ApiModel {
  const i = Math.floor(model.services.length / 2);
  const service = model.services[i]!;
  const [first, ...rest] = service.operations;
  const operations = first === undefined
    ? []
    : [{ ...first, doc: `Edited ${n} times.` }, ...rest];
  const services = [...model.services];
  services[i] = { ...service, operations };
  return { ...model, services };
}

/** The model with the doc of its middle DTO changed (a type edit). */
export function withOneDtoChanged(model: ApiModel, n: number): ApiModel {
  const i = Math.floor(model.dtos.length / 2);
  const dtos = [...model.dtos];
  dtos[i] = { ...dtos[i]!, doc: `Edited ${n} times.` };
  return { ...model, dtos };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function time(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      endpoints: { type: "string", default: "1000" },
      dir: { type: "string" },
      runs: { type: "string", default: "10" },
    },
  });
  const endpoints = Number(values.endpoints);
  const runs = Number(values.runs);
  const dir = values.dir ??
    await Deno.makeTempDir({ prefix: "tailor_bench_render_" });
  try {
    await Deno.stat(`${dir}/app.ts`);
  } catch {
    await writeSyntheticProject(dir, endpoints);
  }
  const analysis = await analyzeProject(dir);
  if (!analysis.ok) throw new Error("the synthetic project has errors");
  const config: ClientConfig = { info: { title: "Bench", version: "1" } };
  console.log(
    `${endpoints} endpoints, ${analysis.model.services.length} services; median of ${runs} runs (ms)`,
  );
  for (const target of ["all", "ts", "java", "openapi"] as ArtifactTarget[]) {
    let model = analysis.model;
    // Warm: the formatter loaded, the code compiled.
    for (let n = 0; n < 2; n++) {
      renderArtifacts(model, config, "bench", target);
    }
    const renderer = new ArtifactRenderer(config, "bench", target);
    const first = time(() => renderer.render(model));
    // One after the other, as watch mode renders (a full render between two
    // would leave its garbage to the next one).
    const incremental: number[] = [];
    for (let n = 0; n < runs; n++) {
      model = withOneServiceChanged(model, n);
      incremental.push(time(() => renderer.render(model)));
    }
    const typeEdit: number[] = [];
    for (let n = 0; n < runs; n++) {
      model = withOneDtoChanged(model, n);
      typeEdit.push(time(() => renderer.render(model)));
    }
    const full: number[] = [];
    for (let n = 0; n < runs; n++) {
      model = withOneServiceChanged(model, n);
      full.push(time(() => renderArtifacts(model, config, "bench", target)));
    }
    console.log(
      `${target.padEnd(8)} full ${median(full).toFixed(1).padStart(6)}` +
        `  first ${first.toFixed(1).padStart(6)}` +
        `  incremental ${median(incremental).toFixed(1).padStart(6)}` +
        `  after a DTO edit ${median(typeEdit).toFixed(1).padStart(6)}`,
    );
  }
}

if (import.meta.main) await main();
