/**
 * A fixture copied where its relative imports (`../../runtime.ts`) still
 * resolve: `<repo>/.tmp-XXXX/<fixture>`, so tests may edit it.
 *
 * @module
 */

import { cp } from "node:fs/promises";

const REPO = new URL("../../", import.meta.url).pathname;

/** A copy of a fixture; `remove` deletes it. */
export interface FixtureCopy {
  /** The temporary folder holding the copy (outputs may go there too). */
  readonly dir: string;
  /** The copied project, named as the fixture. */
  readonly project: string;
  readonly remove: () => Promise<void>;
}

/** Copies `fixtures/<name>` into a new temporary folder of the repository. */
export async function copyFixture(name: string): Promise<FixtureCopy> {
  const dir = await Deno.makeTempDir({ dir: REPO, prefix: ".tmp-" });
  const project = `${dir}/${name}`;
  await cp(`${REPO}fixtures/${name}`, project, { recursive: true });
  return {
    dir,
    project,
    remove: () => Deno.remove(dir, { recursive: true }),
  };
}
