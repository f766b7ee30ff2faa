/**
 * Runs a command for a test (javac, deno, ...) and captures what it says:
 * the one subprocess helper of the tests.
 *
 * @module
 */

/** What a finished command said. */
export interface CommandResult {
  readonly code: number;
  /** stdout, then stderr. */
  readonly output: string;
}

/** Where and how to run a command. */
export interface RunOptions {
  /** Working directory (default: the current one). */
  readonly cwd?: string;
  /** Variables added to the inherited environment (`NO_COLOR=1` always). */
  readonly env?: Readonly<Record<string, string>>;
  /** Kills the command after this many milliseconds (default: waits). */
  readonly timeoutMs?: number;
}

/**
 * Runs `command` with `args`, without color, and waits for it. A command
 * that is not installed throws `Deno.errors.NotFound` naming it.
 */
export async function run(
  command: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<CommandResult> {
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command(command, {
      args: [...args],
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      ...(options.timeoutMs === undefined
        ? {}
        : { signal: AbortSignal.timeout(options.timeoutMs) }),
      env: { NO_COLOR: "1", ...options.env },
      stdout: "piped",
      stderr: "piped",
    }).output();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Deno.errors.NotFound(`"${command}" is not on PATH`);
    }
    throw error;
  }
  const decoder = new TextDecoder();
  return {
    code: out.code,
    output: decoder.decode(out.stdout) + decoder.decode(out.stderr),
  };
}

/** Runs the running Deno executable with `args` (`deno check ...`). */
export function runDeno(
  args: readonly string[],
  options: RunOptions = {},
): Promise<CommandResult> {
  return run(Deno.execPath(), args, options);
}

/**
 * Throws unless `result` is a success: `what` failed, its exit status and
 * its output.
 */
export function assertSucceeded(what: string, result: CommandResult): void {
  if (result.code !== 0) {
    throw new Error(`${what} failed (exit ${result.code}):\n${result.output}`);
  }
}
