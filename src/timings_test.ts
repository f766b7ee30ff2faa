import assert from "node:assert/strict";
import {
  formatTimings,
  markPhase,
  startTimings,
  stopTimings,
} from "./timings.ts";

Deno.test("timings: phases are kept between start and stop, in order", () => {
  markPhase("before");
  startTimings();
  markPhase("parsed");
  markPhase("analyzed");
  const marks = stopTimings();
  assert.deepEqual(marks.map((m) => m.phase), ["parsed", "analyzed"]);
  assert.ok(marks[0]!.ms <= marks[1]!.ms);
  markPhase("after");
  assert.deepEqual(stopTimings(), [], "nothing kept once stopped");
});

Deno.test("timings: printed in seconds, one phase a line", () => {
  assert.equal(
    formatTimings([
      { phase: "sources found", ms: 85.4 },
      { phase: "analyzed", ms: 1712.6 },
    ]),
    "timings (end of each phase, since the process started):\n" +
      "    0.09 s  sources found\n" +
      "    1.71 s  analyzed",
  );
});
