/**
 * `@tailor/api` as a front-end team without Deno gets it: the tarball
 * `deno task pack` writes is installed with npm into a fresh project
 * outside the repository, and `npx tailor-api` runs with a PATH that holds
 * node, npm, npx and sh but no deno. It downloads the client from the
 * example server (the one process here that runs on Deno), the client
 * type-checks with tsc in strict mode, then a bare `npx tailor-api` takes
 * its settings from tailor.config.json (a bad value: one line, exit 2), and
 * SIGINT during a download is exit 130. Nothing is skipped: a missing node
 * or npm fails the test. npm needs the registry (or its cache) for
 * typescript.
 */
import assert from "node:assert/strict";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startExampleServer } from "../src/testing/example_server.ts";
import { assertSucceeded, run, runDeno } from "../src/testing/run.ts";

/** The commands the project may run; `sh` because npx spawns its bins with it. */
const TOOLS = ["node", "npm", "npx", "sh"];

/** The TypeScript compiler the client is checked with (the root's pin). */
const TYPESCRIPT = "typescript@5.9.3";

const PACK = fileURLToPath(new URL("./pack.ts", import.meta.url));
const DENO_JSON = fileURLToPath(new URL("../deno.json", import.meta.url));

/** Longest wait for one command (npm install included), so the test ends. */
const TOOL_TIMEOUT_MS = 60_000;

/** Strict compiler options, with the client imported as `.ts` files. */
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noImplicitOverride: true,
    noEmit: true,
    target: "es2022",
    lib: ["es2022", "dom"],
    module: "esnext",
    moduleResolution: "bundler",
    allowImportingTsExtensions: true,
    skipLibCheck: false,
  },
  include: ["src"],
};

/** Code of the project using both downloaded clients. */
const USE_CLIENT =
  `import { Api, createFetchExecutor } from "./__generated/index.ts";
import * as configured from "./client/index";

const api = new Api(createFetchExecutor({ baseUrl: "http://127.0.0.1:8080" }));
export const books: Promise<{ readonly totalRowCount: number }> = api
  .bookService.findBooks({ pageSize: 5 });
export const other = new configured.Api(
  configured.createFetchExecutor({ baseUrl: "http://127.0.0.1:8080" }),
);
`;

/** A Node ESM package's tsconfig.json: NodeNext, strict, no option given. */
const TSCONFIG_NODENEXT = {
  compilerOptions: {
    strict: true,
    module: "NodeNext",
    moduleResolution: "NodeNext",
    target: "es2022",
    lib: ["es2022", "dom"],
    noEmit: true,
  },
  files: ["src/node.ts"],
};

/** The client used from a NodeNext package. */
const USE_CLIENT_NODE =
  `import { Api, createFetchExecutor } from "./__generated/index.js";

const api = new Api(createFetchExecutor({ baseUrl: "http://127.0.0.1:8080" }));
export const books: Promise<{ readonly totalRowCount: number }> = api
  .bookService.findBooks({ pageSize: 5 });
`;

/** The path of `name` on this machine's PATH; throws when it is not there. */
async function which(name: string): Promise<string> {
  for (const dir of (Deno.env.get("PATH") ?? "").split(delimiter)) {
    const path = join(dir, name);
    const info = await Deno.stat(path).catch(() => undefined);
    if (info?.isFile && (info.mode ?? 0o111) & 0o111) return path;
  }
  throw new Error(`${name} is not on PATH: this test needs Node 20+ and npm`);
}

/**
 * On Node too, SIGINT while the server keeps the client waiting leaves DIR
 * as it was: one line, exit 130. The bin runs under node directly (npx
 * would stand between the signal and it).
 */
async function assertInterruptible(bin: string, project: string) {
  const silent = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const conns: Deno.Conn[] = [];
  const accepting = (async () => {
    for await (const conn of silent) conns.push(conn);
  })().catch(() => {});
  const child = new Deno.Command(join(bin, "node"), {
    args: [
      join(project, "node_modules/.bin/tailor-api"),
      `http://127.0.0.1:${silent.addr.port}/ts.zip`,
      "src/__generated",
    ],
    cwd: project,
    env: { PATH: bin },
    stdout: "null",
    stderr: "piped",
  }).spawn();
  try {
    for (let waited = 0; conns.length === 0; waited += 20) {
      assert.ok(waited < 10_000, "tailor-api never connected");
      await new Promise((done) => setTimeout(done, 20));
    }
    child.kill("SIGINT");
    const { code, stderr } = await child.output();
    assert.equal(
      new TextDecoder().decode(stderr),
      "error: interrupted; src/__generated left as it was\n",
    );
    assert.equal(code, 130);
  } finally {
    silent.close();
    for (const conn of conns) conn.close();
    await accepting;
  }
}

Deno.test("pack: npm i of @tailor/api, then npx tailor-api on Node with no deno on PATH downloads a client that tsc accepts, and reads tailor.config.json", async () => {
  const started = performance.now();
  const work = await Deno.makeTempDir({ prefix: "tailor_node_" });
  const bin = join(work, "bin");
  const project = join(work, "project");
  await Deno.mkdir(bin);
  await Deno.mkdir(project);
  for (const tool of TOOLS) {
    await Deno.symlink(await which(tool), join(bin, tool));
  }
  const env = { PATH: bin, npm_config_update_notifier: "false" };
  /** Runs a tool of `bin` in the project; fails with its output. */
  const inProject = async (command: string, ...args: string[]) => {
    const result = await run(join(bin, command), args, {
      cwd: project,
      env,
      timeoutMs: TOOL_TIMEOUT_MS,
    });
    assert.equal(
      result.code,
      0,
      `${command} ${args.join(" ")} (exit ${result.code}):\n${result.output}`,
    );
    return result.output;
  };
  const server = await startExampleServer();
  try {
    const noDeno = await run(join(bin, "sh"), ["-c", "command -v deno"], {
      env,
    });
    assert.notEqual(noDeno.code, 0, `deno is reachable: ${noDeno.output}`);
    const node = await inProject("node", "--version");
    assert.ok(Number(/^v(\d+)/.exec(node)?.[1]) >= 20, node);

    const dist = join(work, "dist");
    assertSucceeded(
      "deno task pack",
      await runDeno(["run", "-A", PACK, dist], { timeoutMs: TOOL_TIMEOUT_MS }),
    );
    const { version } = JSON.parse(await Deno.readTextFile(DENO_JSON));
    const tarball = join(dist, `tailor-api-${version}.tgz`);
    assert.equal(version, "0.1.0");
    await Deno.writeTextFile(
      join(project, "package.json"),
      JSON.stringify({ name: "front-end", private: true, type: "module" }),
    );
    const installing = performance.now();
    await inProject(
      "npm",
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      tarball,
      TYPESCRIPT,
    );
    const installMs = performance.now() - installing;
    const installed = JSON.parse(
      await Deno.readTextFile(join(project, "package.json")),
    );
    assert.deepEqual(Object.keys(installed.dependencies).sort(), [
      "@tailor/api",
      "typescript",
    ]);

    const url = `${server.base}/ts.zip`;
    const downloaded = await inProject(
      "npx",
      "tailor-api",
      url,
      "src/__generated",
    );
    // No tsconfig.json yet: package.json alone chooses js.
    assert.match(
      downloaded,
      /^import extension js: package\.json without a tsconfig\.json .*\nsrc\/__generated updated from .*\?importExtension=js: \d+ added/,
    );
    await Deno.stat(join(project, "src/__generated/.tailor-generated"));

    await Deno.writeTextFile(
      join(project, "tailor.config.json"),
      JSON.stringify({ url, dir: "src/client", importExtension: "none" }),
    );
    const configured = await inProject("npx", "tailor-api");
    assert.match(
      configured,
      /^src\/client updated from .*\?importExtension=none: \d+ added/,
    );
    const index = await Deno.readTextFile(
      join(project, "src/client/index.ts"),
    );
    assert.match(index, /from "\.\/Api";/);

    await Deno.writeTextFile(join(project, "src/main.ts"), USE_CLIENT);
    await Deno.writeTextFile(
      join(project, "tsconfig.json"),
      JSON.stringify(TSCONFIG),
    );
    await inProject("npx", "tsc", "-p", ".");

    // A Node/NodeNext front end: no option, and the client compiles.
    await Deno.writeTextFile(join(project, "src/node.ts"), USE_CLIENT_NODE);
    await Deno.writeTextFile(
      join(project, "tsconfig.json"),
      JSON.stringify(TSCONFIG_NODENEXT),
    );
    const nodeNext = await inProject(
      "npx",
      "tailor-api",
      url,
      "src/__generated",
    );
    assert.match(
      nodeNext,
      /^import extension js: tsconfig\.json sets moduleResolution NodeNext /,
    );
    await inProject("npx", "tsc", "-p", ".");

    await Deno.writeTextFile(
      join(project, "tailor.config.json"),
      JSON.stringify({ dir: "src/client", maxSize: "big" }),
    );
    const refused = await run(join(bin, "npx"), ["tailor-api"], {
      cwd: project,
      env,
      timeoutMs: TOOL_TIMEOUT_MS,
    });
    assert.equal(refused.code, 2, refused.output);
    assert.equal(
      refused.output.trim(),
      'error: tailor-api: tailor.config.json: "maxSize" takes a positive count like 1000, 64K or 64M, not "big" (see tailor-api --help)',
    );
    await assertInterruptible(bin, project);

    console.log(
      `npm install ${(installMs / 1000).toFixed(1)} s, whole test ${
        ((performance.now() - started) / 1000).toFixed(1)
      } s`,
    );
  } finally {
    await server.stop();
    await Deno.remove(work, { recursive: true });
  }
});
