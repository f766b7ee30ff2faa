import assert from "node:assert/strict";
import { zipSync } from "fflate";
import { createZip } from "../archive/zip.ts";
import { readTree, writeTree } from "../fs/tree.ts";
import { MARKER_FILE, MARKER_TEXT } from "../fs/output_guard.ts";
import { downloadClient } from "./client.ts";
import { parseCommandLine, resolveOptions } from "./args.ts";
import { declareSize } from "../archive/test_archives.ts";

const API = new URL("./main.ts", import.meta.url).pathname;
const ROOT = new URL("../..", import.meta.url).pathname;
const encoder = new TextEncoder();
const OLD_CLIENT = new Map([
  [MARKER_FILE, MARKER_TEXT],
  ["index.ts", "// old client\n"],
  ["services/Old.ts", "export {};\n"],
]);
const GOOD_ZIP = createZip(
  new Map([["index.ts", "// new\n"], ["services/A.ts", "a"]]),
);

/** A directory holding the old client, alone in a fresh parent. */
async function existingClient(): Promise<string> {
  const dir = `${await Deno.makeTempDir()}/__generated`;
  await writeTree(dir, OLD_CLIENT);
  return dir;
}

/** Asserts that `dir` still holds the old client and nothing was left beside. */
async function assertUntouched(dir: string): Promise<void> {
  assert.deepEqual([...await readTree(dir)], [...OLD_CLIENT]);
  const parent = dir.slice(0, dir.lastIndexOf("/"));
  const names = await Array.fromAsync(Deno.readDir(parent), (e) => e.name);
  assert.deepEqual(names, ["__generated"]);
}

/** A loopback TCP server answering every connection with `respond`. */
async function withRawServer(
  respond: (conn: Deno.Conn) => Promise<void>,
  body: (url: string) => Promise<void>,
): Promise<void> {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const conns: Deno.Conn[] = [];
  const tasks: Promise<unknown>[] = [];
  const accepting = (async () => {
    for await (const conn of listener) {
      conns.push(conn);
      tasks.push(readRequest(conn).then(() => respond(conn)).catch(() => {}));
    }
  })().catch(() => {});
  try {
    await body(`http://127.0.0.1:${listener.addr.port}/ts.zip`);
  } finally {
    listener.close();
    for (const conn of conns) {
      try {
        conn.close();
      } catch { /* already closed by the responder */ }
    }
    await Promise.allSettled([accepting, ...tasks]);
  }
}

/** Reads up to the end of the request headers. */
async function readRequest(conn: Deno.Conn): Promise<void> {
  const buffer = new Uint8Array(16 * 1024);
  let text = "";
  while (!text.includes("\r\n\r\n")) {
    const n = await conn.read(buffer);
    if (n === null) return;
    text += new TextDecoder().decode(buffer.subarray(0, n));
  }
}

function head(status: string, headers: Record<string, string | number>) {
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
  return encoder.encode(`HTTP/1.1 ${status}\r\n${lines.join("")}\r\n`);
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  for (let at = 0; at < bytes.length;) {
    at += await conn.write(bytes.subarray(at));
  }
}

/** Answers 200 with `bytes` and a correct Content-Length. */
function serveBytes(bytes: Uint8Array) {
  return async (conn: Deno.Conn) => {
    await writeAll(conn, head("200 OK", { "content-length": bytes.length }));
    await writeAll(conn, bytes);
    conn.close();
  };
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Runs `deno task api URL DIR ...flags` as a user would. */
function runApi(url: string, dir: string, flags: string[] = []) {
  return runApiIn(ROOT, [url, dir, ...flags]);
}

/** Runs `deno task api ...args` in the directory `cwd`. */
async function runApiIn(cwd: string, args: string[]) {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", API, ...args],
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: output.code,
    stdout: new TextDecoder().decode(output.stdout),
    stderr: new TextDecoder().decode(output.stderr),
  };
}

/** Asserts exit `code` and a single stderr line matching `message`. */
function assertFailure(
  result: { code: number; stderr: string },
  code: number,
  message: RegExp,
): void {
  const lines = result.stderr.trimEnd().split("\n");
  assert.equal(lines.length, 1, result.stderr);
  assert.match(lines[0]!, message);
  assert.doesNotMatch(result.stderr, /^\s+at /m);
  assert.equal(result.code, code, result.stderr);
}

const SHORT = ["--connect-timeout", "0.5", "--idle-timeout", "0.5"];

Deno.test("api: a good archive replaces DIR and says what changed", async () => {
  const dir = await existingClient();
  let requested = "";
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (request) => {
      requested = request.url;
      return new Response(GOOD_ZIP.slice());
    },
  );
  try {
    const options = resolveOptions(parseCommandLine([
      `http://127.0.0.1:${server.addr.port}/ts.zip`,
      dir,
      "--groups",
      "a,b",
      "--import-extension",
      "js",
    ]));
    const changes = await downloadClient(options);
    assert.deepEqual(changes, {
      added: ["services/A.ts"],
      changed: ["index.ts"],
      removed: ["services/Old.ts"],
    });
  } finally {
    await server.shutdown();
  }
  assert.equal(new URL(requested).search, "?groups=a%2Cb&importExtension=js");
  assert.deepEqual([...await readTree(dir)], [
    [MARKER_FILE, MARKER_TEXT],
    ["index.ts", "// new\n"],
    ["services/A.ts", "a"],
  ]);
});

Deno.test("api: with no import extension given, the project around DIR chooses it and the choice is printed", async () => {
  const project = await Deno.makeTempDir();
  await writeTree(
    project,
    new Map([
      ["package.json", '{ "type": "module" }'],
      [
        "tsconfig.json",
        '{\n  // Node\n  "compilerOptions": { "module": "NodeNext", "moduleResolution": "NodeNext", },\n}\n',
      ],
    ]),
  );
  const requested: string[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (request) => {
      requested.push(new URL(request.url).search);
      return new Response(GOOD_ZIP.slice());
    },
  );
  try {
    const url = `http://127.0.0.1:${server.addr.port}/ts.zip`;
    const chosen = await runApiIn(project, [url, "src/api"]);
    assert.equal(chosen.code, 0, chosen.stderr);
    assert.match(
      chosen.stdout,
      /^import extension js: tsconfig\.json sets moduleResolution NodeNext \(--import-extension overrides\)\n/,
    );
    const given = await runApiIn(project, [
      url,
      "src/api",
      "--import-extension",
      "none",
    ]);
    assert.equal(given.code, 0, given.stderr);
    assert.doesNotMatch(given.stdout, /import extension/);
  } finally {
    await server.shutdown();
    await Deno.remove(project, { recursive: true });
  }
  assert.deepEqual(requested, ["?importExtension=js", "?importExtension=none"]);
});

Deno.test("api: a directory Tailor did not write is refused before any download, unless --force", async () => {
  const parent = await Deno.makeTempDir({ prefix: "tailor_api_" });
  const dir = `${parent}/mine`;
  await writeTree(dir, new Map([["notes.txt", "keep me\n"]]));
  let requests = 0;
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => (requests++, new Response(GOOD_ZIP.slice())),
  );
  const url = `http://127.0.0.1:${server.addr.port}/ts.zip`;
  try {
    const refused = await runApi(url, dir);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /holds files Tailor did not write/);
    assert.equal(requests, 0);
    assert.deepEqual([...await readTree(dir)], [["notes.txt", "keep me\n"]]);
    const forced = await runApi(url, dir, ["--force"]);
    assert.equal(forced.code, 0, forced.stderr);
    assert.deepEqual([...(await readTree(dir)).keys()], [
      MARKER_FILE,
      "index.ts",
      "services/A.ts",
    ]);
  } finally {
    await server.shutdown();
    await Deno.remove(parent, { recursive: true });
  }
});

Deno.test("api (process): without URL and DIR, tailor.config.json gives the settings; flags win; a bad key is one line, exit 2", async () => {
  const project = await Deno.makeTempDir({ prefix: "tailor_api_config_" });
  const requests: string[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (request) => (requests.push(request.url), new Response(GOOD_ZIP.slice())),
  );
  const config = (settings: Record<string, unknown>) =>
    Deno.writeTextFile(
      `${project}/tailor.config.json`,
      JSON.stringify(settings),
    );
  try {
    await config({
      url: `http://127.0.0.1:${server.addr.port}/ts.zip`,
      dir: "client",
      groups: ["admin"],
      importExtension: "none",
    });
    const fromFile = await runApiIn(project, []);
    assert.equal(fromFile.code, 0, fromFile.stderr);
    assert.match(fromFile.stdout, /^client updated from .*: 2 added/);
    assert.deepEqual([...(await readTree(`${project}/client`)).keys()], [
      MARKER_FILE,
      "index.ts",
      "services/A.ts",
    ]);
    const flagged = await runApiIn(project, ["--groups", "web"]);
    assert.equal(flagged.code, 0, flagged.stderr);
    assert.deepEqual(requests.map((url) => new URL(url).search), [
      "?groups=admin&importExtension=none",
      "?groups=web&importExtension=none",
    ]);
    await config({ dir: "client", maxSize: "lots", colour: "red" });
    assertFailure(
      await runApiIn(project, []),
      2,
      /^error: tailor-api: tailor\.config\.json: unknown key "colour" .*\(see tailor-api --help\)$/,
    );
    await config({ dir: "client", maxSize: "lots" });
    assertFailure(
      await runApiIn(project, []),
      2,
      /^error: tailor-api: tailor\.config\.json: "maxSize" takes a positive count/,
    );
    assert.equal(requests.length, 2);
  } finally {
    await server.shutdown();
    await Deno.remove(project, { recursive: true });
  }
});

Deno.test("api (process): success prints the change summary, exit 0", async () => {
  const dir = await existingClient();
  await withRawServer(serveBytes(GOOD_ZIP), async (url) => {
    const result = await runApi(url, dir);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /: 1 added, 1 changed, 1 removed\n/);
    assert.match(result.stdout, /^ {2}\+ services\/A\.ts$/m);
  });
});

Deno.test("api (process): a refused connection", async () => {
  const dir = await existingClient();
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = listener.addr.port;
  listener.close();
  const result = await runApi(`http://127.0.0.1:${port}/ts.zip`, dir);
  assertFailure(result, 1, /^error: cannot reach .*refused.*left as it was$/i);
  await assertUntouched(dir);
});

Deno.test("api (process): a server that never answers", async () => {
  const dir = await existingClient();
  await withRawServer(() => sleep(1500), async (url) => {
    const result = await runApi(url, dir, SHORT);
    assertFailure(
      result,
      1,
      /no answer from .* within 0\.5 s .*--connect-timeout/,
    );
  });
  await assertUntouched(dir);
});

Deno.test("api (process): a body dripping a byte a second", async () => {
  const dir = await existingClient();
  await withRawServer(async (conn) => {
    await writeAll(conn, head("200 OK", { "content-length": 100 }));
    for (let i = 0; i < 2; i++) {
      await writeAll(conn, GOOD_ZIP.subarray(i, i + 1));
      await sleep(1000);
    }
  }, async (url) => {
    const result = await runApi(url, dir, SHORT);
    assertFailure(result, 1, /sent no data for 0\.5 s .*--idle-timeout/);
  });
  await assertUntouched(dir);
});

Deno.test("api (process): a 500 with a 200 MB body is read only 4 KiB deep", async () => {
  const dir = await existingClient();
  let sent = 0;
  await withRawServer(async (conn) => {
    const total = 200 * 1024 * 1024;
    await writeAll(
      conn,
      head("500 Internal Server Error", { "content-length": total }),
    );
    const chunk = encoder.encode("boom ".repeat(13_107)); // 64 KiB
    while (sent < total) sent += await conn.write(chunk);
  }, async (url) => {
    const result = await runApi(url, dir);
    assertFailure(result, 1, /answered 500 Internal Server Error: boom boom/);
    assert.ok(result.stderr.length < 700, `${result.stderr.length} chars`);
  });
  // Socket buffers take a few MB; reading it all would take 200.
  assert.ok(sent < 32 * 1024 * 1024, `the server sent ${sent} bytes`);
  await assertUntouched(dir);
});

Deno.test("api (process): a body cut short under Content-Length", async () => {
  const dir = await existingClient();
  await withRawServer(async (conn) => {
    await writeAll(conn, head("200 OK", { "content-length": GOOD_ZIP.length }));
    await writeAll(conn, GOOD_ZIP.subarray(0, 40));
    conn.close();
  }, async (url) => {
    const result = await runApi(url, dir, SHORT);
    assertFailure(result, 1, /download from .* was cut short/);
  });
  await assertUntouched(dir);
});

Deno.test("api (process): a chunked body cut short", async () => {
  const dir = await existingClient();
  await withRawServer(async (conn) => {
    await writeAll(conn, head("200 OK", { "transfer-encoding": "chunked" }));
    await writeAll(conn, encoder.encode("40\r\n"));
    await writeAll(conn, GOOD_ZIP.subarray(0, 64));
    await writeAll(conn, encoder.encode("\r\n"));
    conn.close();
  }, async (url) => {
    const result = await runApi(url, dir, SHORT);
    assertFailure(result, 1, /download from .* was cut short/);
  });
  await assertUntouched(dir);
});

Deno.test("api (process): a body over --max-size, declared or streamed", async () => {
  const dir = await existingClient();
  const big = zipSync({
    "a.bin": [crypto.getRandomValues(new Uint8Array(20_000)), { level: 0 }],
  });
  await withRawServer(serveBytes(big), async (url) => {
    const result = await runApi(url, dir, ["--max-size", "10K"]);
    assertFailure(result, 1, /sends more than 10240 bytes .*--max-size/);
  });
  await withRawServer(async (conn) => {
    await writeAll(conn, head("200 OK", { "transfer-encoding": "chunked" }));
    await writeAll(conn, encoder.encode(`${big.length.toString(16)}\r\n`));
    await writeAll(conn, big);
    await writeAll(conn, encoder.encode("\r\n0\r\n\r\n"));
    conn.close();
  }, async (url) => {
    const result = await runApi(url, dir, ["--max-size", "10K"]);
    assertFailure(result, 1, /sends more than 10240 bytes/);
  });
  await assertUntouched(dir);
});

Deno.test("api (process): damaged, HTML and bomb archives", async () => {
  const dir = await existingClient();
  const damaged = GOOD_ZIP.slice();
  damaged[30 + "index.ts".length + 1]! ^= 0x01;
  const bomb = zipSync({
    "bomb.bin": [new Uint8Array(8 * 1024 * 1024), { level: 9 }],
  });
  const cases: [Uint8Array, RegExp, string[]][] = [
    [damaged, /damaged ZIP archive: entry "index.ts" fails its CRC32/, []],
    [
      encoder.encode("<html>oops</html>"),
      /not a ZIP archive.*is URL the archive/,
      [],
    ],
    [bomb, /inflates to more than 1048576 bytes/, [
      "--max-unpacked-size",
      "1M",
    ]],
  ];
  for (const [bytes, message, flags] of cases) {
    await withRawServer(serveBytes(bytes), async (url) => {
      assertFailure(await runApi(url, dir, flags), 1, message);
    });
  }
  await assertUntouched(dir);
});

Deno.test("api (process): a bad command line exits 2", async () => {
  const dir = await existingClient();
  const url = "http://127.0.0.1:9/ts.zip";
  for (
    const [flags, message] of [
      [["--import-extension", "mjs"], /must be ts, js or none/],
      [["--idle-timeout", "soon"], /--idle-timeout takes seconds/],
      [["--max-size", "0"], /--max-size takes a positive count/],
      [["--bogus"], /unknown option --bogus/],
    ] as const
  ) {
    assertFailure(await runApi(url, dir, [...flags]), 2, message);
  }
  assertFailure(await runApi("ftp://x/ts.zip", dir), 2, /not an http\(s\) URL/);
  await assertUntouched(dir);
});

Deno.test("api (process): Ctrl-C while waiting leaves DIR as it was", async () => {
  const dir = await existingClient();
  let asked!: () => void;
  const requestSeen = new Promise<void>((done) => asked = done);
  await withRawServer(async () => {
    asked();
    await sleep(1500);
  }, async (url) => {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", API, url, dir],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    await requestSeen;
    child.kill("SIGINT");
    const output = await child.output();
    assertFailure(
      { code: output.code, stderr: new TextDecoder().decode(output.stderr) },
      130,
      /^error: interrupted; .* left as it was$/,
    );
  });
  await assertUntouched(dir);
});

const TIME = "/usr/bin/time";
const hasTime = await Deno.stat(TIME).then(() => true, () => false);

/** Runs the api script under GNU time; returns its peak RSS in KiB. */
async function peakKib(url: string, dir: string, flags: string[]) {
  const output = await new Deno.Command(TIME, {
    args: ["-f", "%M", Deno.execPath(), "run", "-A", API, url, dir, ...flags],
    cwd: ROOT,
    stdout: "null",
    stderr: "piped",
  }).output();
  const lines = new TextDecoder().decode(output.stderr).trim().split("\n");
  return Number(lines.at(-1));
}

Deno.test({
  name: "api (process): a bomb lying about its size keeps memory bounded",
  ignore: !hasTime,
  async fn() {
    // 128 MiB of zeros declared as 8 MiB: inflating must stop near 8 MiB
    // (a native DecompressionStream would inflate the whole chunk at once).
    const MiB = 1024 * 1024;
    const bomb = declareSize(
      zipSync({ "bomb.bin": [new Uint8Array(128 * MiB), { level: 9 }] }),
      8 * MiB,
    );
    const dir = await existingClient();
    const flags = ["--max-unpacked-size", "16M"];
    let baseline = 0;
    let peak = 0;
    await withRawServer(serveBytes(GOOD_ZIP), async (url) => {
      baseline = await peakKib(url, `${dir}-scratch`, flags);
    });
    await withRawServer(serveBytes(bomb), async (url) => {
      peak = await peakKib(url, dir, flags);
    });
    await Deno.remove(`${dir}-scratch`, { recursive: true });
    assert.ok(baseline > 0 && peak > 0, `${baseline} ${peak}`);
    assert.ok(
      peak - baseline < 64 * 1024,
      `peak ${peak} KiB, baseline ${baseline} KiB`,
    );
    await assertUntouched(dir);
  },
});
