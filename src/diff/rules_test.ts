import { deepEqual, equal, ok } from "node:assert/strict";
import { assertGoldenTree, readGoldenModel } from "../testing/golden.ts";
import type { ApiModel } from "../model/api_model.ts";
import { diffModels } from "./diff_models.ts";
import { formatReport } from "./report.ts";
import { RULE_IDS, RULES } from "./rules.ts";
import { pairSides, RULE_PAIRS } from "./testdata/rule_pairs.ts";
import { WireTruth } from "./testdata/wire_truth.ts";

const GOLDEN_DIFF = new URL("../../golden/diff/", import.meta.url).pathname;

Deno.test("diff: each rule's pair of models gives that rule, pinned as JSON in golden/diff", async () => {
  const files = new Map<string, string>();
  for (const rule of RULE_IDS) {
    const pair = RULE_PAIRS[rule];
    const { base, head } = await pairSides(rule);
    const changes = diffModels(base, head);
    ok(
      changes.some((c) => c.rule === rule),
      `${rule}: the pair gives ${changes.map((c) => c.rule).join(", ")}`,
    );
    files.set(
      `${rule}.json`,
      formatReport(changes, "json", {
        base: `golden/${pair.fixture}/model.json`,
        head: `edited (${rule})`,
      }),
    );
  }
  await assertGoldenTree(GOLDEN_DIFF, files);
});

/**
 * Rules the document-level wire truth cannot judge: a declared error's
 * status is its identity for old clients, but the document's `default`
 * answer admits any body at any other status.
 */
const WIRE_TRUTH_BLIND = new Set(["error-status-changed"]);

Deno.test("diff: each rule pair's wire verdict equals whether old clients still work against the new server", async () => {
  const truths = new Map<string, WireTruth>();
  const disagreements: string[] = [];
  for (const rule of RULE_IDS.filter((id) => !WIRE_TRUTH_BLIND.has(id))) {
    const pair = RULE_PAIRS[rule];
    const { base, head: side } = await pairSides(rule);
    const changes = diffModels(base, side);
    const verdict = changes.some((c) => c.levels.wire === "breaking");
    let truth = truths.get(pair.fixture);
    if (truth === undefined) {
      truth = new WireTruth(base);
      truths.set(pair.fixture, truth);
      // Every sample fits the document it was made from.
      equal(truth.breakOf(base), undefined, pair.fixture);
    }
    const problem = truth.breakOf(side);
    if (verdict !== (problem !== undefined)) {
      disagreements.push(
        `${rule}: diff says ${verdict ? "breaking" : "not breaking"} (${
          changes.map((c) => c.rule).join(", ")
        }); wire: ${problem ?? "works"}`,
      );
    }
  }
  deepEqual(disagreements, []);
});

Deno.test("diff: a model against itself has no change", async () => {
  for (const fixture of ["bookstore", "treeshop"]) {
    const model = await readGoldenModel(fixture);
    deepEqual(
      diffModels({ model }, { model: structuredClone(model) as ApiModel }),
      [],
    );
  }
});

Deno.test("diff: docs/diff.md lists every rule with its three levels", async () => {
  const doc = await Deno.readTextFile(
    new URL("../../docs/diff.md", import.meta.url),
  );
  const rows = new Map(
    doc.split("\n").filter((line) => line.startsWith("| `")).map((line) => {
      const cells = line.split("|").slice(1, -1).map((cell) => cell.trim());
      return [cells[0]!.replaceAll("`", ""), cells.slice(1, 4).join(" ")];
    }),
  );
  for (const id of RULE_IDS) {
    const { ts, java, wire } = RULES[id].levels;
    deepEqual(rows.get(id), `${ts} ${java} ${wire}`, `docs/diff.md: ${id}`);
  }
});
