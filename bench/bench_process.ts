/**
 * Whole-process measurements for the benchmark: wall time of a spawned
 * command, and the peak resident memory of its process tree (read from
 * `/proc`, so the `deno check` child of `generate` counts too).
 *
 * @module
 */

/** A command to spawn: program, arguments, working directory. */
export interface Command {
  readonly program: string;
  readonly args: readonly string[];
  readonly cwd?: string;
}

/** What one run gave. */
export interface RunResult {
  readonly ms: number;
  readonly code: number;
  /** The first lines of stderr and stdout, for a failure message. */
  readonly output: string;
  /** All of stderr (`--timings` is read from it). */
  readonly stderr: string;
  /**
   * CPU time (user + system, ms) of the command and its children, which
   * moves far less than wall time on a busy machine; undefined without
   * `/proc`.
   */
  readonly cpuMs?: number;
}

function spawn(command: Command): Deno.ChildProcess {
  return new Deno.Command(command.program, {
    args: [...command.args],
    ...(command.cwd === undefined ? {} : { cwd: command.cwd }),
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
}

function firstLines(stderr: Uint8Array, stdout: Uint8Array): string {
  const decoder = new TextDecoder();
  return (decoder.decode(stderr) + decoder.decode(stdout)).trim()
    .split("\n").slice(0, 8).join("\n");
}

/**
 * Runs `command` to its end; wall time from spawn to exit, and its CPU
 * time. Not to be run beside another child of this process: the CPU time
 * is what this process's reaped children used meanwhile.
 */
export async function timeRun(command: Command): Promise<RunResult> {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const { code, stdout, stderr } = await spawn(command).output();
  const ms = performance.now() - started;
  const cpuAfter = childrenCpuMs();
  return {
    ms,
    code,
    output: firstLines(stderr, stdout),
    stderr: new TextDecoder().decode(stderr),
    ...(cpuBefore === undefined || cpuAfter === undefined
      ? {}
      : { cpuMs: cpuAfter - cpuBefore }),
  };
}

/**
 * CPU time (ms) of this process's reaped children: `cutime` + `cstime` of
 * `/proc/self/stat`, in clock ticks of 10 ms (Linux's USER_HZ).
 */
function childrenCpuMs(): number | undefined {
  const stat = readText("/proc/self/stat");
  if (stat === "") return undefined;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/**
 * CPU time (ms) `pid` and its reaped children used so far: `utime` +
 * `stime` + `cutime` + `cstime` of `/proc/<pid>/stat`, in clock ticks of
 * 10 ms; undefined without `/proc` or once the process is gone.
 */
export function processCpuMs(pid: number): number | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === "") return undefined;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return [11, 12, 13, 14].reduce((n, i) => n + Number(fields[i]), 0) * 10;
}

/** Whether this machine has `/proc` to read memory from. */
export function hasProc(): boolean {
  try {
    Deno.statSync("/proc/self/status");
    return true;
  } catch {
    return false;
  }
}

function readText(path: string): string {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return "";
  }
}

/** `pid` and all its descendants, from `/proc/<pid>/task/<tid>/children`. */
function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    let tasks: string[] = [];
    try {
      tasks = [...Deno.readDirSync(`/proc/${tree[i]}/task`)].map((e) => e.name);
    } catch {
      continue;
    }
    for (const task of tasks) {
      const children = readText(`/proc/${tree[i]}/task/${task}/children`);
      for (const child of children.split(" ")) {
        if (child.trim() !== "") tree.push(Number(child));
      }
    }
  }
  return tree;
}

/** Resident memory of one process in bytes (0 when it is gone). */
function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readText(`/proc/${pid}/status`));
  return match ? Number(match[1]) * 1024 : 0;
}

/** What a memory run gave: peak RSS summed over the process tree. */
export interface RssResult extends RunResult {
  readonly peakBytes: number;
}

/**
 * Runs `command` and samples the resident memory of its process tree every
 * `intervalMs`; the peak of the sums. Kept out of the timed rounds.
 */
export async function rssRun(
  command: Command,
  intervalMs = 10,
): Promise<RssResult> {
  const started = performance.now();
  const child = spawn(command);
  let peakBytes = 0;
  let done = false;
  const sampling = (async () => {
    while (!done) {
      const total = processTree(child.pid).reduce((n, p) => n + rssBytes(p), 0);
      peakBytes = Math.max(peakBytes, total);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  const { code, stdout, stderr } = await child.output();
  const ms = performance.now() - started;
  done = true;
  await sampling;
  return {
    ms,
    code,
    output: firstLines(stderr, stdout),
    stderr: new TextDecoder().decode(stderr),
    peakBytes,
  };
}

/** Median of `values` (mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[mid]!
    : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
