/**
 * Load tests of the benchmark: requests per second of a Tailor route against
 * a hand-written baseline, each server in its own process, loaded in turns
 * (A B A B ...) by autocannon from another process on loopback.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { median } from "./bench_process.ts";
import { DEV_LOCK } from "./bench_commands.ts";

/** A ratio of two medians, or why there is none. */
export type HttpRatio =
  | {
    readonly value: number;
    readonly tailorRps: number;
    readonly baselineRps: number;
    /**
     * Median CPU time (user + system, microseconds) each server process
     * spent per request, from /proc (null without it): the figure that
     * moves least when the machine is busy.
     */
    readonly tailorCpuUs?: number | null;
    readonly baselineCpuUs?: number | null;
  }
  | { readonly value: null; readonly reason: string };

/** How to load a server. */
export interface LoadOptions {
  /** The autocannon npm specifier (from deno.json). */
  readonly autocannon: string;
  readonly rounds: number;
  readonly seconds: number;
  readonly connections: number;
  /**
   * A new connection for every request: each sent with `connection: close`,
   * autocannon connecting again after each answer (its `--reconnectRate 1`
   * counts nothing in 9.0.0).
   */
  readonly newConnections?: boolean;
}

const BARE_SERVER = fileURLToPath(
  new URL("./bench_http_server.ts", import.meta.url),
);
const REPO = fileURLToPath(new URL("../", import.meta.url));
const READY_TIMEOUT_MS = 300_000;

/** A running server child. */
export interface Server {
  readonly port: number;
  /** The server process's id (its CPU time is in /proc/PID). */
  readonly pid: number;
  stop(): Promise<void>;
}

function freePort(): number {
  const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = probe.addr.port;
  probe.close();
  return port;
}

/**
 * Runs `deno run -A <args(port)>` in `cwd` on a free loopback port; ready
 * once `path` answers 200. Throws the process's first output line when it
 * exits first.
 */
async function startServer(
  args: (port: number) => string[],
  path: string,
  cwd = REPO,
): Promise<Server> {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", ...args(port)],
    cwd,
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const output = Promise.all([
    new Response(child.stderr).text(),
    new Response(child.stdout).text(),
  ]).then((texts) => texts.join("").trim().split("\n")[0] || "no output");
  let exited: number | undefined;
  const status = child.status.then((s) => exited = s.code);
  const stop = async () => {
    if (exited === undefined) child.kill("SIGTERM");
    await status;
    await output;
  };
  const name = args(port).find((arg) => arg.endsWith(".ts"));
  const deadline = performance.now() + READY_TIMEOUT_MS;
  while (performance.now() < deadline && exited === undefined) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      await response.body?.cancel();
      if (response.ok) return { port, pid: child.pid, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(
    exited === undefined
      ? `${name} did not answer ${path} in time`
      : `${name} exited with ${exited}: ${await output}`,
  );
}

/** A bare Hono app serving the bytes of `file` at `path`. */
export function startBareServer(file: string, path: string): Promise<Server> {
  return startServer(
    (port) => [BARE_SERVER, "bytes", file, path, String(port)],
    path,
  );
}

/** The hand-written `node:sqlite` `/books` handler on the rows of `file`. */
export function startSqlBaseline(file: string, path: string): Promise<Server> {
  return startServer(
    (port) => [BARE_SERVER, "books", file, String(port)],
    path,
  );
}

/**
 * The hand-written `/books` handler on the `book` table of the PostgreSQL
 * database of `url`, through the same client as Tailor's store.
 */
export function startPostgresBaseline(
  url: string,
  path: string,
): Promise<Server> {
  return startServer(
    (port) => [BARE_SERVER, "books-pg", url, String(port)],
    path,
  );
}

/**
 * >>> TAILOR SERVER HOOK <<<
 * Tailor's own server as a user starts it: `server.ts --port P --hostname
 * 127.0.0.1` in the repository (the bookstore example), ready once `path`
 * answers 200. Adapt the arguments here if server.ts changes.
 */
export function startTailorServer(
  path: string,
  args: readonly string[] = [],
): Promise<Server> {
  return startServer(
    (port) => [
      "server.ts",
      "--port",
      String(port),
      "--hostname",
      "127.0.0.1",
      ...args,
    ],
    path,
  );
}

/** One autocannon run: requests per second, and the server's CPU per request. */
interface Load {
  readonly rps: number;
  /** Microseconds of CPU (user + system) of the server per request. */
  readonly cpuUs: number | null;
}

/**
 * CPU time (user + system, ms) of process `pid` and its ended threads, from
 * /proc (10 ms ticks); null where there is none.
 */
function cpuMs(pid: number): number | null {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // After the command name, which may hold spaces: utime is field 14.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** One autocannon run against `url` of the server `pid`. */
async function load(
  url: string,
  pid: number,
  options: LoadOptions,
): Promise<Load> {
  const cpuBefore = cpuMs(pid);
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      // A benchmark tool: locked in dev.lock, never in deno.lock.
      `--lock=${DEV_LOCK}`,
      options.autocannon,
      "--json",
      "-c",
      String(options.connections),
      "-d",
      String(options.seconds),
      ...(options.newConnections ? ["-H", "connection=close"] : []),
      url,
    ],
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(stdout);
  if (code !== 0 || !text.trim().startsWith("{")) {
    throw new Error(
      `autocannon failed: ${new TextDecoder().decode(stderr).trim()}`,
    );
  }
  const result = JSON.parse(text);
  // Connecting anew for each request, a few connections fail on a loaded
  // machine (1 % seen here, on either server): up to 5 % then, none else.
  const allowed = options.newConnections ? result.requests.total / 20 : 0;
  if (result.non2xx > 0 || result.errors > allowed) {
    throw new Error(
      `${url}: ${result.non2xx} non-2xx, ${result.errors} errors of ${result.requests.total} requests`,
    );
  }
  const cpuAfter = cpuMs(pid);
  return {
    rps: result.requests.average,
    cpuUs:
      cpuBefore === null || cpuAfter === null || result.requests.total === 0
        ? null
        : (cpuAfter - cpuBefore) * 1000 / result.requests.total,
  };
}

/**
 * Loads `a` (Tailor's) and `b` (the baseline) at `path` in turns; the ratio
 * of their median requests/s, and their median CPU per request.
 */
async function compare(
  a: Server,
  b: Server,
  path: string,
  options: LoadOptions,
): Promise<HttpRatio> {
  const aRuns: Load[] = [];
  const bRuns: Load[] = [];
  for (let round = 0; round < options.rounds; round++) {
    aRuns.push(await load(`http://127.0.0.1:${a.port}${path}`, a.pid, options));
    bRuns.push(await load(`http://127.0.0.1:${b.port}${path}`, b.pid, options));
  }
  const tailorRps = median(aRuns.map((run) => run.rps));
  const baselineRps = median(bRuns.map((run) => run.rps));
  return {
    value: tailorRps / baselineRps,
    tailorRps,
    baselineRps,
    tailorCpuUs: medianCpu(aRuns),
    baselineCpuUs: medianCpu(bRuns),
  };
}

/** The median CPU per request of `runs`, rounded; null when one has none. */
function medianCpu(runs: readonly Load[]): number | null {
  if (runs.some((run) => run.cpuUs === null)) return null;
  return Math.round(median(runs.map((run) => run.cpuUs!)) * 10) / 10;
}

/**
 * `/ts.zip` of Tailor's server (its cached artifact) against a bare Hono
 * route returning the same bytes.
 */
export async function zipVsHono(options: LoadOptions): Promise<HttpRatio> {
  const servers: Server[] = [];
  const temp = await Deno.makeTempFile({ suffix: ".zip" });
  try {
    let tailor: Server;
    try {
      tailor = await startTailorServer("/ts.zip");
    } catch (error) {
      return { value: null, reason: (error as Error).message };
    }
    servers.push(tailor);
    const url = `http://127.0.0.1:${tailor.port}/ts.zip`;
    const response = await fetch(url);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (response.status !== 200) {
      return { value: null, reason: `GET /ts.zip: ${response.status}` };
    }
    await Deno.writeFile(temp, bytes);
    const hono = await startBareServer(temp, "/ts.zip");
    servers.push(hono);
    return await compare(tailor, hono, "/ts.zip", options);
  } finally {
    for (const server of servers) await server.stop();
    await Deno.remove(temp);
  }
}

/** Every row of the bookstore's `/books`, page by page. */
async function allBooks(port: number): Promise<unknown[]> {
  const rows: unknown[] = [];
  for (let pageIndex = 0;; pageIndex++) {
    const response = await fetch(
      `http://127.0.0.1:${port}/books?pageSize=50&pageIndex=${pageIndex}`,
    );
    const page = await response.json();
    if (!Array.isArray(page?.rows)) {
      throw new Error(`/books answers no page: ${JSON.stringify(page)}`);
    }
    rows.push(...page.rows);
    if (pageIndex + 1 >= page.totalPageCount) return rows;
  }
}

async function body(url: string): Promise<unknown> {
  return await (await fetch(url)).json();
}

/**
 * `/books?pageSize=20` of Tailor's server (the bookstore on its embedded
 * store) against a hand-written `node:sqlite` handler running the same
 * query on the same rows (read from Tailor's server first). The two
 * answers must be equal, or there is no ratio.
 */
export function booksVsSql(options: LoadOptions): Promise<HttpRatio> {
  return booksVsBaseline(options, [], startSqlBaseline);
}

/**
 * The same on a SQLite file (`--db FILE`, a new one seeded by the server):
 * its SELECTs go through the reader threads at their defaults.
 */
export async function booksFileVsSql(options: LoadOptions): Promise<HttpRatio> {
  const folder = await Deno.makeTempDir({ prefix: "tailor_bench_db_" });
  try {
    return await booksVsBaseline(
      options,
      ["--db", `${folder}/books.db`],
      startSqlBaseline,
    );
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
}

/**
 * `/books?pageSize=20` of Tailor's server on the PostgreSQL database of
 * `url` (`--db url`, seeded by it) against a hand-written handler running
 * the same SQL with the same client on the same table.
 */
export function booksVsSqlPostgres(
  options: LoadOptions,
  url: string,
): Promise<HttpRatio> {
  return booksVsBaseline(
    options,
    ["--db", url],
    (_rows, path) => startPostgresBaseline(url, path),
  );
}

async function booksVsBaseline(
  options: LoadOptions,
  tailorArgs: readonly string[],
  startBaseline: (rowsFile: string, path: string) => Promise<Server>,
): Promise<HttpRatio> {
  const path = "/books?pageSize=20";
  const servers: Server[] = [];
  const temp = await Deno.makeTempFile({ suffix: ".json" });
  try {
    let tailor: Server;
    try {
      tailor = await startTailorServer(path, tailorArgs);
    } catch (error) {
      return { value: null, reason: (error as Error).message };
    }
    servers.push(tailor);
    await Deno.writeTextFile(temp, JSON.stringify(await allBooks(tailor.port)));
    const baseline = await startBaseline(temp, path);
    servers.push(baseline);
    const urls = [tailor, baseline].map((s) =>
      `http://127.0.0.1:${s.port}${path}`
    );
    const [ours, theirs] = await Promise.all(urls.map(body));
    if (!isDeepStrictEqual(ours, theirs)) {
      return {
        value: null,
        reason: `the SQL baseline answers otherwise: ${
          JSON.stringify(theirs).slice(0, 200)
        }`,
      };
    }
    return await compare(tailor, baseline, path, options);
  } finally {
    for (const server of servers) await server.stop();
    await Deno.remove(temp);
  }
}
