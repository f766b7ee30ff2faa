/**
 * Tests that need a tool the machine may lack (javac, Chromium). Where the
 * tool is there they run. Where it is not, they are ignored with a printed
 * reason, or, when CI sets the tool's variable (`REQUIRE_JAVAC=1`,
 * `REQUIRE_BROWSER=1`), they FAIL with that reason: a test that cannot run
 * must never pass silently in CI.
 *
 * @module
 */

/** A tool some tests need, and whether this machine has it. */
export interface Tool {
  /** Why the tool cannot be used here, or `undefined` when it can. */
  readonly problem: string | undefined;
  /** Environment variable that makes a missing tool a failure. */
  readonly requiredBy: string;
  /** What to do to get the tool. */
  readonly install: string;
}

/** Whether the environment asks for `tool`'s tests to fail when it is missing. */
export function required(tool: Tool): boolean {
  try {
    return Deno.env.get(tool.requiredBy) === "1";
  } catch {
    return false;
  }
}

/**
 * Registers a test that needs `tool`: run when the tool is there, failing
 * with the reason when it is not and is required, otherwise ignored with
 * the reason printed.
 */
export function testWithTool(
  tool: Tool,
  definition: Deno.TestDefinition,
): void {
  const { problem } = tool;
  if (problem === undefined) {
    Deno.test(definition);
  } else if (required(tool)) {
    Deno.test({
      ...definition,
      fn: () => {
        throw new Error(
          `${tool.requiredBy}=1 but ${problem}: ${tool.install}`,
        );
      },
    });
  } else {
    console.warn(
      `ignoring "${definition.name}": ${problem} (set ${tool.requiredBy}=1 to fail instead)`,
    );
    Deno.test({ ...definition, ignore: true });
  }
}
