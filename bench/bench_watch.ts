/**
 * Warm regeneration for the benchmark: starts `cli.ts generate --watch`,
 * waits for its first output and its `watching` line, then edits one
 * controller `rounds` times (its doc comment, or a parameter's name, which
 * the type check must see again) and measures how long each edit takes to
 * reach the generated service file. Each edit waits for the watcher to
 * report the previous one handled (its `updated` line), as a person's next
 * edit would: otherwise an edit's time would include the rest of the
 * previous one's writes. Reports why when watch mode is not there.
 *
 * @module
 */

import { median } from "./bench_process.ts";

/** The median time of a warm regeneration, or why there is none. */
export type WarmResult =
  | { readonly ms: number; readonly runs: readonly number[] }
  | { readonly reason: string };

/** Where to edit and where the edit must show up. */
export interface WarmSetup {
  readonly cli: string;
  readonly project: string;
  readonly out: string;
  /** Controller file to edit, relative to the project. */
  readonly controller: string;
  /**
   * Text in that file to edit: a doc comment's, which gets a suffix, or with
   * `edit: "code"` an identifier, renamed everywhere in the file.
   */
  readonly anchor: string;
  /** What kind of edit (default `doc`). */
  readonly edit?: "doc" | "code";
  /** Generated file, relative to `out`, that carries the doc comment. */
  readonly generated: string;
}

const START_TIMEOUT_MS = 300_000;
const EDIT_TIMEOUT_MS = 60_000;

async function readOrEmpty(path: string): Promise<string> {
  try {
    return await Deno.readTextFile(path);
  } catch {
    return "";
  }
}

/** Polls until `ready()` or `timeoutMs`; false on time-out or `stop()`. */
async function until(
  ready: () => Promise<boolean>,
  timeoutMs: number,
  stopped: () => boolean,
): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline && !stopped()) {
    if (await ready()) return true;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return false;
}

/** What the watcher has said on standard output so far. */
class WatchOutput {
  /** Whether it said it is watching (ready for the first edit). */
  watching = false;
  /** How many changes it reported handled. */
  handled = 0;

  constructor(stdout: ReadableStream<Uint8Array>) {
    this.#read(stdout).catch(() => {});
  }

  async #read(stdout: ReadableStream<Uint8Array>): Promise<void> {
    let pending = "";
    for await (const chunk of stdout.pipeThrough(new TextDecoderStream())) {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith("watching ")) this.watching = true;
        if (line.startsWith("updated ")) this.handled++;
      }
    }
  }
}

/** Measures `rounds` warm regenerations in watch mode. */
export async function measureWarm(
  setup: WarmSetup,
  rounds: number,
): Promise<WarmResult> {
  const source = `${setup.project}/${setup.controller}`;
  const original = await Deno.readTextFile(source);
  const generated = `${setup.out}/${setup.generated}`;
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      setup.cli,
      "generate",
      "--watch",
      "--project",
      setup.project,
      "--out",
      setup.out,
    ],
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let exited = false;
  const status = child.status.then((s) => (exited = true, s));
  const stderr = new Response(child.stderr).text();
  const output = new WatchOutput(child.stdout);
  try {
    const started = await until(
      async () =>
        output.watching &&
        (await readOrEmpty(generated)).includes(setup.anchor),
      START_TIMEOUT_MS,
      () => exited,
    );
    if (!started) {
      if (!exited) return { reason: "watch mode wrote no output in time" };
      const { code } = await status;
      const first = (await stderr).trim().split("\n")[0] ?? "";
      return {
        reason: `cli.ts generate --watch exited with ${code}: ${first}`,
      };
    }
    const runs: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const code = setup.edit === "code";
      const marker = code
        ? `${setup.anchor}${round}`
        : `${setup.anchor} (edit ${round})`;
      const edited = code
        ? original.replaceAll(setup.anchor, marker)
        : original.replace(setup.anchor, marker);
      const t0 = performance.now();
      await Deno.writeTextFile(source, edited);
      const seen = await until(
        async () => (await readOrEmpty(generated)).includes(marker),
        EDIT_TIMEOUT_MS,
        () => exited,
      );
      if (!seen) {
        return { reason: `edit ${round} did not reach ${setup.generated}` };
      }
      runs.push(performance.now() - t0);
      const handled = await until(
        () => Promise.resolve(output.handled >= round),
        EDIT_TIMEOUT_MS,
        () => exited,
      );
      if (!handled) return { reason: `edit ${round} was never reported` };
    }
    return { ms: median(runs), runs };
  } finally {
    if (!exited) child.kill("SIGTERM");
    await status;
    await stderr.catch(() => "");
    await Deno.writeTextFile(source, original);
  }
}
