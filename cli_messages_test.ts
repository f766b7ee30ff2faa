/**
 * What the `tailor` command prints for `--version`, for every `--help`, and
 * for an unknown option or command, pinned under `golden/cli/` (piped, so
 * without colours). A change of wording is a reviewed golden change.
 */

import assert from "node:assert/strict";
import { main } from "./cli.ts";
import { serve } from "./server.ts";
import { COMMANDS } from "./src/cli/commands.ts";
import { assertGoldenTree } from "./src/testing/golden.ts";

/** Runs `command` in-process; returns what it printed and its status. */
async function printed(
  command: () => Promise<number>,
): Promise<string> {
  const lines: string[] = [];
  const { log, error } = console;
  console.log = (...parts: unknown[]) => lines.push(parts.join(" "));
  console.error = (...parts: unknown[]) => lines.push(parts.join(" "));
  try {
    const status = await command();
    return `${lines.join("\n")}\n[exit ${status}]\n`;
  } finally {
    console.log = log;
    console.error = error;
  }
}

Deno.test("cli messages: --version, every --help, unknown options and commands", async () => {
  const files = new Map<string, string>();
  const record = async (name: string, args: string[]) =>
    files.set(`${name}.txt`, await printed(() => main(args)));
  await record("version", ["--version"]);
  for (const flag of ["-V", "-v"]) {
    assert.equal(await printed(() => main([flag])), files.get("version.txt"));
  }
  await record("help", ["--help"]);
  for (const command of COMMANDS) {
    await record(`help_${command.name}`, [command.name, "--help"]);
  }
  await record("unknown_option", ["generate", "--projct", "."]);
  await record("unknown_command", ["genrate"]);
  await record("no_command", []);
  files.set(
    "serve_example_help.txt",
    await printed(() => serve(["--help"])),
  );
  await assertGoldenTree("golden/cli", files);
});
