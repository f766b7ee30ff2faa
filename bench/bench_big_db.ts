/**
 * The server on a real-sized database (issue 35): the bookstore with
 * 200,000 more books (`big_bookstore.ts`), served by `server.ts --db FILE`
 * at its defaults. For each of the costly requests an attacker would send
 * (deep fetchers, ranked lists, deep offsets, long sort codes, the widest
 * pages), the server's CPU time per request (the sum of its threads'
 * `/proc/PID/task/T/schedstat`, nanoseconds) and its status; then the p99
 * latency of `/helloworld` while 4 clients send the costliest request over
 * and over, and with nothing else running.
 *
 *   deno run -A bench/bench_big_db.ts [COUNT] [FOLDER | postgres://URL]
 *
 * @module
 */

import { makeBigBookstore } from "./big_bookstore.ts";
import { median } from "./bench_process.ts";
import { startTailorServer } from "./bench_http.ts";
import { isPostgresUrl, redactUrl } from "../src/store/mod.ts";

/** One costly request of the set. */
export interface CostlyRequest {
  /** Short name, a key of the JSON. */
  readonly name: string;
  /** Path and query. */
  readonly path: string;
  /** Request headers (the bookstore's `tenant`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** What one request cost. */
export interface RequestCost {
  readonly path: string;
  readonly status: number;
  /** Median server CPU of the runs, ms. */
  readonly cpuMs: number;
  /** Median wall time of the runs, ms. */
  readonly ms: number;
}

/** The figures of the real-sized database, keys of the bench's JSON. */
export interface BigDatabaseResult {
  readonly books: number;
  /** The most CPU an answered (2xx) request took, ms (target <= 100). */
  readonly worstAcceptedCpuMs: number;
  /** Which request that was. */
  readonly worstAccepted: string;
  /** The costliest request, answered or refused. */
  readonly worstRequest: string;
  /** `/helloworld` p99 with nothing else running, ms. */
  readonly helloworldIdleP99Ms: number;
  /** `/helloworld` p99 while 4 clients send the worst request, ms (target <= 50). */
  readonly helloworldP99Ms: number;
  /** `/helloworld` p99 while 4 clients send the worst answered request, ms. */
  readonly helloworldAcceptedP99Ms: number;
  /** Per request of the set. */
  readonly requests: Readonly<Record<string, RequestCost>>;
}

/** The 15-level fetcher of the issue: authors and ranked books, alternating. */
export function heavyFetcherText(levels = 15): string {
  const ranked =
    "books(orderBy: name desc, orderBy: tenant, orderBy: price, orderBy: edition, limit: 1)";
  // The innermost level's field: authors have no name.
  let text = levels % 2 === 1 ? "firstName" : "name";
  for (let level = levels; level >= 1; level--) {
    text = level % 2 === 1 ? `authors { ${text} }` : `${ranked} { ${text} }`;
  }
  return `{ ${text} }`;
}

const dynamic = (code: string) =>
  `/dynamic/book/1?fetcherCode=${encodeURIComponent(code)}`;

/** The costly requests measured. */
export const COSTLY_REQUESTS: readonly CostlyRequest[] = [
  { name: "heavy_fetcher", path: dynamic(heavyFetcherText()) },
  {
    name: "ranked_level",
    path: dynamic(
      "{ name authors { firstName books(orderBy: name desc, limit: 1) { name } } }",
    ),
  },
  {
    name: "deep_list_offset",
    path: dynamic(
      "{ name authors { books(offset: 199990, limit: 1) { name } } }",
    ),
  },
  { name: "wide_level", path: dynamic("{ name authors { books { name } } }") },
  {
    name: "store_average",
    path: dynamic("{ name store { name avgPrice } }"),
  },
  {
    name: "page_199",
    path: "/books?pageIndex=199&pageSize=1000&sortCode=name%20desc,edition",
  },
  {
    name: "many_sort_terms",
    path: `/books?sortCode=${
      encodeURIComponent(Array(2001).fill("name").join(","))
    }`,
  },
  { name: "books", path: "/books" },
  { name: "books_tenant", path: "/books", headers: { tenant: "a" } },
  {
    name: "widest_page",
    path: "/books?pageIndex=1&pageSize=1000&sortCode=name%20desc",
    headers: { tenant: "a" },
  },
  {
    name: "widest_page_terms",
    path:
      "/books?pageIndex=1&pageSize=1000&sortCode=name%20desc,price,edition%20desc,tenant,id",
  },
];

/** CPU time of process `pid` so far, all threads, in ms. */
function cpuMs(pid: number): number {
  let ns = 0;
  for (const task of Deno.readDirSync(`/proc/${pid}/task`)) {
    try {
      const text = Deno.readTextFileSync(
        `/proc/${pid}/task/${task.name}/schedstat`,
      );
      ns += Number(text.split(" ")[0]);
    } catch {
      // the thread ended meanwhile
    }
  }
  return ns / 1e6;
}

async function send(
  base: string,
  request: CostlyRequest,
): Promise<number> {
  const response = await fetch(`${base}${request.path}`, {
    headers: request.headers ?? {},
  });
  await response.arrayBuffer();
  return response.status;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

/** Longest a latency figure is measured for. */
const PROBE_SECONDS = 20;

/**
 * `/helloworld` p99 over `samples` probes, 10 ms apart (fewer when they
 * take over {@link PROBE_SECONDS} in all), ms.
 */
async function probeP99(base: string, samples: number): Promise<number> {
  const times: number[] = [];
  const deadline = performance.now() + PROBE_SECONDS * 1000;
  for (let i = 0; i < samples && performance.now() < deadline; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/helloworld`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return percentile(times, 0.99);
}

/** p99 of the probe while `clients` loops send `request`. */
async function probeUnderLoad(
  base: string,
  request: CostlyRequest,
  clients: number,
  samples: number,
): Promise<number> {
  let running = true;
  const loops = Array.from({ length: clients }, async () => {
    while (running) await send(base, request);
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  try {
    return await probeP99(base, samples);
  } finally {
    running = false;
    await Promise.all(loops);
  }
}

/**
 * Builds (or reuses) the database in `work` (a folder for a SQLite file,
 * or a `postgres://` URL), serves it, and measures. `runs` times each
 * request; `samples` probes per latency figure.
 */
export async function measureBigDatabase(
  work: string,
  count: number,
  runs = 5,
  samples = 300,
  log: (line: string) => void = () => {},
): Promise<BigDatabaseResult> {
  const target = isPostgresUrl(work)
    ? work
    : `${work}/big_bookstore_${count}.db`;
  log(`big database: ${count} books in ${redactUrl(target)}`);
  const books = await makeBigBookstore(target, count);
  const server = await startTailorServer("/helloworld", [
    "--db",
    target,
    "--quiet",
    "--skip-type-check",
  ]);
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const requests: Record<string, RequestCost> = {};
    for (const request of COSTLY_REQUESTS) {
      await send(base, request); // warm: statements prepared, pages cached
      const cpu: number[] = [];
      const wall: number[] = [];
      let status = 0;
      for (let run = 0; run < runs; run++) {
        const before = cpuMs(server.pid);
        const started = performance.now();
        status = await send(base, request);
        wall.push(performance.now() - started);
        cpu.push(cpuMs(server.pid) - before);
      }
      requests[request.name] = {
        path: request.path.length > 120
          ? `${request.path.slice(0, 117)}...`
          : request.path,
        status,
        cpuMs: Math.round(median(cpu) * 10) / 10,
        ms: Math.round(median(wall) * 10) / 10,
      };
      log(
        `  ${request.name}: ${status}, ${requests[request.name]!.cpuMs} ms CPU`,
      );
    }
    const byCost = COSTLY_REQUESTS.toSorted((a, b) =>
      requests[b.name]!.cpuMs - requests[a.name]!.cpuMs
    );
    const worst = byCost[0]!;
    const accepted = byCost.find((r) => requests[r.name]!.status < 300)!;
    const idle = await probeP99(base, samples);
    const loaded = await probeUnderLoad(base, worst, 4, samples);
    const acceptedLoaded = accepted === worst
      ? loaded
      : await probeUnderLoad(base, accepted, 4, samples);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      books,
      worstAcceptedCpuMs: requests[accepted.name]!.cpuMs,
      worstAccepted: accepted.name,
      worstRequest: worst.name,
      helloworldIdleP99Ms: round(idle),
      helloworldP99Ms: round(loaded),
      helloworldAcceptedP99Ms: round(acceptedLoaded),
      requests,
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.main) {
  const count = Number(Deno.args[0] ?? 200_000);
  const work = Deno.args[1] ??
    await Deno.makeTempDir({ prefix: "tailor_big_" });
  const result = await measureBigDatabase(work, count, 5, 300, console.error);
  console.log(JSON.stringify(result, null, 2));
}
