/**
 * Faults against a real `server.ts` process, on 127.0.0.1 only, each case
 * bounded in sockets, requests and time: a flood of idle sockets under
 * `ulimit -n 1024`, connections that send nothing, half their headers, a
 * slow body or sit idle, clients that half-close or cut their body, paths
 * that try to forge log lines, and cross-origin calls with `--cors`.
 */
import assert from "node:assert/strict";
import { untilClosed } from "./src/testing/until_closed.ts";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("./", import.meta.url));
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A started server.ts: its base URL, port, and everything it printed. */
interface Server {
  readonly base: string;
  readonly port: number;
  readonly child: Deno.ChildProcess;
  /** stdout and stderr so far. */
  readonly printed: () => string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number>;
}

/** Starts `server.ts` with `args` through bash (so `ulimit` applies first). */
async function startServer(
  args: readonly string[],
  ulimit?: number,
): Promise<Server> {
  const command = [
    ...(ulimit === undefined ? [] : [`ulimit -n ${ulimit};`]),
    "exec",
    `'${Deno.execPath()}'`,
    "run -A server.ts --port 0 --skip-type-check",
    ...args,
  ].join(" ");
  const child = new Deno.Command("bash", {
    args: ["-c", command],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  let text = "";
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) {
      text += decoder.decode(chunk, { stream: true });
    }
  };
  const collected = Promise.all([collect(child.stdout), collect(child.stderr)]);
  const deadline = Date.now() + 120_000;
  let base: string | undefined;
  while (base === undefined && Date.now() < deadline) {
    base = /(http:\/\/[\d.]+:\d+)\//.exec(text)?.[1];
    if (base === undefined) await delay(50);
  }
  if (base === undefined) {
    child.kill("SIGKILL");
    throw new Error(`server.ts printed no URL: ${text}`);
  }
  const port = Number(new URL(base).port);
  return {
    base,
    port,
    child,
    printed: () => text,
    stop: async () => {
      try {
        child.kill("SIGTERM");
      } catch {
        // already ended
      }
      const status = await child.status;
      await collected;
      return status.code;
    },
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether `child` is still running. */
async function alive(child: Deno.ChildProcess): Promise<boolean> {
  const ended = await Promise.race([child.status.then(() => true), delay(50)]);
  return ended !== true;
}

/** GET `url` within `ms`; the status and text, or undefined. */
async function tryGet(
  url: string,
  ms: number,
): Promise<{ status: number; text: string } | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(ms) });
    return { status: response.status, text: await response.text() };
  } catch {
    return undefined;
  }
}

function connect(server: Server): Promise<Deno.Conn> {
  return Deno.connect({ hostname: "127.0.0.1", port: server.port });
}

const IDLE_SOCKETS = 1000;

Deno.test("fault: 1,000 idle sockets under ulimit -n 1024 do not kill the server; it answers again and logs once per burst", async () => {
  const server = await startServer(
    ["--quiet", "--headers-timeout", "2000", "--request-timeout", "4000"],
    1024,
  );
  const sockets: Deno.Conn[] = [];
  try {
    const opened = await Promise.allSettled(
      [...Array(IDLE_SOCKETS)].map(() =>
        Promise.race([
          connect(server),
          delay(5000).then(() => Promise.reject(new Error("slow connect"))),
        ])
      ),
    );
    for (const result of opened) {
      if (result.status === "fulfilled") sockets.push(result.value);
    }
    assert.ok(sockets.length >= 900, `${sockets.length} sockets opened`);
    // The idle sockets hold every descriptor until the headers timeout.
    let answer: { status: number; text: string } | undefined;
    const deadline = Date.now() + 20_000;
    while (answer === undefined && Date.now() < deadline) {
      answer = await tryGet(`${server.base}/helloworld`, 1000);
      if (answer === undefined) await delay(250);
    }
    assert.deepEqual(answer, { status: 200, text: "Hello World!" });
    assert.ok(await alive(server.child), "server.ts ended");
    // The recovery line is written before the answer, but it reaches this
    // process through a pipe of its own: wait for it rather than race it.
    const logDeadline = Date.now() + 5000;
    while (
      !/accepting again after/.test(server.printed()) &&
      Date.now() < logDeadline
    ) {
      await delay(50);
    }
    const failures = server.printed().match(/accepting failed: .*/g) ?? [];
    const recoveries = server.printed().match(/accepting again after/g) ?? [];
    assert.ok(failures.length >= 1, server.printed());
    assert.ok(failures.length <= 3, `one line per burst: ${failures.length}`);
    assert.match(failures[0]!, /Too many open files/);
    assert.equal(recoveries.length, failures.length);
  } finally {
    for (const socket of sockets) {
      try {
        socket.close();
      } catch {
        // closed by the server
      }
    }
    assert.equal(await server.stop(), 0);
  }
});

Deno.test("fault: silent, half-header, slow-body and idle keep-alive connections are closed by the configured timeouts", async () => {
  const server = await startServer([
    "--quiet",
    "--headers-timeout",
    "300",
    "--request-timeout",
    "1000",
    "--idle-timeout",
    "300",
  ]);
  try {
    const silent = await connect(server);
    const half = await connect(server);
    await half.write(encoder.encode("GET /helloworld HTTP/1.1\r\nhost: x\r\n"));
    const slow = await connect(server);
    await slow.write(encoder.encode(
      "POST /book/1/order HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\n0123456789",
    ));
    const idle = await connect(server);
    await idle.write(
      encoder.encode("GET /helloworld HTTP/1.1\r\nhost: x\r\n\r\n"),
    );
    const closed = await Promise.all(
      [silent, half, slow, idle].map((conn) => untilClosed(conn, 5000)),
    );
    for (const [i, { closedMs }] of closed.entries()) {
      assert.ok(
        closedMs !== undefined && closedMs < 4000,
        `case ${i}: ${closedMs}`,
      );
    }
    assert.match(closed[3]!.text, /^HTTP\/1\.1 200 OK.*Hello World!$/s);
    assert.equal(
      (await tryGet(`${server.base}/helloworld`, 2000))?.status,
      200,
    );
  } finally {
    assert.equal(await server.stop(), 0);
  }
});

Deno.test("fault: a half-closed or cut-off body, log injection and --cors against one server", async (t) => {
  const vite = "http://localhost:5173";
  const server = await startServer(["--cors", `${vite},http://localhost:4173`]);
  try {
    await t.step(
      "a client half-closing after 100 KB gets an answer, never a 500",
      async () => {
        const body = "x".repeat(100 * 1024);
        for (const declared of [body.length, body.length + 10]) {
          const conn = await connect(server);
          await conn.write(encoder.encode(
            `POST /book/1/order?quantity=1 HTTP/1.1\r\nhost: x\r\nconnection: close\r\ncontent-length: ${declared}\r\n\r\n${body}`,
          ));
          await conn.closeWrite();
          const { text } = await untilClosed(conn, 5000);
          assert.doesNotMatch(text, /^HTTP\/1\.1 5/, text.slice(0, 100));
        }
      },
    );

    await t.step(
      "a path cannot forge a log line or write terminal escapes",
      async () => {
        for (
          const path of ["/x%0d%0aGET%20/admin%20200%201ms", "/%1b[31mred"]
        ) {
          assert.equal((await tryGet(server.base + path, 2000))?.status, 404);
        }
        await delay(100); // the access log prints every 25 ms
        const log = server.printed();
        assert.match(log, /^GET \/x\\x0d\\x0aGET \/admin 200 1ms 404 /m);
        assert.match(log, /^GET \/\\x1b\[31mred 404 /m);
        assert.doesNotMatch(log, /^GET \/admin/m);
        assert.ok(!log.includes("\x1b"), "an escape reached the log");
      },
    );

    await t.step(
      "--cors: listed origins get preflights and CORS headers, others none",
      async () => {
        const preflight = (origin: string) =>
          fetch(`${server.base}/books`, {
            method: "OPTIONS",
            headers: {
              origin,
              "access-control-request-method": "GET",
              "access-control-request-headers": "tenant,authorization",
            },
          });
        const listed = await preflight(vite);
        await listed.body?.cancel();
        assert.equal(listed.status, 204);
        assert.equal(listed.headers.get("access-control-allow-origin"), vite);
        assert.match(
          listed.headers.get("access-control-allow-headers")!,
          /authorization.*tenant/,
        );
        const other = await preflight("http://evil.example");
        await other.body?.cancel();
        assert.equal(other.headers.get("access-control-allow-origin"), null);
        const call = await fetch(`${server.base}/helloworld`, {
          headers: { origin: vite },
        });
        assert.equal(await call.text(), "Hello World!");
        assert.equal(call.headers.get("access-control-allow-origin"), vite);
      },
    );
  } finally {
    assert.equal(await server.stop(), 0, server.printed());
  }
});

Deno.test("fault: a timeout or body limit that is not a positive integer is a usage error", async () => {
  for (const flag of ["--idle-timeout", "--headers-timeout", "--max-body"]) {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "server.ts", flag, "0"],
      cwd: ROOT,
      env: { NO_COLOR: "1" },
    }).output();
    assert.equal(output.code, 2);
    assert.match(
      decoder.decode(output.stderr),
      new RegExp(`^error: ${flag} must be a positive integer, not "0"`),
    );
  }
});
