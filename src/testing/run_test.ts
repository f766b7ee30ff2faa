import assert from "node:assert/strict";
import { assertSucceeded, run, runDeno } from "./run.ts";

Deno.test("run: output and exit status of a command", async () => {
  const result = await runDeno([
    "eval",
    "console.log('out'); console.error('err'); Deno.exit(3)",
  ]);
  assert.equal(result.code, 3);
  assert.equal(result.output, "out\nerr\n");
  assert.throws(
    () => assertSucceeded("the script", result),
    /^Error: the script failed \(exit 3\):\nout\nerr\n$/,
  );
  assertSucceeded("deno eval", await runDeno(["eval", "1"]));
});

Deno.test("run: a command that is not installed is named", async () => {
  await assert.rejects(
    () => run("tailor-no-such-command", []),
    (error: Error) =>
      error instanceof Deno.errors.NotFound &&
      error.message === '"tailor-no-such-command" is not on PATH',
  );
});

Deno.test("run: a command past its timeout is killed", async () => {
  const started = Date.now();
  const result = await runDeno(["eval", "setTimeout(() => {}, 60_000)"], {
    timeoutMs: 200,
  });
  assert.notEqual(result.code, 0);
  assert.ok(Date.now() - started < 30_000);
});
