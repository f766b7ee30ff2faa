/**
 * `server.ts` as a real process for tests: started on an ephemeral port,
 * its base URL read from its first line.
 *
 * @module
 */

import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Starts `deno run -A server.ts ...args` in the repository root. */
export function serverProcess(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "server.ts", ...args],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", ...env },
  }).spawn();
}

/** The server's base URL (its first line) and the rest of its stdout. */
export interface Started {
  readonly base: string;
  /** Everything printed, once the process has ended. */
  readonly output: () => Promise<string>;
}

/** Reads stdout until the first line, which names the base URL. */
export async function baseUrlOf(child: Deno.ChildProcess): Promise<Started> {
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  const base = /(http:\/\/[\d.]+:\d+)\//.exec(text)?.[1];
  if (base === undefined) throw new Error(`no URL in "${text}"`);
  const output = async () => {
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      text += decoder.decode(r.value, { stream: true });
    }
    return text;
  };
  return { base, output };
}
