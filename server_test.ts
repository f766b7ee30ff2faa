/**
 * `deno task serve` as a user runs it: a real process on an ephemeral port,
 * answering over HTTP, stopping cleanly on SIGTERM; bad flags and a busy
 * port give one line and a non-zero exit.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  baseUrlOf,
  serverProcess,
  type Started,
} from "./src/testing/server_process.ts";

const ROOT = fileURLToPath(new URL("./", import.meta.url));

Deno.test("serve: starts on a free port, answers, stops on SIGTERM", async () => {
  const child = serverProcess(["--port", "0", "--quiet"]);
  const { base, output } = await baseUrlOf(child);
  try {
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
  await output();
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

Deno.test("serve --model: boots from a generated model.json, without analysis", async () => {
  const out = await Deno.makeTempDir({ prefix: "tailor_model_" });
  try {
    const generated = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "cli.ts",
        "generate",
        "--project",
        "fixtures/bookstore",
        "--out",
        `${out}/bookstore`,
        "--skip-type-check",
      ],
      cwd: ROOT,
    }).output();
    assert.equal(generated.code, 0);
    let started: Started | undefined;
    const child = serverProcess([
      "--port",
      "0",
      "--model",
      `${out}/bookstore/model.json`,
      "--config",
      "fixtures/bookstore/orm.yml",
    ]);
    try {
      started = await baseUrlOf(child);
      const { base } = started;
      const yaml = await fetch(`${base}/openapi.yml`);
      assert.equal(
        await yaml.text(),
        await Deno.readTextFile(`${out}/bookstore/openapi.yml`),
      );
      const api = await fetch(`${base}/ts.zip`);
      assert.equal(api.status, 200);
      await api.arrayBuffer();
      // Artifacts only: the controllers need the analysis.
      assert.equal((await fetch(`${base}/helloworld`)).status, 404);
    } finally {
      child.kill("SIGTERM");
    }
    assert.equal((await child.status).code, 0);
    const log = await started!.output();
    assert.match(log, /GET \/openapi\.yml 200 [\d.]+ms/);
    await child.stderr.cancel();
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});
