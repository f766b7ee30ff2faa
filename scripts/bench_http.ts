/**
 * Load tests of the benchmark: requests per second of a Tailor route against
 * a hand-written baseline, each server in its own process, loaded in turns
 * (A B A B ...) by autocannon from another process on loopback.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { median } from "./bench_process.ts";

/** A ratio of two medians, or why there is none. */
export type HttpRatio =
  | {
    readonly value: number;
    readonly tailorRps: number;
    readonly baselineRps: number;
  }
  | { readonly value: null; readonly reason: string };

/** How to load a server. */
export interface LoadOptions {
  /** The autocannon npm specifier (from deno.json). */
  readonly autocannon: string;
  readonly rounds: number;
  readonly seconds: number;
  readonly connections: number;
}

const BARE_SERVER = fileURLToPath(
  new URL("./bench_http_server.ts", import.meta.url),
);
const REPO = fileURLToPath(new URL("../", import.meta.url));
const READY_TIMEOUT_MS = 300_000;

/** A running server child. */
export interface Server {
  readonly port: number;
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
      if (response.ok) return { port, stop };
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
  return startServer((port) => [BARE_SERVER, file, path, String(port)], path);
}

/**
 * >>> TAILOR SERVER HOOK <<<
 * Tailor's own server as a user starts it: `server.ts --port P --hostname
 * 127.0.0.1` in the repository (the bookstore example), ready once `path`
 * answers 200. Adapt the arguments here if server.ts changes.
 */
export function startTailorServer(path: string): Promise<Server> {
  return startServer(
    (port) => ["server.ts", "--port", String(port), "--hostname", "127.0.0.1"],
    path,
  );
}

/** Requests per second of one autocannon run against `url`. */
async function load(url: string, options: LoadOptions): Promise<number> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      options.autocannon,
      "--json",
      "-c",
      String(options.connections),
      "-d",
      String(options.seconds),
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
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${url}: ${result.non2xx} non-2xx, ${result.errors} errors`,
    );
  }
  return result.requests.average;
}

/** Loads `a` and `b` in turns; the ratio of their median requests/s. */
async function compare(
  a: string,
  b: string,
  options: LoadOptions,
): Promise<HttpRatio> {
  const aRuns: number[] = [];
  const bRuns: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    aRuns.push(await load(a, options));
    bRuns.push(await load(b, options));
  }
  const tailorRps = median(aRuns);
  const baselineRps = median(bRuns);
  return { value: tailorRps / baselineRps, tailorRps, baselineRps };
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
    return await compare(
      url,
      `http://127.0.0.1:${hono.port}/ts.zip`,
      options,
    );
  } finally {
    for (const server of servers) await server.stop();
    await Deno.remove(temp);
  }
}

/**
 * >>> BOOKS HOOK <<<
 * `/books?pageSize=20` of the bookstore on the store (embedded SQLite)
 * against a hand-written `node:sqlite` handler doing the same SQL. To be
 * wired once `src/store` and the server are merged: start the server with
 * `startTailorServer("/books?pageSize=20")`, add a `sql` mode to
 * bench_http_server.ts running the store's query by hand, then `compare`.
 */
export function booksVsSql(): HttpRatio {
  return {
    value: null,
    reason:
      "not measured yet: needs src/store and the server (see BOOKS HOOK " +
      "in scripts/bench_http.ts)",
  };
}
