/**
 * `tailor diff`'s verdicts against the ground truth, on 300 random
 * mutations of the synthetic project's model:
 *
 * - TS source: each mutation's client is emitted, and one fixed consumer
 *   written from the base model (it uses every operation and field) is
 *   compiled against every client in one `tsgo` run. The diff must call a
 *   mutation breaking for TypeScript source exactly when the consumer no
 *   longer compiles against its client.
 * - Wire: the diff must call a mutation breaking for the wire exactly when
 *   an old client fails against the new server on the document level
 *   (`testdata/wire_truth.ts`: the new server's sample answers validated
 *   against the old document, the old client's sample requests against the
 *   new one).
 */

import { deepEqual, equal } from "node:assert/strict";
import { emitTypeScript } from "../emit/ts/emit_typescript.ts";
import type { ApiModel } from "../model/api_model.ts";
import { projectModel } from "../pipeline.ts";
import { mulberry32 } from "../testing/random.ts";
import { run } from "../testing/run.ts";
import { writeSyntheticProject } from "../testing/synthetic_project.ts";
import { tsgoExecutable } from "../typecheck/tsgo.ts";
import { diffModels } from "./diff_models.ts";
import { consumerSource } from "./testdata/consumer.ts";
import { type Mutation, mutations } from "./testdata/mutations.ts";
import { WireTruth } from "./testdata/wire_truth.ts";

const MUTATIONS = 300;
const SEED = 20261127;

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    allowImportingTsExtensions: true,
    noEmit: true,
    module: "esnext",
    moduleResolution: "bundler",
    target: "es2022",
    lib: ["es2022", "dom"],
    types: [],
  },
  include: ["*/consumer.ts"],
};

async function syntheticModel(): Promise<ApiModel> {
  const dir = await Deno.makeTempDir({ prefix: "tailor_diff_synth_" });
  try {
    await writeSyntheticProject(dir, 20);
    const result = await projectModel(dir, { typeCheck: false });
    if (!result.ok) throw new Error("the synthetic project does not analyze");
    return result.model;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function writeCase(
  root: string,
  name: string,
  model: ApiModel,
  consumer: string,
): Promise<void> {
  for (
    const [path, text] of emitTypeScript(model, { sourceName: "synthetic" })
  ) {
    const full = `${root}/${name}/client/${path}`;
    await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(full, text);
  }
  await Deno.writeTextFile(`${root}/${name}/consumer.ts`, consumer);
}

/** The cases whose files have errors, with their first error. */
async function failingCases(root: string): Promise<Map<string, string>> {
  const tsgo = await tsgoExecutable();
  if (tsgo === undefined) throw new Error("tsgo is missing on this platform");
  const result = await run(tsgo, ["-p", "tsconfig.json", "--pretty", "false"], {
    cwd: root,
  });
  const failing = new Map<string, string>();
  for (const line of result.output.split("\n")) {
    const match = /^(m\d+|base)\/(.*?)\(\d+,\d+\): error (.*)$/.exec(line);
    if (match === null) continue;
    if (!failing.has(match[1]!)) {
      failing.set(match[1]!, `${match[2]}: ${match[3]}`);
    }
  }
  if (result.code !== 0 && failing.size === 0) {
    throw new Error(`tsgo failed without errors in a case:\n${result.output}`);
  }
  return failing;
}

Deno.test("diff: the TS-source verdict of 300 random mutations equals whether a fixed consumer still compiles", async () => {
  const base = await syntheticModel();
  const consumer = consumerSource(base);
  const cases = mutations(base, MUTATIONS, mulberry32(SEED));
  const root = await Deno.makeTempDir({ prefix: "tailor_diff_mutations_" });
  try {
    await Deno.writeTextFile(`${root}/tsconfig.json`, JSON.stringify(TSCONFIG));
    await writeCase(root, "base", base, consumer);
    const names = cases.map((_, i) => `m${String(i).padStart(3, "0")}`);
    for (const [i, mutation] of cases.entries()) {
      await writeCase(root, names[i]!, mutation.model, consumer);
    }
    const failing = await failingCases(root);
    equal(
      failing.get("base"),
      undefined,
      "the consumer compiles against the base client",
    );
    const disagreements: string[] = [];
    let breaking = 0;
    cases.forEach((mutation: Mutation, i) => {
      const changes = diffModels({ model: base }, { model: mutation.model });
      const verdict = changes.some((c) => c.levels.ts === "breaking");
      const error = failing.get(names[i]!);
      if (error !== undefined) breaking++;
      if (verdict !== (error !== undefined)) {
        disagreements.push(
          `${names[i]} ${mutation.description}: diff says ${
            verdict ? "breaking" : "not breaking"
          } (${
            changes.map((c) => `${c.rule}@${c.path}`).join(", ") || "no change"
          }); tsc: ${error ?? "compiles"}`,
        );
      }
    });
    deepEqual(disagreements, []);
    // Both outcomes are well represented, or the test proves little.
    equal(breaking > 60 && breaking < 240, true, `${breaking} of 300 break`);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("diff: the wire verdict of 300 random mutations equals whether old clients still work against the new server", async () => {
  const base = await syntheticModel();
  const cases = mutations(base, MUTATIONS, mulberry32(SEED));
  const truth = new WireTruth({ model: base });
  equal(
    truth.breakOf({ model: base }),
    undefined,
    "the base works against itself",
  );
  const disagreements: string[] = [];
  let breaking = 0;
  cases.forEach((mutation, i) => {
    const changes = diffModels({ model: base }, { model: mutation.model });
    const verdict = changes.some((c) => c.levels.wire === "breaking");
    const problem = truth.breakOf({ model: mutation.model });
    if (problem !== undefined) breaking++;
    if (verdict !== (problem !== undefined)) {
      disagreements.push(
        `m${String(i).padStart(3, "0")} ${mutation.description}: diff says ${
          verdict ? "breaking" : "not breaking"
        } (${
          changes.map((c) => `${c.rule}@${c.path}`).join(", ") || "no change"
        }); wire: ${problem ?? "works"}`,
      );
    }
  });
  deepEqual(disagreements, []);
  equal(breaking > 60 && breaking < 240, true, `${breaking} of 300 break`);
});
