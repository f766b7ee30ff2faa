/**
 * `tailor fetchers FRONTEND_DIR --out FILE`: reads the front end's source,
 * evaluates every fetcher it builds with a generated client's builder, and
 * writes the persisted-fetcher manifest (only when it changed); with
 * `--check`, compares instead. A fetcher that cannot be evaluated is an
 * error at its file:line:col, and nothing is written.
 *
 * @module
 */

import {
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { lineAndColumn } from "../analyze/compiler.ts";
import { OutputError } from "../fs/output_guard.ts";
import {
  BUILDER_FILE,
  builderFiles,
  unresolvedBuilderImports,
} from "../fetchers/builders.ts";
import { collectFetchers, type Place } from "../fetchers/collect.ts";
import { type BuilderModule, builderProblem } from "../fetchers/evaluate.ts";
import { isManifestText, manifestText } from "../fetchers/manifest.ts";
import { frontEndProgram, SOURCE_EXTENSIONS } from "../fetchers/program.ts";
import { type ParsedArgs, UsageError } from "./command.ts";
import { displayPath } from "./paths.ts";
import { stderrStyle, stdoutStyle } from "./style.ts";

/** Runs `tailor fetchers`; resolves with the exit status. */
export async function fetchers(args: ParsedArgs): Promise<number> {
  const dir = args.positionals[0]!;
  const out = args.values.out as string;
  const root = resolve(dir).split(sep).join("/");
  const kind = await stat(root).then(
    (info) => info.isDirectory() ? "dir" : "file",
    () => "absent",
  );
  if (kind === "absent") {
    throw new Deno.errors.NotFound(`${displayPath(dir)} does not exist`);
  }
  if (kind === "file") {
    throw new UsageError(
      `tailor fetchers: ${
        displayPath(dir)
      } is a file: give the front end's directory`,
    );
  }
  const style = stderrStyle();
  const files = await readSources(root);
  if (files.size === 0) {
    console.error(
      `${style.error("error:")} no TypeScript or JavaScript file under ${
        displayPath(dir)
      } (node_modules and hidden directories are left out)`,
    );
    return 1;
  }
  const program = frontEndProgram(root, files);
  for (const [file, specifier] of unresolvedBuilderImports(program)) {
    const { line, column } = lineAndColumn(file, specifier.getStart(file));
    console.error(
      `${displayPath(file.fileName)}:${line}:${column} - ${
        style.warning("warning:")
      } ${specifier.getText(file)} reaches no file of ${
        displayPath(dir)
      }: its fetchers are not listed (give a relative import of the generated ${BUILDER_FILE})`,
    );
  }
  const found = builderFiles(program);
  if (found.length === 0) {
    console.error(
      `${style.error("error:")} no generated ${BUILDER_FILE} under ${
        displayPath(dir)
      } (${files.size} ${
        files.size === 1 ? "file" : "files"
      } read), so no fetcher is built with one\n  hint: generate the TypeScript client into the front end (tailor generate --target ts --out ${
        displayPath(dir)
      }/src/__generated) and build fetchers with its fetcher()`,
    );
    return 1;
  }
  const builders = new Map<string, BuilderModule>();
  for (const file of found) {
    let problem: string | undefined;
    try {
      const module = await import(pathToFileURL(file).href);
      problem = builderProblem(module);
      builders.set(file, module);
    } catch (error) {
      problem = (error as Error).message?.split("\n")[0];
    }
    if (problem !== undefined) {
      console.error(
        `${style.error("error:")} cannot load the builder ${
          displayPath(file)
        }: ${problem}`,
      );
      return 1;
    }
  }
  const { entries, diagnostics } = collectFetchers(program, root, builders);
  const shown = (place: Place) =>
    `${displayPath(join(root, place.path))}:${place.line}:${place.column}`;
  for (const diagnostic of diagnostics) {
    console.error(
      `${shown(diagnostic)} - ${style.error("error:")} ${diagnostic.message}${
        diagnostic.fetcher === undefined
          ? ""
          : ` (in the fetcher at ${shown(diagnostic.fetcher)})`
      }`,
    );
  }
  if (diagnostics.length > 0) {
    console.error(
      `${style.error("error:")} ${displayPath(out)} was not written: ${
        diagnostics.length === 1 ? "1 error" : `${diagnostics.length} errors`
      } above\n  hint: build a fetcher from literals, consts and the builder alone; pass what varies (an id, a page) as the operation's arguments`,
    );
    return 1;
  }
  if (entries.length === 0) {
    console.error(
      `${style.error("error:")} no file of ${
        displayPath(dir)
      } builds a fetcher with the fetcher() of ${
        found.map((file) => displayPath(file)).join(", ")
      }, so ${displayPath(out)} was not written`,
    );
    return 1;
  }
  const text = manifestText(entries);
  const count = `${entries.length} ${
    entries.length === 1 ? "fetcher" : "fetchers"
  }`;
  const existing = await existingManifest(out);
  if (existing === text) {
    console.log(`${displayPath(out)} is up to date (${count})`);
    return 0;
  }
  if (args.values.check === true) {
    console.error(
      `${displayPath(out)} is ${
        existing === undefined ? "missing" : "stale"
      }: run tailor fetchers ${dir} --out ${out} (${count})`,
    );
    return 1;
  }
  await replaceFile(out, text);
  console.log(stdoutStyle().success(`wrote ${count} to ${displayPath(out)}`));
  return 0;
}

/** Every source file under `root` (absolute, `/`-separated), sorted. */
async function readSources(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  async function walk(dir: string): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !entry.name.startsWith(".")) {
          await walk(path);
        }
      } else if (
        entry.isFile() && !/\.d\.[cm]?ts$/.test(entry.name) &&
        SOURCE_EXTENSIONS.some((extension) => entry.name.endsWith(extension))
      ) {
        files.set(path, await readFile(path, "utf8"));
      }
    }
  }
  await walk(root);
  return new Map([...files].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The text of the manifest at `out`, undefined when absent; refuses a path
 * that holds anything else (a directory, another file).
 */
async function existingManifest(out: string): Promise<string | undefined> {
  const info = await stat(out).catch(() => undefined);
  if (info === undefined) return undefined;
  if (info.isDirectory()) {
    throw new OutputError(
      `--out ${displayPath(out)} is a directory: give the manifest's file`,
      2,
    );
  }
  const text = await readFile(out, "utf8");
  if (!isManifestText(text)) {
    throw new OutputError(
      `--out ${
        displayPath(out)
      } exists and is not a fetcher manifest: refusing to replace it (remove it or choose another path)`,
      2,
    );
  }
  return text;
}

/** Writes `text` to `out` whole: a new file beside it, then renamed. */
async function replaceFile(out: string, text: string): Promise<void> {
  const dir = dirname(resolve(out));
  if (!(await stat(dir).then((info) => info.isDirectory(), () => false))) {
    throw new OutputError(
      `cannot write ${displayPath(out)}: ${
        displayPath(dir)
      } is not a directory`,
      1,
    );
  }
  const staged = join(dir, `.${crypto.randomUUID()}.tailor-new`);
  try {
    await writeFile(staged, text);
    await rename(staged, out);
  } catch (error) {
    await rm(staged, { force: true });
    throw new OutputError(
      `cannot write ${displayPath(out)}: ${(error as Error).message}`,
      1,
    );
  }
}
