/**
 * The help texts: the list of commands, and each command's synopsis,
 * arguments, options with their defaults, and examples, within 80 columns.
 *
 * @module
 */

import {
  commandLine,
  type CommandSpec,
  HELP_OPTION,
  type OptionSpec,
} from "./command.ts";

/** `tailor --help`: what Tailor is, and its commands. */
export function mainHelp(
  version: string,
  commands: readonly CommandSpec[],
): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    `tailor ${version}: typed clients (TypeScript, Java, OpenAPI) from a TypeScript server`,
    "",
    "Usage: tailor <command> [options]",
    "",
    "Commands:",
    ...commands.map((command) =>
      `  ${command.name.padEnd(width)}  ${command.summary}`
    ),
    "",
    "Options:",
    "  -V, -v, --version  print the version",
    "  -h, --help         print this help",
    "",
    "Run `tailor <command> --help` for a command's options and examples.",
  ].join("\n");
}

/** `tailor <command> --help`. */
export function commandHelp(command: CommandSpec): string {
  const positionals = (command.positionals ?? []).map((positional) =>
    positional.optional ? `[${positional.name}]` : positional.name
  );
  const required = command.options.filter((option) => option.required)
    .map((option) => `--${option.name} ${option.value}`);
  const lines = [
    `${commandLine(command)}: ${command.summary}`,
    "",
    `Usage: ${commandLine(command)} ${
      [...positionals, ...required, "[options]"].join(" ")
    }`,
  ];
  if (command.details !== undefined) lines.push("", command.details);
  if ((command.positionals ?? []).length > 0) {
    lines.push("", "Arguments:");
    const width = Math.max(
      ...command.positionals!.map((positional) => positional.name.length),
    );
    for (const positional of command.positionals!) {
      lines.push(
        `  ${positional.name.padEnd(width)}  ${positional.description}`,
      );
    }
  }
  lines.push("", "Options:", ...optionLines([...command.options, HELP_OPTION]));
  if (command.examples.length > 0) {
    lines.push("", "Examples:");
    for (const [example, comment] of command.examples) {
      lines.push(`  # ${comment}`, `  ${example}`);
    }
  }
  return lines.join("\n");
}

/** Option rows: name and value, then the description and default, wrapped. */
function optionLines(options: readonly OptionSpec[]): string[] {
  const heads = options.map((option) =>
    `${
      option.short === undefined ? "    " : `-${option.short}, `
    }--${option.name}${option.value === undefined ? "" : ` ${option.value}`}`
  );
  const width = Math.min(28, Math.max(...heads.map((head) => head.length)));
  const lines: string[] = [];
  options.forEach((option, index) => {
    const head = heads[index]!;
    const text = option.required
      ? `${option.description} (required)`
      : option.default === undefined
      ? option.description
      : `${option.description} (default: ${option.default})`;
    const wrapped = wrap(text, 78 - width - 2);
    if (head.length > width) {
      lines.push(`  ${head}`);
      lines.push(...wrapped.map((line) => `  ${" ".repeat(width)}  ${line}`));
    } else {
      lines.push(`  ${head.padEnd(width)}  ${wrapped[0]}`);
      lines.push(
        ...wrapped.slice(1).map((line) => `  ${" ".repeat(width)}  ${line}`),
      );
    }
  });
  return lines;
}

/** Words of `text` in lines of at most `width` characters. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  lines.push(line);
  return lines;
}
