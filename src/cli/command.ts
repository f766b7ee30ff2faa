/**
 * What a `tailor` command is: its name, its one-line summary, its options
 * with their defaults, its examples, and how it runs. The help text, the
 * parser and the "did you mean" all read the same declaration.
 *
 * @module
 */

/** One option of a command. */
export interface OptionSpec {
  /** The long name, without `--`. */
  readonly name: string;
  /** A one-letter alias, without `-`. */
  readonly short?: string;
  /** `boolean` for a switch; otherwise the placeholder of its value (`DIR`). */
  readonly value?: string;
  /** Whether the command cannot run without it. */
  readonly required?: boolean;
  /** Whether it may be given more than once. */
  readonly multiple?: boolean;
  /** The default, as the help shows it. */
  readonly default?: string;
  /** What it does, in a few words. */
  readonly description: string;
}

/** One positional argument of a command. */
export interface PositionalSpec {
  /** The placeholder (`DIR`). */
  readonly name: string;
  /** Whether it may be left out. */
  readonly optional?: boolean;
  /** What it is. */
  readonly description: string;
}

/** The parsed command line of one command. */
export interface ParsedArgs {
  /** Option values by long name (`string[]` for a multiple option). */
  readonly values: Readonly<Record<string, string | string[] | boolean>>;
  /** The positional arguments, in order. */
  readonly positionals: readonly string[];
}

/** A `tailor` command. */
export interface CommandSpec {
  /** `generate`, `check`... */
  readonly name: string;
  /** What runs it, before its name (default `tailor`). */
  readonly program?: string;
  /** One line for the command list. */
  readonly summary: string;
  /** More lines for the command's own help, if any. */
  readonly details?: string;
  readonly positionals?: readonly PositionalSpec[];
  readonly options: readonly OptionSpec[];
  /** Commented examples: `[command line, comment]`. */
  readonly examples: readonly (readonly [string, string])[];
  /**
   * Runs the command; resolves with the exit status. Loaded on first use,
   * so that `tailor --help` loads no compiler.
   */
  readonly run: (args: ParsedArgs) => Promise<number>;
  /**
   * Runs the command on its raw arguments instead (it reads them, and
   * answers `--help`, itself): `tailor api`, whose reader is shared with
   * the Node downloader.
   */
  readonly raw?: (args: readonly string[]) => Promise<number>;
}

/** Wrong use of the command line: one line, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** How a user runs `command`: `tailor generate`, `deno task serve`. */
export function commandLine(command: CommandSpec): string {
  return `${command.program ?? "tailor"} ${command.name}`;
}

/** The `--help` switch every command has. */
export const HELP_OPTION: OptionSpec = {
  name: "help",
  short: "h",
  description: "print this help",
};
