import assert from "node:assert/strict";
import { required, type Tool } from "./needs_tool.ts";
import { type CommandResult, runDeno } from "./run.ts";

const MISSING: Tool = {
  problem: "the frobnicator is not on PATH",
  requiredBy: "TAILOR_TEST_REQUIRE_FROBNICATOR",
  install: "install a frobnicator",
};

/** Runs a test file with one test needing MISSING, in `env`. */
async function testNeedingMissingTool(
  env: Record<string, string>,
): Promise<CommandResult> {
  const dir = await Deno.makeTempDir({ prefix: "tailor_needs_tool_" });
  try {
    const file = `${dir}/missing_test.ts`;
    const helper = new URL("./needs_tool.ts", import.meta.url).href;
    await Deno.writeTextFile(
      file,
      `import { testWithTool } from ${JSON.stringify(helper)};
testWithTool(${JSON.stringify(MISSING)}, { name: "frobnicate", fn() {} });
`,
    );
    return await runDeno(["test", "-A", file], { env });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("needs tool: a missing tool is ignored with its reason", async () => {
  const result = await testNeedingMissingTool({});
  assert.equal(result.code, 0, result.output);
  assert.match(result.output, /0 passed \| 0 failed \| 1 ignored/);
  assert.match(result.output, /the frobnicator is not on PATH/);
});

Deno.test("needs tool: a missing required tool fails the test", async () => {
  const result = await testNeedingMissingTool({ [MISSING.requiredBy]: "1" });
  assert.notEqual(result.code, 0, result.output);
  assert.match(result.output, /0 passed \| 1 failed/);
  assert.match(
    result.output,
    /TAILOR_TEST_REQUIRE_FROBNICATOR=1 but the frobnicator is not on PATH: install a frobnicator/,
  );
});

Deno.test("needs tool: only the variable set to 1 requires the tool", () => {
  assert.equal(required(MISSING), false);
});
