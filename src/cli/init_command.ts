/**
 * `tailor init DIR`: writes a starter server project into a new or empty
 * directory (never over anything that is there). Run from a checkout of
 * Tailor, or given `--link DIR`, the project links that checkout instead of
 * fetching the package from JSR.
 *
 * @module
 */

import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type ParsedArgs, UsageError } from "./command.ts";
import { displayPath } from "./paths.ts";
import { starterFiles } from "./starter/starter_files.ts";
import { stdoutStyle } from "./style.ts";
import { PACKAGE_NAME, VERSION } from "./version.ts";

/** Runs `tailor init`; resolves with the exit status. */
export async function init(
  { positionals, values }: ParsedArgs,
): Promise<number> {
  const dir = positionals[0]!;
  if (!await isNewOrEmpty(dir)) {
    throw new UsageError(
      `tailor init: ${displayPath(dir)} is not empty; give a new directory`,
    );
  }
  const given = values.link as string | undefined;
  const checkout = given === undefined
    ? runningCheckout()
    : await checkedCheckout(given);
  const project = resolve(dir);
  const link = checkout === undefined ? undefined : linkTo(checkout, project);
  const files = starterFiles({
    version: VERSION,
    name: basename(project),
    ...(link === undefined ? {} : { link }),
  });
  for (const [path, text] of files) {
    const target = join(dir, path);
    await Deno.mkdir(dirname(target), { recursive: true });
    await Deno.writeTextFile(target, text, { createNew: true });
  }
  const shown = displayPath(dir);
  console.log(stdoutStyle().success(`wrote ${files.size} files to ${shown}`));
  console.log(
    checkout === undefined
      ? `depends on jsr:${PACKAGE_NAME}@^${VERSION} from jsr.io ` +
        `(no access to jsr.io? tailor init --link DIR uses a checkout)`
      : `linked to the Tailor checkout ${
        displayPath(checkout)
      } ("links" in deno.json): nothing is fetched from jsr.io`,
  );
  console.log(`next:\n  cd ${shown}\n  deno task dev`);
  return 0;
}

/**
 * How `project`'s deno.json names `checkout`: relative when they are near
 * (`../tailor`, which survives moving both), else absolute.
 */
function linkTo(checkout: string, project: string): string {
  const path = relative(project, checkout).replaceAll("\\", "/");
  const ups = path.split("/").filter((part) => part === "..").length;
  return ups <= 2 ? path || "." : checkout.replaceAll("\\", "/");
}

/**
 * The checkout this command runs from (a `file:` module beside Tailor's
 * `deno.json`), or undefined when it runs from JSR.
 */
function runningCheckout(): string | undefined {
  const root = new URL("../../", import.meta.url);
  if (root.protocol !== "file:") return undefined;
  const path = fileURLToPath(root).replace(/[\\/]$/, "");
  return packageNameIn(path) === PACKAGE_NAME ? path : undefined;
}

/** `dir`, absolute, when it holds Tailor's `deno.json`; else a UsageError. */
async function checkedCheckout(dir: string): Promise<string> {
  const path = resolve(dir);
  const name = packageNameIn(path);
  if (name !== PACKAGE_NAME) {
    throw new UsageError(
      `tailor init: --link ${displayPath(dir)} is not a Tailor checkout ` +
        `(its deno.json ${
          name === undefined ? "cannot be read" : `names ${name}`
        }, not ${PACKAGE_NAME})`,
    );
  }
  return await Deno.realPath(path);
}

/** The `name` in `dir/deno.json`, if it can be read. */
function packageNameIn(dir: string): string | undefined {
  try {
    const config = JSON.parse(Deno.readTextFileSync(join(dir, "deno.json")));
    return typeof config?.name === "string" ? config.name : undefined;
  } catch {
    return undefined;
  }
}

/** True when `dir` does not exist or is an empty directory. */
async function isNewOrEmpty(dir: string): Promise<boolean> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(dir);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return true;
    throw error;
  }
  if (!info.isDirectory) return false;
  for await (const _ of Deno.readDir(dir)) return false;
  return true;
}
