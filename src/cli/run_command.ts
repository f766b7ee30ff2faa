/**
 * Running one command as a user does: its help on `--help`, a usage error
 * as one line (exit 2), and every other failure as one line naming what
 * went wrong (exit 1, or the failure's own status), never a stack trace.
 *
 * @module
 */

import { ConfigError } from "../config/config.ts";
import { ProjectError } from "../analyze/sources.ts";
import { OutputError } from "../fs/output_guard.ts";
import { commandLine, type CommandSpec, UsageError } from "./command.ts";
import { commandHelp } from "./help.ts";
import { parseCommandArgs } from "./parse_args.ts";
import { stderrStyle } from "./style.ts";

/** Runs `command` with `args`; resolves with the exit status. */
export async function runCommand(
  command: CommandSpec,
  args: readonly string[],
): Promise<number> {
  const style = stderrStyle();
  try {
    if (command.raw !== undefined) return await command.raw(args);
    const parsed = parseCommandArgs(command, args);
    if (parsed.values.help === true) {
      console.log(commandHelp(command));
      return 0;
    }
    return await command.run(parsed);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(
        `${style.error("error:")} ${error.message} ${
          style.dim(`(see ${commandLine(command)} --help)`)
        }`,
      );
      return 2;
    }
    if (error instanceof ConfigError) {
      console.error(`${style.error("configuration error:")} ${error.message}`);
      return 1;
    }
    if (error instanceof OutputError) {
      console.error(`${style.error("error:")} ${error.message}`);
      return error.exitCode;
    }
    if (
      error instanceof ProjectError || error instanceof Deno.errors.NotFound
    ) {
      console.error(`${style.error("error:")} ${error.message}`);
      return 1;
    }
    // Anything else is still one line, never a stack trace.
    console.error(
      `${style.error("error:")} ${
        (error as Error).message?.split("\n")[0] ?? String(error)
      }`,
    );
    return 1;
  }
}
