/**
 * The benchmark: whole-process timings of Tailor's `generate` against the
 * type checkers and peer generators on representative synthetic projects,
 * in interleaved rounds (A B C A B C ...), min and median; warm regeneration
 * in watch mode; peak memory; requests per second of the server against a
 * bare Hono route; `tailor diff` of two models of each size. Prints the
 * ratios the performance targets name.
 *
 * The fetcher builder's type-check cost (`fetcher_type_instantiations`, a
 * count: see bench_fetcher_types.ts) is measured too, unless
 * `--skip fetcher_types`.
 *
 *   deno task bench [--endpoints 250,1000,4000] [--rounds 5] [--json]
 *                   [--skip hey_api,orval] [--no-http] [--http-seconds 5]
 *                   [--rss-endpoints N] [--json-file FILE] [--keep]
 *                   [--postgres URL] [--no-live] [--live-only]
 *                   [--big-books N] [--http-only]
 *
 * The live loop (`bench_live.ts`: a server edit until it has reached 5
 * `api --watch` clients; an added route until its first 200) runs at each
 * size unless `--no-live`; `--live-only` runs only it.
 *
 * `--postgres URL` (else env DATABASE_URL): the PostgreSQL database of
 * `books_vs_sql_pg` (Tailor's server seeds it when empty). `--skip
 * bookstore` leaves out the small project's fixed cost (bench_small.ts).
 * `--big-books N` (default 200,000; 0: none): the server on a bookstore of
 * N more books (`bench_big_db.ts`): the worst accepted request's CPU and
 * `/helloworld`'s p99 under the costliest requests. `--http-only`: only
 * the server's load tests (and the big database unless `--big-books 0`).
 *
 * Timings need a quiet machine; timing is kept out of `deno test`.
 *
 * @module
 */

import { parseArgs } from "node:util";
import {
  booksFileVsSql,
  booksVsSql,
  booksVsSqlPostgres,
  zipVsHono,
} from "./bench_http.ts";
import {
  type BenchCommand,
  CLI,
  pinnedTools,
  prepare,
  type Prepared,
  touchNonce,
  tsgoCommand,
} from "./bench_commands.ts";
import { hasProc, median, rssRun, timeRun } from "./bench_process.ts";
import { measureWarm, type WarmResult } from "./bench_watch.ts";
import { type DiffResult, measureDiff } from "./bench_diff.ts";
import { measureSmall } from "./bench_small.ts";
import { type LiveResult, measureLive } from "./bench_live.ts";
import { measureBigDatabase } from "./bench_big_db.ts";
import {
  formatTable,
  type Report,
  type Timing,
  toJson,
} from "./bench_report.ts";
import { editTarget } from "../src/testing/synthetic_project.ts";
import { measureFetcherTypes } from "./bench_fetcher_types.ts";

/** Size of the project the warm-up runs on. */
const WARM_UP_ENDPOINTS = 20;

function usage(message: string): never {
  console.error(`bench: ${message}`);
  Deno.exit(2);
}

function parseOptions(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        endpoints: { type: "string", default: "250,1000,4000" },
        rounds: { type: "string", default: "5" },
        json: { type: "boolean", default: false },
        skip: { type: "string", default: "" },
        "no-http": { type: "boolean", default: false },
        "http-seconds": { type: "string", default: "5" },
        "rss-endpoints": { type: "string" },
        keep: { type: "boolean", default: false },
        "json-file": { type: "string" },
        postgres: { type: "string" },
        "no-live": { type: "boolean", default: false },
        "live-only": { type: "boolean", default: false },
        "http-only": { type: "boolean", default: false },
        "big-books": { type: "string", default: "200000" },
      },
    }).values;
  } catch (error) {
    return usage((error as Error).message);
  }
}

function positiveIntegers(text: string, flag: string): number[] {
  const values = text.split(",").map((part) => Number(part.trim()));
  if (values.some((n) => !Number.isInteger(n) || n < 1)) {
    usage(`${flag} takes positive integers, comma-separated: ${text}`);
  }
  return values;
}

/**
 * Moves the command's earlier outputs aside and changes the project (no
 * cache hit), so that every run writes a new tree, as a first run does.
 *
 * Outputs are not deleted between runs: on ext4 without a journal (this
 * project's benchmark machine), creating files within a minute of deleting
 * thousands in the same block group makes the kernel test every recently
 * freed inode on each allocation (`recently_deleted` in `find_inode_bit`).
 * Deleting the last output right before a run timed that kernel path:
 * 0.3 s at 1,000 endpoints, 1.5 s at 4,000, on tools that write many files.
 */
async function beforeRun(
  prepared: Prepared,
  command: BenchCommand,
): Promise<void> {
  for (const path of command.clean) await setAside(path, prepared.trash);
  await touchNonce(prepared.project);
}

let setAsideCount = 0;

/** Renames `path` into `trash` (removes it when it is on another device). */
async function setAside(path: string, trash: string): Promise<void> {
  await Deno.mkdir(trash, { recursive: true });
  try {
    await Deno.rename(path, `${trash}/${++setAsideCount}`);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return;
    await Deno.remove(path, { recursive: true });
  }
}

/**
 * One untimed run of every command on a small project: fills Deno's caches
 * (npm packages, transpiled modules) and finds the tools that fail.
 */
async function warmUp(prepared: Prepared): Promise<Map<string, string>> {
  const failures = new Map<string, string>();
  for (const command of prepared.commands) {
    await beforeRun(prepared, command);
    const result = await timeRun(command.command);
    if (result.code !== 0) {
      failures.set(
        command.name,
        `exit ${result.code}: ${result.output.split("\n")[0]}`,
      );
    }
  }
  return failures;
}

/** Interleaved timed rounds of the commands that did not fail yet. */
async function timeRounds(
  prepared: Prepared,
  rounds: number,
  failed: ReadonlyMap<string, string>,
  log: (line: string) => void,
): Promise<Record<string, Timing>> {
  const failures = new Map(failed);
  const runs = new Map<string, number[]>();
  for (let round = 1; round <= rounds; round++) {
    for (const command of prepared.commands) {
      if (failures.has(command.name)) continue;
      await beforeRun(prepared, command);
      const result = await timeRun(command.command);
      if (result.code !== 0) {
        failures.set(
          command.name,
          `exit ${result.code} in round ${round}: ${
            result.output.split("\n")[0]
          }`,
        );
        continue;
      }
      runs.set(command.name, [...runs.get(command.name) ?? [], result.ms]);
    }
    log(`  ${prepared.endpoints} endpoints: round ${round}/${rounds} done`);
  }
  const timings: Record<string, Timing> = {};
  for (const { name } of prepared.commands) {
    const failed = failures.get(name);
    const ms = runs.get(name) ?? [];
    timings[name] = failed !== undefined
      ? { failed }
      : { minMs: Math.min(...ms), medianMs: median(ms), runs: ms };
  }
  return timings;
}

/** Peak RSS (MB, process tree) of `generate` and `tsc` on one project. */
async function measureRss(
  prepared: Prepared,
): Promise<Record<string, number | string>> {
  const result: Record<string, number | string> = {};
  for (const name of ["generate", "tsc"]) {
    const command = prepared.commands.find((c) => c.name === name);
    if (command === undefined) continue;
    await beforeRun(prepared, command);
    const run = await rssRun(command.command);
    result[name] = run.code === 0
      ? run.peakBytes / 2 ** 20
      : `exit ${run.code}`;
  }
  return result;
}

if (import.meta.main) {
  const values = parseOptions(Deno.args);
  const sizes = positiveIntegers(values.endpoints, "--endpoints");
  const [rounds] = positiveIntegers(values.rounds, "--rounds");
  const [httpSeconds] = positiveIntegers(
    values["http-seconds"],
    "--http-seconds",
  );
  const rssSize = values["rss-endpoints"] === undefined
    ? Math.max(...sizes)
    : positiveIntegers(values["rss-endpoints"], "--rss-endpoints")[0]!;
  const bigBooks = Number(values["big-books"]);
  if (!Number.isSafeInteger(bigBooks) || bigBooks < 0) {
    usage(
      `--big-books takes a number of books (0: none): ${values["big-books"]}`,
    );
  }
  const skipped = new Set(values.skip.split(",").map((s) => s.trim()));
  const log = (line: string) => console.error(line);
  const tools = await pinnedTools();
  const tsgo = await tsgoCommand(tools["@typescript/native-preview"]!);
  const work = await Deno.makeTempDir({ prefix: "tailor_bench_" });
  try {
    const timings: Report["timings"] = {};
    const warm: Record<string, WarmResult> = {};
    const warmCode: Record<string, WarmResult> = {};
    const diff: Record<number, DiffResult> = {};
    const live: Record<string, LiveResult> = {};
    const liveOnly = values["live-only"];
    const httpOnly = values["http-only"];
    let rss: Report["rss"] = {
      reason: httpOnly ? "--http-only" : "no /proc on this machine",
    };
    const only = (prepared: Prepared): Prepared => ({
      ...prepared,
      commands: prepared.commands.filter((c) => !skipped.has(c.name)),
    });
    log("warm-up on a 20-endpoint project");
    const failed = liveOnly || httpOnly
      ? new Map<string, string>()
      : await warmUp(
        only(await prepare(work, WARM_UP_ENDPOINTS, tools, tsgo)),
      );
    for (
      const endpoints of httpOnly ? [] : [...new Set([...sizes, rssSize])]
    ) {
      log(`preparing ${endpoints} endpoints in ${work}`);
      const prepared = only(await prepare(work, endpoints, tools, tsgo));
      if (sizes.includes(endpoints) && !values["no-live"]) {
        log(`  ${endpoints} endpoints: the live loop`);
        live[endpoints] = await measureLive(
          prepared.project,
          endpoints,
          work,
          rounds!,
        );
      }
      if (liveOnly) continue;
      if (sizes.includes(endpoints)) {
        timings[endpoints] = await timeRounds(prepared, rounds!, failed, log);
        const { codeAnchor, ...target } = editTarget(endpoints);
        const setup = {
          cli: CLI,
          project: prepared.project,
          out: `${work}/watch${endpoints}`,
          ...target,
        };
        warm[endpoints] = await measureWarm(setup, rounds!);
        warmCode[endpoints] = await measureWarm(
          { ...setup, anchor: codeAnchor, edit: "code" },
          rounds!,
        );
        log(`  ${endpoints} endpoints: tailor diff`);
        diff[endpoints] = await measureDiff(prepared.project, work, rounds!);
      }
      if (endpoints === rssSize && hasProc() && !liveOnly) {
        log(`  ${endpoints} endpoints: peak memory`);
        rss = { endpoints, mb: await measureRss(prepared) };
      }
    }
    let small: Report["small"] = {
      reason: httpOnly ? "--http-only" : "--skip bookstore",
    };
    if (!skipped.has("bookstore") && !httpOnly) {
      log("the bookstore: fixed cost");
      small = await measureSmall(work, tools, rounds!);
    }
    const load = {
      autocannon: tools.autocannon!,
      rounds: rounds!,
      seconds: httpSeconds!,
      connections: 50,
    };
    const noHttp = {
      value: null,
      reason: liveOnly ? "--live-only" : "--no-http",
    } as const;
    const postgres = values.postgres ?? Deno.env.get("DATABASE_URL");
    const http: Report["http"] = {
      zip: values["no-http"] || liveOnly ? noHttp : await zipVsHono(load),
      books: values["no-http"] || liveOnly ? noHttp : await booksVsSql(load),
      zipNewConn: values["no-http"] || liveOnly
        ? noHttp
        : await zipVsHono({ ...load, newConnections: true }),
      booksNewConn: values["no-http"] || liveOnly
        ? noHttp
        : await booksVsSql({ ...load, newConnections: true }),
      booksFile: values["no-http"] || liveOnly
        ? noHttp
        : await booksFileVsSql(load),
      booksPostgres: values["no-http"] || liveOnly
        ? noHttp
        : postgres === undefined
        ? { value: null, reason: "no PostgreSQL: give --postgres URL" }
        : await booksVsSqlPostgres(load, postgres),
    };
    log("fetcher builder: type instantiations");
    const fetcherTypes = httpOnly
      ? { reason: "--http-only" }
      : skipped.has("fetcher_types")
      ? { reason: "--skip fetcher_types" }
      : await measureFetcherTypes();
    const bigDatabase: Report["bigDatabase"] = values["no-http"] || liveOnly
      ? { reason: "--no-http or --live-only" }
      : bigBooks === 0
      ? { reason: "--big-books 0" }
      : await measureBigDatabase(work, bigBooks, rounds!, 300, log);
    const report: Report = {
      rounds: rounds!,
      sizes,
      machine: {
        os: Deno.build.os,
        arch: Deno.build.arch,
        cpus: navigator.hardwareConcurrency,
        deno: Deno.version.deno,
      },
      tools,
      tsgo: tsgo.program,
      timings,
      warm,
      warmCode,
      live,
      rss,
      http,
      diff,
      small,
      fetcherTypes,
      bigDatabase,
    };
    const json = JSON.stringify(toJson(report), null, 2);
    if (values["json-file"] !== undefined) {
      await Deno.writeTextFile(values["json-file"], json + "\n");
    }
    console.log(values.json ? json : formatTable(report));
  } finally {
    if (values.keep) log(`kept ${work}`);
    else await Deno.remove(work, { recursive: true });
  }
}
