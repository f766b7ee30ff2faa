import { deepStrictEqual, ok } from "node:assert/strict";
import { hasProc, median, rssRun, timeRun } from "./bench_process.ts";

const deno = (code: string) => ({
  program: Deno.execPath(),
  args: ["eval", code],
});

Deno.test("median of odd and even counts", () => {
  deepStrictEqual(median([3, 1, 2]), 2);
  deepStrictEqual(median([4, 1, 3, 2]), 2.5);
});

Deno.test("a failing command gives its exit code and output", async () => {
  const result = await timeRun(
    deno("console.error('broken'); Deno.exit(3)"),
  );
  deepStrictEqual([result.code, result.output], [3, "broken"]);
});

Deno.test({
  name: "peak memory counts the child processes too",
  ignore: !hasProc(),
  fn: async () => {
    // A child holding 200 MB: the tree's peak must include it.
    const child = `new Deno.Command(Deno.execPath(), { args: ["eval", ` +
      `"const b = new Uint8Array(200 * 2 ** 20).fill(1); ` +
      `await new Promise((r) => setTimeout(r, 300)); console.log(b[7])"] })` +
      `.outputSync()`;
    const result = await rssRun(deno(child));
    deepStrictEqual(result.code, 0);
    ok(result.peakBytes > 200 * 2 ** 20, String(result.peakBytes));
  },
});

Deno.test({
  name: "a run's CPU time is its own, not its wall time",
  ignore: !hasProc(),
  fn: async () => {
    // A fixed amount of work (about 0.3 s of one core), and a wait.
    const busy = await timeRun(
      deno("let x = 0; for (let i = 0; i < 3e8; i++) x += i % 7; if (!x) 1;"),
    );
    const idle = await timeRun(
      deno("await new Promise((r) => setTimeout(r, 300))"),
    );
    ok(idle.ms >= 300, String(idle.ms));
    ok(
      busy.cpuMs !== undefined && idle.cpuMs !== undefined &&
        busy.cpuMs >= idle.cpuMs + 150,
      `${busy.cpuMs} against ${idle.cpuMs}`,
    );
  },
});
