/**
 * `tsgo`, the native TypeScript compiler (npm `@typescript/native-preview`),
 * run on a plain-TypeScript project with Deno's own global declarations:
 * about a tenth of the time of `deno check` on the same files.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE = "@typescript/native-preview";

/**
 * Path of the native `tsgo` executable of the pinned package, or undefined
 * when this platform's binary is not on disk. The package's launcher is a
 * Node script: running the binary itself saves a runtime start-up.
 */
export async function tsgoExecutable(): Promise<string | undefined> {
  // The literal import makes Deno fetch the package and its platform binary.
  const { default: pkg } = await import(
    "@typescript/native-preview/package.json",
    { with: { type: "json" } }
  );
  const packageDir = dirname(
    fileURLToPath(import.meta.resolve(`${PACKAGE}/package.json`)),
  );
  const platform = `native-preview-${nodePlatform()}-${nodeArch()}`;
  const exe = Deno.build.os === "windows" ? "tsgo.exe" : "tsgo";
  const candidates = [
    // Deno's global cache: <registry>/@typescript/<name>/<version>/
    join(packageDir, "..", "..", platform, pkg.version, "lib", exe),
    // A node_modules directory: dependencies sit beside the package.
    join(packageDir, "..", platform, "lib", exe),
  ];
  for (const candidate of candidates) {
    try {
      if ((await Deno.stat(candidate)).isFile) return candidate;
    } catch {
      // not there: try the next layout
    }
  }
  return undefined;
}

function nodePlatform(): string {
  return Deno.build.os === "windows" ? "win32" : Deno.build.os;
}

function nodeArch(): string {
  return Deno.build.arch === "x86_64" ? "x64" : "arm64";
}

/** A running `tsgo`. */
export interface TsgoRun {
  /** Whether the program has no error (the errors are `deno check`'s to report). */
  readonly passes: Promise<boolean>;
}

/** What {@link startTsgo} checks, and where it keeps its files. */
export interface TsgoProgram {
  /** The files to check (absolute paths). */
  readonly files: readonly string[];
  readonly compilerOptions: Readonly<Record<string, unknown>>;
  /** The global declarations, see {@link denoGlobalsFile}. */
  readonly globalsFile: string;
  /**
   * The project's own directory in the cache: its `tsconfig.json` and the
   * build info that makes the next check incremental (like `deno check`'s).
   */
  readonly workDir: string;
}

/** Starts `tsgo` on a program; resolves once the process runs. */
export async function startTsgo(
  exe: string,
  program: TsgoProgram,
): Promise<TsgoRun> {
  const { workDir } = program;
  await Deno.mkdir(workDir, { recursive: true });
  const config = join(workDir, "tsconfig.json");
  await writeIfChanged(
    config,
    JSON.stringify({
      compilerOptions: {
        ...program.compilerOptions,
        lib: ["esnext"],
        types: [],
        incremental: true,
        tsBuildInfoFile: join(workDir, "tsgo.tsbuildinfo"),
      },
      files: [program.globalsFile, ...program.files],
    }),
  );
  // One thread: the analysis runs beside the check and needs a core. On the
  // 2-core machine, 4,000 endpoints check in 3.1-3.4 s and 306 MB this way,
  // against 3.4-4.4 s and 470-508 MB with tsgo's own threads.
  const output = new Deno.Command(exe, {
    args: ["-p", config, "--pretty", "false", "--singleThreaded"],
    stdout: "null",
    stderr: "null",
  }).output();
  return { passes: output.then(({ code }) => code === 0) };
}

/**
 * Path of a file in `cacheDir` holding the global declarations `deno check`
 * uses (`Deno.*`, the web APIs, `import.meta.main`): the output of `deno
 * types` of this Deno, without its references to Deno's own lib names,
 * which only Deno's compiler knows. Written once per Deno version.
 */
export async function denoGlobalsFile(cacheDir: string): Promise<string> {
  const path = join(cacheDir, `deno-${Deno.version.deno}.d.ts`);
  try {
    await Deno.stat(path);
    return path;
  } catch {
    // first use of this Deno: write it
  }
  const { code, stdout } = await new Deno.Command(Deno.execPath(), {
    args: ["types"],
    stdout: "piped",
    stderr: "null",
  }).output();
  if (code !== 0) throw new Error("deno types failed");
  const text = new TextDecoder().decode(stdout).split("\n")
    .filter((line) => !line.startsWith("/// <reference")).join("\n");
  await Deno.mkdir(cacheDir, { recursive: true });
  await writeIfChanged(path, text);
  return path;
}

/**
 * Writes `text` to `path` unless it holds it already, through a rename, so
 * that a concurrent reader never sees half a file.
 */
async function writeIfChanged(path: string, text: string): Promise<void> {
  try {
    if (await Deno.readTextFile(path) === text) return;
  } catch {
    // absent: write it
  }
  const temporary = `${path}.${Deno.pid}.tmp`;
  await Deno.writeTextFile(temporary, text);
  await Deno.rename(temporary, path);
}
