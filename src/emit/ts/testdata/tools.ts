/**
 * Test support for the TypeScript emitter: writing a generated tree to a
 * temporary directory and running `deno fmt`, `deno lint`, `deno check` and
 * npm TypeScript's `tsc` on it.
 *
 * @module
 */

import type { ApiModel } from "../../../model/api_model.ts";
import { API_MODEL_VERSION } from "../../../model/api_model.ts";

/** npm TypeScript used for the `tsc` checks (run through `deno run`). */
export const TSC = "npm:typescript@5.9.3/bin/tsc";

/**
 * The `tsc` flags of the brief, plus the ones that catch sloppy generated
 * code: type-only imports (`verbatimModuleSyntax`) and unused declarations.
 */
export const TSC_FLAGS = [
  "--strict",
  "--exactOptionalPropertyTypes",
  "--noUncheckedIndexedAccess",
  "--noEmit",
  "--allowImportingTsExtensions",
  "--module",
  "esnext",
  "--moduleResolution",
  "bundler",
  "--target",
  "es2022",
  "--verbatimModuleSyntax",
  "--noUnusedLocals",
  "--noUnusedParameters",
  "--noImplicitOverride",
  "--noPropertyAccessFromIndexSignature",
];

/** The compiler options `deno check` runs with, as in the project. */
const DENO_JSON = {
  compilerOptions: {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
  },
};

/** The type-level assertions every consumer program imports. */
const TYPE_ASSERTIONS = new URL("./type_assertions.ts", import.meta.url);

/** Root of the repository. */
export const REPO_ROOT = new URL("../../../../", import.meta.url);

/** Output of a finished command. */
export interface CommandResult {
  readonly code: number;
  readonly output: string;
}

/** Runs `deno <args>` in `cwd`, without color. */
export function deno(
  args: readonly string[],
  cwd: string,
): Promise<CommandResult> {
  return runCommand(Deno.execPath(), args, cwd);
}

/** Runs the program `name` with `args` in `cwd`, without color. */
export async function runCommand(
  name: string,
  args: readonly string[],
  cwd: string,
): Promise<CommandResult> {
  const { code, stdout, stderr } = await new Deno.Command(name, {
    args: [...args],
    cwd,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return {
    code,
    output: decoder.decode(stdout) + decoder.decode(stderr),
  };
}

/** Throws with the command's output unless it exited with 0. */
export async function expectSuccess(
  what: string,
  args: readonly string[],
  cwd: string,
): Promise<void> {
  const result = await deno(args, cwd);
  if (result.code !== 0) {
    throw new Error(`${what} failed (exit ${result.code}):\n${result.output}`);
  }
}

/**
 * A temporary project: `deno.json` with the project's strict compiler
 * options, the generated tree under `client/`, and consumer programs at the
 * root (they import `./client/index.ts` and `./type_assertions.ts`).
 */
export interface Workspace {
  readonly dir: string;
  /** Relative paths of the generated files, under `client/`. */
  readonly clientFiles: readonly string[];
  /** Relative paths of the consumer programs. */
  readonly consumers: readonly string[];
  /** Removes the directory. */
  dispose(): Promise<void>;
}

/**
 * Writes `files` under `client/` of a new temporary directory, and the
 * `consumers` (with the type assertions they import) at its root.
 */
export async function createWorkspace(
  files: ReadonlyMap<string, string>,
  consumers: readonly URL[] = [],
): Promise<Workspace> {
  const dir = await Deno.makeTempDir({ prefix: "tailor_ts_" });
  await Deno.writeTextFile(
    `${dir}/deno.json`,
    JSON.stringify(DENO_JSON, null, 2) + "\n",
  );
  const clientFiles: string[] = [];
  for (const [path, text] of files) {
    const full = `${dir}/client/${path}`;
    await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(full, text);
    clientFiles.push(`client/${path}`);
  }
  /** Copies a file to the root of the workspace; returns its name. */
  const copyToRoot = async (url: URL): Promise<string> => {
    const name = url.pathname.slice(url.pathname.lastIndexOf("/") + 1);
    await Deno.copyFile(url, `${dir}/${name}`);
    return name;
  };
  const consumerNames: string[] = [];
  for (const consumer of consumers) {
    consumerNames.push(await copyToRoot(consumer));
  }
  if (consumers.length > 0) await copyToRoot(TYPE_ASSERTIONS);
  return {
    dir,
    clientFiles,
    consumers: consumerNames,
    dispose: () => Deno.remove(dir, { recursive: true }),
  };
}

/** `deno fmt --check` on the generated tree. */
export function checkFormat(workspace: Workspace): Promise<void> {
  return expectSuccess(
    "deno fmt --check",
    ["fmt", "--check", "client"],
    workspace.dir,
  );
}

/** `deno lint` on the generated tree. */
export function checkLint(workspace: Workspace): Promise<void> {
  return expectSuccess("deno lint", ["lint", "client"], workspace.dir);
}

/** `deno check` on every generated file and the consumers. */
export function checkDeno(workspace: Workspace): Promise<void> {
  return expectSuccess(
    "deno check",
    ["check", ...workspace.clientFiles, ...workspace.consumers],
    workspace.dir,
  );
}

/** npm `tsc` with {@link TSC_FLAGS} on every generated file and consumer. */
export function checkTsc(workspace: Workspace): Promise<void> {
  return expectSuccess(
    "tsc",
    [
      "run",
      "-A",
      TSC,
      ...TSC_FLAGS,
      ...workspace.clientFiles,
      ...workspace.consumers,
    ],
    workspace.dir,
  );
}

/** The analyzer's model of a fixture, when it has been written yet. */
export function fixtureModelUrl(fixture: string): URL {
  return new URL(`golden/${fixture}/model.json`, REPO_ROOT);
}

/** Whether `url` names an existing file. */
export function exists(url: URL): boolean {
  try {
    return Deno.statSync(url).isFile;
  } catch {
    return false;
  }
}

/** Reads an ApiModel written as JSON. */
export async function loadModel(url: URL): Promise<ApiModel> {
  const model = JSON.parse(await Deno.readTextFile(url)) as ApiModel;
  if (model.version !== API_MODEL_VERSION) {
    throw new Error(
      `${url.pathname}: model version ${model.version}, expected ${API_MODEL_VERSION}`,
    );
  }
  return model;
}
