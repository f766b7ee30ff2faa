/**
 * The builder the tests of `tailor fetchers` run against, and the test
 * front ends copied with it: the ONE place that names the stand-in. To test
 * against a generated client instead, point both lines below at its
 * `fetchers.ts` (e.g. `../../../golden/bookstore/ts/fetchers.ts`); the
 * expectations are built with the builder itself, so they follow.
 *
 * @module
 */

import { cp, mkdir, writeFile } from "node:fs/promises";

export * as builder from "./stand_in_fetchers.ts";

/** The builder's source file. */
export const BUILDER: URL = new URL("./stand_in_fetchers.ts", import.meta.url);

/** A test front end copied into a new directory; `remove` deletes it. */
export interface FrontEndCopy {
  /** The copy's directory (absolute). */
  readonly dir: string;
  readonly remove: () => Promise<void>;
}

/**
 * Copies `testdata/<name>` into a new temporary directory, with the builder
 * at `src/__generated/fetchers.ts` and a fetcher under `node_modules/`
 * (which the command must not read).
 */
export async function copyFrontEnd(name: string): Promise<FrontEndCopy> {
  const parent = await Deno.makeTempDir({ prefix: "tailor-fetchers-" });
  const dir = `${parent}/${name}`;
  await cp(new URL(`./${name}`, import.meta.url), dir, { recursive: true });
  await mkdir(`${dir}/src/__generated`, { recursive: true });
  await writeFile(
    `${dir}/src/__generated/fetchers.ts`,
    await Deno.readTextFile(BUILDER),
  );
  await mkdir(`${dir}/node_modules/lib`, { recursive: true });
  await writeFile(
    `${dir}/node_modules/lib/index.ts`,
    'import { Book, fetcher } from "../../src/__generated/fetchers.ts";\n' +
      "export const ignored = fetcher(Book).tenant();\n",
  );
  return { dir, remove: () => Deno.remove(parent, { recursive: true }) };
}
