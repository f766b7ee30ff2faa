/**
 * The `tailor` command: `init`, `generate`, `check`, `fetchers`, `serve` and
 * `api`.
 *
 * ```
 * deno install -g -A -n tailor jsr:@tailor/tailor/cli
 * tailor --help
 * tailor generate --help
 * ```
 *
 * Each command is declared in `src/cli/commands.ts` and loaded when it
 * runs; this file only picks it.
 *
 * @module
 */

import { COMMANDS } from "./src/cli/commands.ts";
import { closestWord } from "./src/cli/did_you_mean.ts";
import { mainHelp } from "./src/cli/help.ts";
import { enterInvocationDirectory } from "./src/cli/paths.ts";
import { runCommand } from "./src/cli/run_command.ts";
import { stderrStyle } from "./src/cli/style.ts";
import { VERSION } from "./src/cli/version.ts";

/** Runs the command line; resolves with the exit status. */
export async function main(args: readonly string[]): Promise<number> {
  const [name, ...rest] = args;
  if (name === "--version" || name === "-V" || name === "-v") {
    console.log(`tailor ${VERSION}`);
    return 0;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    const topic = COMMANDS.find((command) => command.name === rest[0]);
    return topic === undefined
      ? (console.log(mainHelp(VERSION, COMMANDS)), 0)
      : await runCommand(topic, ["--help"]);
  }
  const command = COMMANDS.find((command) => command.name === name);
  if (command !== undefined) return await runCommand(command, rest);
  const style = stderrStyle();
  const names = COMMANDS.map((command) => command.name);
  if (name === undefined) {
    console.error(
      `${style.error("error:")} tailor needs a command: ${names.join(", ")} ${
        style.dim("(see tailor --help)")
      }`,
    );
    return 2;
  }
  const near = closestWord(name.replace(/^-+/, ""), names);
  const what = name.startsWith("-") ? "option" : "command";
  console.error(
    `${style.error("error:")} tailor: unknown ${what} ${name}${
      near === undefined ? "" : ` (did you mean ${near}?)`
    } ${style.dim("(see tailor --help)")}`,
  );
  return 2;
}

if (import.meta.main) {
  enterInvocationDirectory();
  Deno.exit(await main(Deno.args));
}
