/**
 * The commands the benchmark times on one synthetic project: Tailor's
 * `generate` (full, without the type check, `--target ts`), the type
 * checkers (`tsc`, `tsgo`, `deno check`) on the same sources, and the peers
 * (openapi-typescript, hey-api, orval) on Tailor's own `openapi.yml` of it.
 * Tools are the npm packages pinned in deno.json.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { cacheDir, projectCacheDir } from "../src/typecheck/cache_dir.ts";
import type { Command } from "./bench_process.ts";
import {
  syntheticProject,
  writeSyntheticProject,
} from "../src/testing/synthetic_project.ts";

/** Path of the CLI. */
export const CLI = fileURLToPath(new URL("../cli.ts", import.meta.url));

/** `typescript_floor.ts`: the compiler's own work, alone. */
export const TYPESCRIPT_FLOOR = fileURLToPath(
  new URL("./typescript_floor.ts", import.meta.url),
);

/** The lock of test and benchmark tools (never deno.lock, see CONTRIBUTING). */
export const DEV_LOCK: string = fileURLToPath(
  new URL("../dev.lock", import.meta.url),
);

/**
 * The npm specifiers of the benchmark's tools (the peers it measures and
 * autocannon), pinned in `bench_tools.json` rather than in deno.json, so
 * that serving Tailor never downloads them.
 */
const TOOLS_JSON = new URL("./bench_tools.json", import.meta.url);

/** The pinned npm specifiers of the benchmark's tools, by package name. */
export async function pinnedTools(): Promise<Record<string, string>> {
  return JSON.parse(await Deno.readTextFile(TOOLS_JSON));
}

/**
 * A timed command; `clean` paths are moved out of the way before every run
 * (see `setAside` in bench.ts).
 */
export interface BenchCommand {
  readonly name: string;
  readonly command: Command;
  readonly clean: readonly string[];
}

/** The files of one size, ready to be measured. */
export interface Prepared {
  readonly endpoints: number;
  readonly project: string;
  readonly commands: readonly BenchCommand[];
  /** Where earlier runs' outputs are moved; removed with the work directory. */
  readonly trash: string;
}

/** A project file changed before every run, see {@link touchNonce}. */
const NONCE_FILE = "bench_nonce.ts";

let nonce = 0;

/**
 * Changes the project's nonce file. `deno check` skips a program it has
 * checked before unchanged (its cache outlives the process), so without a
 * change every run after the first would time a cache hit, not a check.
 */
export async function touchNonce(project: string): Promise<void> {
  nonce++;
  await Deno.writeTextFile(
    `${project}/${NONCE_FILE}`,
    `/** Changed by the benchmark before every run. */\nexport const NONCE = ${nonce};\n`,
  );
}

function deno(args: readonly string[], cwd?: string): Command {
  return {
    program: Deno.execPath(),
    args: [...args],
    ...(cwd === undefined ? {} : { cwd }),
  };
}

/** `deno run -A` of a pinned benchmark tool, locked in dev.lock. */
function tool(specifier: string, args: readonly string[]): Command {
  return deno(["run", "-A", `--lock=${DEV_LOCK}`, specifier, ...args]);
}

/**
 * The native `tsgo` executable inside Deno's npm cache (the package's
 * launcher is a Node script that would add a Deno start-up to the time), or
 * the launcher when the binary is not where npm puts it.
 */
export async function tsgoCommand(specifier: string): Promise<Command> {
  const launcher = tool(`${specifier}/tsgo`, []);
  // Downloads the package and its platform binary.
  await new Deno.Command(launcher.program, {
    args: [...launcher.args, "--version"],
    stdout: "null",
    stderr: "null",
  }).output();
  const { stdout } = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json"],
    stdout: "piped",
    stderr: "null",
  }).output();
  const cache = JSON.parse(new TextDecoder().decode(stdout)).npmCache;
  const version = specifier.slice(specifier.lastIndexOf("@") + 1);
  const arch = ({ x86_64: "x64", aarch64: "arm64" } as Record<string, string>)[
    Deno.build.arch
  ];
  const os = Deno.build.os === "windows" ? "win32" : Deno.build.os;
  const exe =
    `${cache}/registry.npmjs.org/@typescript/native-preview-${os}-${arch}/${version}/lib/tsgo${
      os === "win32" ? ".exe" : ""
    }`;
  try {
    Deno.statSync(exe);
    return { program: exe, args: [] };
  } catch {
    return launcher;
  }
}

function tsconfig(project: string): string {
  return JSON.stringify(
    {
      compilerOptions: {
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
        allowImportingTsExtensions: true,
        module: "esnext",
        moduleResolution: "bundler",
        target: "esnext",
        skipLibCheck: true,
        types: [],
      },
      include: [`${project}/**/*.ts`],
    },
    null,
    2,
  );
}

/**
 * Writes the project of `endpoints` under `work`, its `openapi.yml` (for
 * the peers) and a tsconfig (for tsc and tsgo), and lists the commands.
 */
export async function prepare(
  work: string,
  endpoints: number,
  tools: Record<string, string>,
  tsgo: Command,
): Promise<Prepared> {
  const project = `${work}/p${endpoints}`;
  await writeSyntheticProject(project, endpoints);
  await touchNonce(project);
  const spec = `${work}/spec${endpoints}`;
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      CLI,
      "generate",
      "--target",
      "openapi",
      "--skip-type-check",
      "--project",
      project,
      "--out",
      spec,
    ],
    stdout: "null",
  }).output();
  if (code !== 0) throw new Error(`the ${endpoints}-endpoint project fails`);
  const config = `${work}/tsconfig${endpoints}.json`;
  await Deno.writeTextFile(config, tsconfig(project));
  const files = [...syntheticProject(endpoints).keys(), NONCE_FILE]
    .filter((path) => path.endsWith(".ts"));
  const out = (name: string) => `${work}/out${endpoints}_${name}`;
  // A cold run type-checks from scratch: tsgo's build info goes too.
  const checkCache = await projectCacheDir(
    cacheDir(),
    (await Deno.realPath(project)).replaceAll("\\", "/"),
  );
  const generate = (name: string, flags: string[]): BenchCommand => ({
    name,
    command: deno([
      "run",
      "-A",
      CLI,
      "generate",
      ...flags,
      "--project",
      project,
      "--out",
      out(name),
    ]),
    clean: [out(name), checkCache],
  });
  const openapi = `${spec}/openapi.yml`;
  const commands: BenchCommand[] = [
    generate("generate", []),
    generate("generate_skip_check", ["--skip-type-check"]),
    generate("generate_ts", ["--target", "ts"]),
    generate("generate_ts_skip_check", [
      "--target",
      "ts",
      "--skip-type-check",
    ]),
    {
      // TypeScript's parse and bind of the sources as the analysis loads
      // them: the floor under generate_ts_skip_check.
      name: "typescript_floor",
      command: deno(["run", "-A", TYPESCRIPT_FLOOR, work, project]),
      clean: [],
    },
    {
      name: "tsc",
      command: tool(`${tools.typescript}/bin/tsc`, ["-p", config]),
      clean: [],
    },
    {
      name: "tsgo",
      command: { ...tsgo, args: [...tsgo.args, "-p", config] },
      clean: [],
    },
    {
      name: "deno_check",
      command: deno(["check", "--quiet", ...files], project),
      clean: [],
    },
    {
      name: "openapi_typescript",
      command: tool(tools["openapi-typescript"]!, [
        openapi,
        "-o",
        `${out("oat")}/types.ts`,
      ]),
      clean: [out("oat")],
    },
    {
      name: "hey_api",
      command: tool(tools["@hey-api/openapi-ts"]!, [
        "-i",
        openapi,
        "-o",
        out("hey"),
      ]),
      clean: [out("hey")],
    },
    {
      name: "orval",
      command: tool(tools.orval!, [
        "--input",
        openapi,
        "--output",
        `${out("orval")}/api.ts`,
      ]),
      clean: [out("orval")],
    },
  ];
  return { endpoints, project, commands, trash: `${work}/trash` };
}
