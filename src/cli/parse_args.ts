/**
 * Reads a command's arguments against its declaration: unknown options are
 * one line with the nearest known option, values are checked for their
 * kind, and positionals are counted.
 *
 * @module
 */

import { parseArgs } from "node:util";
import {
  commandLine,
  type CommandSpec,
  HELP_OPTION,
  type ParsedArgs,
  UsageError,
} from "./command.ts";
import { unknownOptionMessage } from "./did_you_mean.ts";

/** The parsed arguments of `command`; throws {@link UsageError}. */
export function parseCommandArgs(
  command: CommandSpec,
  args: readonly string[],
): ParsedArgs {
  const options = [...command.options, HELP_OPTION];
  const config: NonNullable<Parameters<typeof parseArgs>[0]>["options"] = {};
  for (const option of options) {
    config[option.name] = {
      type: option.value === undefined ? "boolean" : "string",
      ...(option.short === undefined ? {} : { short: option.short }),
      ...(option.multiple ? { multiple: true } : {}),
    };
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: config,
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(explain(command, options, error as Error, args));
  }
  const values = parsed.values as Record<string, string | string[] | boolean>;
  if (values.help === true) return { values, positionals: [] };
  const absent = command.options.find((option) =>
    option.required && values[option.name] === undefined
  );
  if (absent !== undefined) {
    throw new UsageError(
      `${commandLine(command)}: --${absent.name} ${absent.value} is required`,
    );
  }
  const allowed = command.positionals ?? [];
  if (parsed.positionals.length > allowed.length) {
    const extra = parsed.positionals.slice(allowed.length);
    throw new UsageError(
      `${commandLine(command)}: unexpected argument ${
        JSON.stringify(extra[0])
      }`,
    );
  }
  const missing = allowed.slice(parsed.positionals.length)
    .find((positional) => !positional.optional);
  if (missing !== undefined) {
    throw new UsageError(
      `${commandLine(command)}: ${missing.name} is required`,
    );
  }
  return { values, positionals: parsed.positionals };
}

/** One line for what `node:util`'s parser rejected. */
function explain(
  command: CommandSpec,
  options: readonly { name: string; value?: string; short?: string }[],
  error: Error & { code?: string },
  args: readonly string[],
): string {
  const prefix = commandLine(command);
  const unknown = unknownOptionMessage(
    error.message,
    options.map((option) => option.name),
  );
  if (unknown !== undefined) return `${prefix}: ${unknown}`;
  const needsValue = /^Option '(?:-\w, )?--([\w-]+) <value>' argument missing/
    .exec(error.message)?.[1];
  if (needsValue !== undefined) {
    const option = options.find((option) => option.name === needsValue);
    return `${prefix}: --${needsValue} needs a value (${
      option?.value ?? "VALUE"
    })`;
  }
  const noValue = /^Option '(?:-\w, )?--([\w-]+)' does not take an argument/
    .exec(error.message)?.[1];
  if (noValue !== undefined) {
    return `${prefix}: --${noValue} is a switch and takes no value`;
  }
  const first = error.message.split("\n")[0] ?? String(error);
  return `${prefix}: ${first} (arguments: ${args.join(" ")})`;
}
