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

const SERVER = fileURLToPath(
  new URL("./bench_http_server.ts", import.meta.url),
);

/** A running server child. */
export interface Server {
  readonly port: number;
  stop(): Promise<void>;
}

/** Starts `bench_http_server.ts` with `args`; throws its one-line error. */
export async function startServer(args: readonly string[]): Promise<Server> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", SERVER, ...args],
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  while (!/listening (\d+)/.test(seen)) {
    const { value, done } = await reader.read();
    if (done) {
      await child.status;
      throw new Error((await stderr).trim().split("\n")[0] || "no port");
    }
    seen += value;
  }
  const port = Number(/listening (\d+)/.exec(seen)![1]);
  return {
    port,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await reader.cancel();
      await stderr;
    },
  };
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
 * `/ts.zip` of Tailor's server on `project` (its cached artifact) against a
 * bare Hono route returning the same bytes.
 */
export async function zipVsHono(
  project: string,
  options: LoadOptions,
): Promise<HttpRatio> {
  const servers: Server[] = [];
  const temp = await Deno.makeTempFile({ suffix: ".zip" });
  try {
    let tailor: Server;
    try {
      tailor = await startServer(["tailor", project]);
    } catch (error) {
      return { value: null, reason: `Tailor's server: ${String(error)}` };
    }
    servers.push(tailor);
    const url = `http://127.0.0.1:${tailor.port}/ts.zip`;
    const response = await fetch(url);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (response.status !== 200) {
      return { value: null, reason: `GET /ts.zip: ${response.status}` };
    }
    await Deno.writeFile(temp, bytes);
    const hono = await startServer(["bytes", temp, "/ts.zip"]);
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
 * `startServer(["tailor", "fixtures/bookstore"])`, add a `sql` mode to
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
