/**
 * The example server as a user runs it (`server.ts --port 0`, the
 * bookstore), for tests that download from it.
 *
 * @module
 */

import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Starts `server.ts --port 0` with `flags` added (`--absent-result null`);
 * returns its base URL and a stop function.
 */
export async function startExampleServer(
  flags: readonly string[] = [],
): Promise<
  { base: string; stop: () => Promise<void> }
> {
  // One retry: under the full suite server.ts has once ended before printing
  // anything (not reproduced alone); the error then says how it ended.
  for (let attempt = 1;; attempt++) {
    try {
      return await startOnce(flags);
    } catch (error) {
      if (attempt === 2) throw error;
      console.error(`server.ts start, attempt 1: ${(error as Error).message}`);
    }
  }
}

async function startOnce(flags: readonly string[]): Promise<
  { base: string; stop: () => Promise<void> }
> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "server.ts", "--port", "0", "--quiet", ...flags],
    cwd: ROOT,
    stdout: "piped",
    stderr: "inherit",
    env: { NO_COLOR: "1" },
  }).spawn();
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) {
      const status = await child.status;
      throw new Error(
        `server.ts stopped (code ${status.code}, signal ${status.signal}): ${text}`,
      );
    }
    text += decoder.decode(value, { stream: true });
  }
  const base = /(http:\/\/[\d.]+:\d+)\//.exec(text)![1]!;
  return {
    base,
    stop: async () => {
      child.kill("SIGTERM");
      await child.status;
      await reader.cancel();
    },
  };
}
