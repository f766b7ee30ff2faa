/**
 * The live loop, measured: from the write of a server edit until the last
 * changed file has landed in every one of 5 `api --watch` clients, against
 * `tailor serve --watch` (a doc-comment edit: p50 and p95; an edit of code,
 * type-checked: p50), and from the write of an edit that adds a route until
 * its first 200 under `tailor dev main.ts` (p50). Whole processes, as a
 * user runs them.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { EVENTS_PATH, readEvents } from "../src/api/event_stream.ts";
import { processCpuMs } from "./bench_process.ts";
import {
  controllerFile,
  editTarget,
  projectSize,
} from "../src/testing/synthetic_project.ts";

/** Medians of the two phases of an edit, in milliseconds. */
export interface LivePhases {
  /** From the write until the `version` event reached a listener (server: watch, analysis, render, pack). */
  readonly docEventP50Ms: number;
  /** From that event until the last client has the file (download, unpack, write). */
  readonly docApplyP50Ms: number;
  readonly codeEventP50Ms: number;
  readonly codeApplyP50Ms: number;
  /** CPU time (user + system) of the server and the 5 clients per doc edit, mean; undefined without `/proc`. */
  readonly docCpuMs?: number;
  readonly codeCpuMs?: number;
}

/**
 * Where an added route's time goes, in ms, as `tailor dev` logs each
 * reload (`routes reloaded in N ms (analysis ..., worker boot ..., ...)`):
 * the analysis from the edit seen (the new version starts then, and serves
 * while the type check runs), the new worker's boot, the app's modules
 * loaded, the app built, the listener up, the supervisor told (`switch`).
 * `rest` is the remainder of the
 * write-to-200 time (the watcher seeing the write, the request itself).
 */
export interface RoutePhases {
  readonly analysis: number;
  readonly workerBoot: number;
  readonly imports: number;
  readonly mount: number;
  readonly listen: number;
  readonly switch: number;
  readonly rest: number;
}

const PHASES_LINE =
  /routes reloaded in (\d+) ms \(analysis (\d+) ms, worker boot (\d+) ms, imports (\d+) ms, mount (\d+) ms, listen (\d+) ms, switch (\d+) ms\)/;

/** Connected `api --watch` clients. */
export const LIVE_CLIENTS = 5;

/** The figures at one size, in milliseconds, or why there are none. */
export type LiveResult =
  | {
    readonly docP50Ms: number;
    readonly docP95Ms: number;
    readonly codeP50Ms: number;
    /** The phases of the doc and code edits: the write until the server's `version` event, and that event until the last client has the file. */
    readonly phases: LivePhases;
    readonly routeP50Ms?: number;
    /** Of the route runs: from the new models to the new worker serving (its log line). */
    readonly routeReloadP50Ms?: number;
    /** Of the route runs: each step's p50 (see {@link RoutePhases}). */
    readonly routePhasesP50Ms?: RoutePhases;
    /**
     * CPU time (user + system) of `tailor dev` per added route, p50, with its
     * type checks that ended by the route's first 200.
     */
    readonly routeCpuP50Ms?: number;
    /** Why there are no route figures. */
    readonly routeReason?: string;
    readonly runs: Readonly<Record<"doc" | "code" | "route", number[]>>;
  }
  | { readonly reason: string };

const REPO = fileURLToPath(new URL("../", import.meta.url));
const CLI = `${REPO}cli.ts`;
const API = `${REPO}src/api/main.ts`;
const START_TIMEOUT_MS = 600_000;
const EDIT_TIMEOUT_MS = 60_000;

/** A child process whose output lines are kept. */
class Child {
  readonly lines: string[] = [];
  readonly #process: Deno.ChildProcess;
  exited = false;

  get pid(): number {
    return this.#process.pid;
  }

  constructor(args: string[], cwd?: string) {
    this.#process = new Deno.Command(Deno.execPath(), {
      args,
      ...(cwd === undefined ? {} : { cwd }),
      env: { NO_COLOR: "1" },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.#process.status.then(() => this.exited = true);
    for (const stream of [this.#process.stdout, this.#process.stderr]) {
      (async () => {
        let rest = "";
        for await (const text of stream.pipeThrough(new TextDecoderStream())) {
          const parts = (rest + text).split("\n");
          rest = parts.pop()!;
          this.lines.push(...parts);
        }
      })().catch(() => {});
    }
  }

  /** The first line matching `pattern`, waited for. */
  async line(pattern: RegExp, from = 0): Promise<RegExpMatchArray> {
    const deadline = performance.now() + START_TIMEOUT_MS;
    for (;;) {
      for (const line of this.lines.slice(from)) {
        const match = line.match(pattern);
        if (match !== null) return match;
      }
      if (this.exited || performance.now() > deadline) {
        throw new Error(
          `no line ${pattern} (${this.exited ? "exited" : "timed out"}): ${
            this.lines.slice(-3).join(" | ")
          }`,
        );
      }
      await sleep(5);
    }
  }

  /**
   * CPU time (user + system, ms) the process has used so far, with its
   * children it has waited for (the type checks); Linux only.
   */
  async cpuMs(): Promise<number> {
    const stat = await Deno.readTextFile(`/proc/${this.#process.pid}/stat`);
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime, stime, cutime, cstime: fields 14-17 of proc(5), in ticks.
    const ticks = fields.slice(11, 15).reduce((sum, t) => sum + Number(t), 0);
    return ticks * 10;
  }

  async stop(): Promise<void> {
    if (!this.exited) this.#process.kill("SIGINT");
    await this.#process.status;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function readOrEmpty(path: string): Promise<string> {
  try {
    return await Deno.readTextFile(path);
  } catch {
    return "";
  }
}

/** Polls `ready` every 2 ms; throws after {@link EDIT_TIMEOUT_MS}. */
async function until(ready: () => Promise<boolean>, what: string) {
  const deadline = performance.now() + EDIT_TIMEOUT_MS;
  while (!await ready()) {
    if (performance.now() > deadline) throw new Error(`${what}: timed out`);
    await sleep(2);
  }
}

/** The `q` quantile of `values` (nearest rank). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/**
 * Measures the live loop on the synthetic project in `project` (of
 * `endpoints` operations; it is edited and restored) with `rounds` edits of
 * each kind (the doc-comment edit gets 4 times as many, for its p95).
 */
export async function measureLive(
  project: string,
  endpoints: number,
  work: string,
  rounds: number,
): Promise<LiveResult> {
  const target = editTarget(endpoints);
  const source = `${project}/${target.controller}`;
  const original = await Deno.readTextFile(source);
  const generated = target.generated.replace(/^ts\//, "");
  const children: Child[] = [];
  let stopListening = () => {};
  try {
    const server = new Child([
      "run",
      "-A",
      CLI,
      "serve",
      "--project",
      project,
      "--watch",
      "--port",
      "0",
      "--quiet",
    ]);
    children.push(server);
    const [, base] = await server.line(/ on (http:\/\/\S+?)\/?$/);
    const dirs = Array.from(
      { length: LIVE_CLIENTS },
      (_, i) => `${work}/live${endpoints}-client${i}`,
    );
    for (const dir of dirs) {
      const client = new Child([
        "run",
        "-A",
        API,
        `${base}/ts.zip`,
        dir,
        "--watch",
      ]);
      children.push(client);
    }
    for (const client of children.slice(1)) await client.line(/ updated to /);
    const versions = followVersions(`${base}${EVENTS_PATH}`);
    stopListening = versions.stop;
    const landed = async (marker: string) => {
      for (const dir of dirs) {
        if (!(await readOrEmpty(`${dir}/${generated}`)).includes(marker)) {
          return false;
        }
      }
      return true;
    };
    const events: Record<"doc" | "code", number[]> = { doc: [], code: [] };
    const applies: Record<"doc" | "code", number[]> = { doc: [], code: [] };
    const cpu: Partial<Record<"doc" | "code", number>> = {};
    const cpuNow = () =>
      children.reduce<number | undefined>((sum, child) => {
        const ms = processCpuMs(child.pid);
        return sum === undefined || ms === undefined ? undefined : sum + ms;
      }, 0);
    const edits = async (kind: "doc" | "code", count: number) => {
      const cpuBefore = cpuNow();
      const runs: number[] = [];
      for (let round = 1; round <= count; round++) {
        const marker = kind === "code"
          ? `${target.codeAnchor}${kind}${round}`
          : `${target.anchor} (edit ${round})`;
        const edited = kind === "code"
          ? original.replaceAll(target.codeAnchor, marker)
          : original.replace(target.anchor, marker);
        const t0 = performance.now();
        await Deno.writeTextFile(source, edited);
        await until(() => landed(marker), `${kind} edit ${round}`);
        const t1 = performance.now();
        runs.push(t1 - t0);
        const event = versions.times.find((t) => t > t0);
        if (event !== undefined) {
          events[kind].push(event - t0);
          applies[kind].push(t1 - event);
        }
        // Let every client settle before the next edit.
        await sleep(100);
      }
      const cpuAfter = cpuNow();
      if (cpuBefore !== undefined && cpuAfter !== undefined) {
        cpu[kind] = (cpuAfter - cpuBefore) / count;
      }
      return runs;
    };
    const doc = await edits("doc", rounds * 4);
    const code = await edits("code", rounds);
    await Deno.writeTextFile(source, original);
    stopListening();
    for (const child of children.splice(0)) await child.stop();
    const route = await measureRoute(project, endpoints, source, rounds)
      .catch((error: Error) => ({ reason: error.message }));
    return {
      docP50Ms: quantile(doc, 0.5),
      docP95Ms: quantile(doc, 0.95),
      codeP50Ms: quantile(code, 0.5),
      phases: {
        docEventP50Ms: quantile(events.doc, 0.5),
        docApplyP50Ms: quantile(applies.doc, 0.5),
        codeEventP50Ms: quantile(events.code, 0.5),
        codeApplyP50Ms: quantile(applies.code, 0.5),
        ...(cpu.doc === undefined ? {} : { docCpuMs: cpu.doc }),
        ...(cpu.code === undefined ? {} : { codeCpuMs: cpu.code }),
      },
      ...("reason" in route ? { routeReason: route.reason } : {
        routeP50Ms: quantile(route.runs, 0.5),
        routeReloadP50Ms: quantile(route.reloads, 0.5),
        routePhasesP50Ms: phasesP50(route.phases),
        routeCpuP50Ms: quantile(route.cpu, 0.5),
      }),
      runs: { doc, code, route: "reason" in route ? [] : route.runs },
    };
  } catch (error) {
    return { reason: (error as Error).message };
  } finally {
    stopListening();
    for (const child of children) await child.stop();
    await Deno.writeTextFile(source, original);
  }
}

/** The added-route runs of {@link measureRoute}. */
interface RouteRuns {
  /** From the write to the first 200. */
  readonly runs: number[];
  /** From the new models to the new version serving. */
  readonly reloads: number[];
  readonly phases: RoutePhases[];
  /** CPU ms of the `tailor dev` process (and its type checks) per edit. */
  readonly cpu: number[];
}

/** Each phase's p50 over the runs. */
function phasesP50(runs: readonly RoutePhases[]): RoutePhases {
  const p50 = (key: keyof RoutePhases) =>
    quantile(runs.map((run) => run[key]), 0.5);
  return {
    analysis: p50("analysis"),
    workerBoot: p50("workerBoot"),
    imports: p50("imports"),
    mount: p50("mount"),
    listen: p50("listen"),
    switch: p50("switch"),
    rest: p50("rest"),
  };
}

/**
 * Listens to a server's event stream: the arrival time of each `version`
 * event (`performance.now()`), until `stop`.
 */
function followVersions(url: string): { times: number[]; stop: () => void } {
  const times: number[] = [];
  const controller = new AbortController();
  (async () => {
    const response = await fetch(url, { signal: controller.signal });
    for await (const event of readEvents(response.body!)) {
      if (event.event === "version") times.push(performance.now());
    }
  })().catch(() => {});
  return { times, stop: () => controller.abort() };
}

/**
 * `tailor dev` on a `main.ts` serving every controller of the project: an
 * edit adds a route to controller 0, timed until it answers 200.
 */
export async function measureRoute(
  project: string,
  endpoints: number,
  source: string,
  rounds: number,
): Promise<RouteRuns> {
  const size = projectSize(endpoints);
  const controllers = Array.from(
    { length: size.controllers },
    (_, j) => ({
      file: controllerFile(j, size),
      name: `Resource${j}Controller`,
    }),
  );
  const main = `${project}/main.ts`;
  await Deno.writeTextFile(
    main,
    [
      `import { createServer } from "${REPO}mod.ts";`,
      ...controllers.map((c, j) =>
        `import { ${c.name}, Report${j} } from "./${c.file}";`
      ),
      "const app = await createServer({",
      "  project: import.meta.dirname!,",
      `  controllers: [${
        controllers.map((c) => `new ${c.name}()`).join(", ")
      }],`,
      `  fetcherOwners: [${
        controllers.map((_, j) => `Report${j}`).join(", ")
      }],`,
      "});",
      "export default app;",
      "",
    ].join("\n"),
  );
  const original = await Deno.readTextFile(source);
  const prefix = original.match(/@Controller\("([^"]*)"\)/)![1];
  const dev = new Child([
    "run",
    "-A",
    CLI,
    "dev",
    main,
    "--port",
    "0",
    "--quiet",
  ]);
  try {
    const [, base] = await dev.line(/ on (http:\/\/\S+?)\/?$/);
    const runs: number[] = [];
    const reloads: number[] = [];
    const phases: RoutePhases[] = [];
    const cpu: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const name = `added${round}`;
      const at = original.lastIndexOf("}");
      const edited = `${
        original.slice(0, at)
      }\n  /** Added. */\n  @Get("/${name}")\n  ${name}(): string {\n    return "ok";\n  }\n}\n`;
      const logged = dev.lines.length;
      const cpu0 = await dev.cpuMs();
      const t0 = performance.now();
      await Deno.writeTextFile(source, edited);
      await until(async () => {
        const response = await fetch(`${base}${prefix}/${name}`);
        await response.body?.cancel();
        return response.status === 200;
      }, `route ${round}`);
      const total = performance.now() - t0;
      runs.push(total);
      const steps = (await dev.line(PHASES_LINE, logged)).slice(1).map(Number);
      const [reloaded, analysis, workerBoot, imports, mount, listen, toldAt] =
        steps;
      reloads.push(reloaded! - analysis!);
      phases.push({
        analysis: analysis!,
        workerBoot: workerBoot!,
        imports: imports!,
        mount: mount!,
        listen: listen!,
        switch: toldAt!,
        rest: total - reloaded!,
      });
      // The whole edit's work: its type check and artifacts come after.
      await dev.line(/source changed: artifacts refreshed/, logged);
      cpu.push(await dev.cpuMs() - cpu0);
      await sleep(100);
    }
    return { runs, reloads, phases, cpu };
  } finally {
    await dev.stop();
    await Deno.writeTextFile(source, original);
    await Deno.remove(main);
  }
}
