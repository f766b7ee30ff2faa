/**
 * The builders the tests of `tailor fetchers` run against: the generated
 * client's `fetchers.ts` of the bookstore and of the treeshop (which has
 * embeddables), emitted here from the golden models, so the tests follow the
 * emitter. Their types are those of the same files under `golden/` (pinned
 * to the emitter by the golden tests). Also the test front ends, copied with
 * the bookstore's builder.
 *
 * @module
 */

import { cp, mkdir, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { emitTypeScript } from "../../emit/ts/emit_typescript.ts";
import { readGoldenModel } from "../../testing/golden.ts";
import type * as BookstoreBuilder from "../../../golden/bookstore/ts/fetchers.ts";
import type * as TreeshopBuilder from "../../../golden/treeshop/ts/fetchers.ts";

export type { AnyFetcherOf } from "../../../golden/bookstore/ts/fetchers.ts";

/** A generated `fetchers.ts`: its text, and the module loaded from it. */
interface Generated<M> {
  readonly text: string;
  readonly module: M;
}

/** Emits the fixture's `fetchers.ts` from its golden model and imports it. */
async function generate<M>(fixture: string): Promise<Generated<M>> {
  const files = emitTypeScript(await readGoldenModel(fixture), {
    sourceName: fixture,
  });
  const text = files.get("fetchers.ts")!;
  const dir = await Deno.makeTempDir({ prefix: `tailor-builder-${fixture}-` });
  try {
    await Deno.writeTextFile(`${dir}/fetchers.ts`, text);
    return {
      text,
      module: await import(pathToFileURL(`${dir}/fetchers.ts`).href),
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const bookstore = await generate<typeof BookstoreBuilder>("bookstore");
const treeshop = await generate<typeof TreeshopBuilder>("treeshop");

/** The bookstore's builder (Author, Book, BookStore; no embeddable). */
export const builder: typeof BookstoreBuilder = bookstore.module;
/** The text of the bookstore's `fetchers.ts`. */
export const BUILDER_TEXT: string = bookstore.text;

/** The treeshop's builder (Warehouse with the embeddables Address, GeoPoint). */
export const treeshopBuilder: typeof TreeshopBuilder = treeshop.module;
/** The text of the treeshop's `fetchers.ts`. */
export const TREESHOP_BUILDER_TEXT: string = treeshop.text;

/** A test front end copied into a new directory; `remove` deletes it. */
export interface FrontEndCopy {
  /** The copy's directory (absolute). */
  readonly dir: string;
  readonly remove: () => Promise<void>;
}

/**
 * Copies `testdata/<name>` into a new temporary directory, with the
 * bookstore's builder at `src/__generated/fetchers.ts` and a fetcher under
 * `node_modules/` (which the command must not read).
 */
export async function copyFrontEnd(name: string): Promise<FrontEndCopy> {
  const parent = await Deno.makeTempDir({ prefix: "tailor-fetchers-" });
  const dir = `${parent}/${name}`;
  await cp(new URL(`./${name}`, import.meta.url), dir, { recursive: true });
  await mkdir(`${dir}/src/__generated`, { recursive: true });
  await writeFile(`${dir}/src/__generated/fetchers.ts`, BUILDER_TEXT);
  await mkdir(`${dir}/node_modules/lib`, { recursive: true });
  await writeFile(
    `${dir}/node_modules/lib/index.ts`,
    'import { Book, fetcher } from "../../src/__generated/fetchers.ts";\n' +
      "export const ignored = fetcher(Book).tenant();\n",
  );
  return { dir, remove: () => Deno.remove(parent, { recursive: true }) };
}
