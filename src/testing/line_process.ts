/**
 * A long-running process for tests (a server, `tailor dev`): its output
 * lines kept as they come, stdout and stderr together, and waited for.
 *
 * @module
 */

/** A started process and its lines. */
export interface LineProcess {
  readonly child: Deno.ChildProcess;
  /** Every line printed so far. */
  readonly lines: string[];
  /**
   * The first line from index `from` on matching `pattern`, waited for (at
   * most 60 s, or until the process ends); throws with the lines seen.
   */
  readonly line: (pattern: RegExp, from?: number) => Promise<string>;
  /**
   * Ends the process, if still running (SIGTERM, so that it cleans up; then
   * SIGKILL after 10 s), and its readers.
   */
  readonly stop: () => Promise<void>;
}

/** Starts `deno ...args` in `cwd`, without color. */
export function lineProcess(args: readonly string[], cwd: string): LineProcess {
  const child = new Deno.Command(Deno.execPath(), {
    args: [...args],
    cwd,
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const lines: string[] = [];
  let exited = false;
  child.status.then(() => exited = true);
  const read = Promise.all([child.stdout, child.stderr].map(async (stream) => {
    let rest = "";
    for await (const text of stream.pipeThrough(new TextDecoderStream())) {
      const parts = (rest + text).split("\n");
      rest = parts.pop()!;
      lines.push(...parts);
    }
  }));
  const line = async (pattern: RegExp, from = 0) => {
    for (let i = 0; i < 2400; i++) {
      const found = lines.slice(from).find((line) => pattern.test(line));
      if (found !== undefined) return found;
      if (exited) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no line ${pattern}:\n${lines.join("\n")}`);
  };
  const stop = async () => {
    if (!exited) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => exited || child.kill("SIGKILL"), 10_000);
      await child.status;
      clearTimeout(timer);
    }
    await child.status;
    await read;
  };
  return { child, lines, line, stop };
}
