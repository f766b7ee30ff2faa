import { deepStrictEqual, ok } from "node:assert/strict";
import { measureWarm, type WarmSetup } from "./bench_watch.ts";

const FAKE_CLI = new URL("./testdata/fake_watch_cli.ts", import.meta.url)
  .pathname;

async function setup(): Promise<WarmSetup & { dir: string }> {
  const dir = await Deno.makeTempDir({ prefix: "tailor_bench_watch_" });
  await Deno.mkdir(`${dir}/p`);
  await Deno.writeTextFile(`${dir}/p/ctrl.ts`, "/** Lists things. */\n");
  return {
    dir,
    cli: FAKE_CLI,
    project: `${dir}/p`,
    out: `${dir}/out`,
    controller: "ctrl.ts",
    anchor: "Lists things.",
    generated: "gen.txt",
  };
}

Deno.test("warm regeneration: every edit is seen, the source is restored", async () => {
  const s = await setup();
  try {
    const result = await measureWarm(s, 2);
    ok("runs" in result, JSON.stringify(result));
    deepStrictEqual(result.runs.length, 2);
    deepStrictEqual(
      await Deno.readTextFile(`${s.project}/ctrl.ts`),
      "/** Lists things. */\n",
    );
  } finally {
    await Deno.remove(s.dir, { recursive: true });
  }
});

Deno.test("warm regeneration of code: the identifier is renamed everywhere, then restored", async () => {
  const s = await setup();
  const original = "/** Lists things. */\nfunction things(things: number) {}\n";
  await Deno.writeTextFile(`${s.project}/ctrl.ts`, original);
  try {
    const result = await measureWarm(
      { ...s, anchor: "things", edit: "code" },
      2,
    );
    ok("runs" in result, JSON.stringify(result));
    deepStrictEqual(
      await Deno.readTextFile(`${s.project}/ctrl.ts`),
      original,
    );
  } finally {
    await Deno.remove(s.dir, { recursive: true });
  }
});

Deno.test("warm regeneration: a watcher that exits gives the reason", async () => {
  const s = await setup();
  Deno.env.set("FAKE_WATCH_FAIL", "1");
  try {
    const result = await measureWarm(s, 2);
    deepStrictEqual(result, {
      reason:
        "cli.ts generate --watch exited with 2: Unknown option '--watch'.",
    });
  } finally {
    Deno.env.delete("FAKE_WATCH_FAIL");
    await Deno.remove(s.dir, { recursive: true });
  }
});
