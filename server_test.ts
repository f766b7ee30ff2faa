/**
 * `deno task serve` as a user runs it: a real process on an ephemeral port,
 * answering over HTTP, stopping cleanly on SIGTERM; bad flags and a busy
 * port give one line and a non-zero exit.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("./", import.meta.url));

function serverProcess(...args: string[]): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "server.ts", ...args],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
}

/** Reads stdout until the first line, which names the base URL. */
async function baseUrlOf(child: Deno.ChildProcess): Promise<string> {
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  reader.releaseLock();
  const url = /(http:\/\/[\d.]+:\d+)\//.exec(text)?.[1];
  if (url === undefined) throw new Error(`no URL in "${text}"`);
  return url;
}

Deno.test("serve: starts on a free port, answers, stops on SIGTERM", async () => {
  const child = serverProcess("--port", "0", "--quiet");
  try {
    const base = await baseUrlOf(child);
    const zip = await fetch(`${base}/ts.zip`);
    assert.equal(zip.status, 200);
    assert.equal(zip.headers.get("content-type"), "application/zip");
    await zip.arrayBuffer();
    const hello = await fetch(`${base}/helloworld`);
    assert.equal(await hello.text(), "Hello World!");
    const books = await fetch(`${base}/books?pageSize=1.5`);
    assert.equal(books.status, 400);
    assert.equal((await books.json()).parameter, "pageSize");
  } finally {
    child.kill("SIGTERM");
  }
  const status = await child.status;
  await child.stderr.cancel();
  assert.equal(status.code, 0);
});

Deno.test("serve: a bad port is a usage error; a busy port one line", async () => {
  const bad = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "server.ts", "--port", "http"],
    cwd: ROOT,
  }).output();
  assert.equal(bad.code, 2);
  assert.match(new TextDecoder().decode(bad.stderr), /--port must be/);

  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const busy = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "server.ts",
        "--skip-type-check",
        "--port",
        String((listener.addr as Deno.NetAddr).port),
      ],
      cwd: ROOT,
      env: { NO_COLOR: "1" },
    }).output();
    const stderr = new TextDecoder().decode(busy.stderr).trim();
    assert.equal(busy.code, 1);
    assert.match(stderr, /^error: cannot listen on 127\.0\.0\.1:\d+/);
    assert.equal(stderr.split("\n").length, 1);
  } finally {
    listener.close();
  }
});
