import { deepStrictEqual } from "node:assert/strict";
import { medianPhases, parseTimings } from "./bench_small.ts";
import { formatTimings } from "../src/timings.ts";

Deno.test("the phases are read back from what --timings prints", () => {
  const printed = formatTimings([
    { phase: "sources found", ms: 52.4 },
    { phase: "analysis loaded", ms: 141 },
    { phase: "committed", ms: 1480 },
  ]);
  deepStrictEqual(parseTimings(`wrote 28 files\n${printed}\n`), [
    ["sources found", 50],
    ["analysis loaded", 140],
    ["committed", 1480],
  ]);
});

Deno.test("each phase's median over the runs, in the first run's order", () => {
  deepStrictEqual(
    medianPhases([
      [["parsed", 100], ["analyzed", 300]],
      [["parsed", 120], ["analyzed", 280]],
      [["parsed", 90], ["analyzed", 500]],
    ]),
    { parsed: 100, analyzed: 300 },
  );
});
