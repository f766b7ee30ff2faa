import assert from "node:assert/strict";
import { getPriority } from "node:os";
import { checkerNiceness, lowerPriority } from "./priority.ts";

function idleChild(): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["eval", "await new Promise((r) => setTimeout(r, 5000))"],
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
}

Deno.test({
  name: "lowerPriority makes a checker process nicer than this one",
  ignore: Deno.build.os === "windows",
  async fn() {
    const child = idleChild();
    try {
      assert.equal(getPriority(child.pid), getPriority());
      lowerPriority(child.pid);
      assert.equal(getPriority(child.pid), checkerNiceness());
      assert.ok(checkerNiceness() > getPriority() || getPriority() === 19);
    } finally {
      child.kill();
      await child.status;
    }
  },
});

Deno.test("lowerPriority of a process that has exited does not throw", async () => {
  const child = idleChild();
  child.kill();
  await child.status;
  lowerPriority(child.pid);
});
