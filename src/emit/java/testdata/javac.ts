/**
 * Test helpers: run `javac --release 17` on generated sources against the
 * annotation stand-ins of `stubs/`, and register tests that need javac.
 *
 * Without javac a test is ignored with a printed reason, unless
 * `REQUIRE_JAVAC=1` (CI), where it fails with a clear message.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { fileURLToPath as fromFileUrl } from "node:url";
import { testWithTool, type Tool } from "../../../testing/needs_tool.ts";
import { type CommandResult, run } from "../../../testing/run.ts";

/** Directory of the annotation stand-ins. */
export const STUBS_DIR = fromFileUrl(new URL("./stubs/", import.meta.url));

/** Directory of the consumer snippets. */
export const CONSUMER_DIR = fromFileUrl(
  new URL("./consumer/", import.meta.url),
);

/** Why javac cannot be used, or `undefined` when it can. */
async function probeJavac(): Promise<string | undefined> {
  let result: CommandResult;
  try {
    result = await run("javac", ["-version"]);
  } catch (error) {
    return error instanceof Deno.errors.NotFound
      ? "javac is not on PATH"
      : `javac cannot be run: ${(error as Error).message}`;
  }
  const text = result.output.trim();
  if (result.code !== 0) return `"javac -version" failed: ${text}`;
  const major = Number(/javac\s+(\d+)/.exec(text)?.[1] ?? "0");
  return major < 17
    ? `javac on PATH is "${text}", Java 17 or later is needed`
    : undefined;
}

/** javac 17+, required when `REQUIRE_JAVAC=1` (CI). */
export const JAVAC: Tool = {
  problem: await probeJavac(),
  requiredBy: "REQUIRE_JAVAC",
  install: "install a JDK 17+ with javac on PATH",
};

/**
 * Registers a test that needs javac: ignored with a printed reason when
 * javac is missing, failing instead when `REQUIRE_JAVAC=1`.
 */
export function javacTest(name: string, fn: () => Promise<void>): void {
  testWithTool(JAVAC, { name, fn });
}

/** Runs `javac --release 17 -encoding UTF-8 <args>`. */
export function javac(args: readonly string[]): Promise<CommandResult> {
  return run("javac", ["--release", "17", "-encoding", "UTF-8", ...args]);
}

async function javaFilesUnder(dir: string): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) files.push(...await javaFilesUnder(path));
    else if (entry.name.endsWith(".java")) files.push(path);
  }
  return files.sort();
}

/** A workspace with the stand-ins compiled and generated sources compiled. */
export interface CompiledClient {
  readonly dir: string;
  /** Class path holding the stand-ins and the generated classes. */
  readonly classPath: string;
  /** Compiles one consumer snippet against the client. */
  compileConsumer(file: string): Promise<CommandResult>;
  /** Removes the workspace. */
  dispose(): Promise<void>;
}

/**
 * Writes `files` (path -> source) into a temporary directory and compiles
 * them strictly (`-Xlint:all -Xdoclint:all,-missing -Werror`) against the
 * compiled stand-ins. Throws with javac's output when it fails.
 */
export async function compileClient(
  files: ReadonlyMap<string, string>,
): Promise<CompiledClient> {
  const dir = await Deno.makeTempDir({ prefix: "tailor_java_" });
  try {
    const stubClasses = join(dir, "stub-classes");
    const stubs = await javac([
      "-d",
      stubClasses,
      ...await javaFilesUnder(STUBS_DIR),
    ]);
    if (stubs.code !== 0) {
      throw new Error(
        `the annotation stand-ins do not compile:\n${stubs.output}`,
      );
    }
    const sources = join(dir, "src");
    const paths: string[] = [];
    for (const [path, text] of files) {
      const target = join(sources, path);
      await Deno.mkdir(dirname(target), { recursive: true });
      await Deno.writeTextFile(target, text);
      paths.push(target);
    }
    const classes = join(dir, "classes");
    const generated = await javac([
      "-Xlint:all",
      "-Xdoclint:all,-missing",
      "-Werror",
      "-cp",
      stubClasses,
      "-d",
      classes,
      ...paths,
    ]);
    if (generated.code !== 0) {
      throw new Error(
        `the generated Java does not compile:\n${generated.output}`,
      );
    }
    const classPath = [stubClasses, classes].join(
      Deno.build.os === "windows" ? ";" : ":",
    );
    let consumers = 0;
    return {
      dir,
      classPath,
      compileConsumer: (file) =>
        javac([
          "-Xlint:all",
          "-cp",
          classPath,
          "-d",
          join(dir, `consumer-${consumers++}`),
          file,
        ]),
      dispose: () => Deno.remove(dir, { recursive: true }),
    };
  } catch (error) {
    await Deno.remove(dir, { recursive: true });
    throw error;
  }
}

/**
 * The `// expect-error: <text>` lines of a snippet that must not compile:
 * each text must appear in javac's output.
 */
export async function expectedErrors(file: string): Promise<string[]> {
  const text = await Deno.readTextFile(file);
  return [...text.matchAll(/\/\/\s*expect-error:\s*(.+)$/gm)].map((m) =>
    m[1]!.trim()
  );
}
