/**
 * Golden-file comparison for tests: a generated tree against the files
 * committed under `golden/`. With `UPDATE_GOLDEN=1` the golden tree is
 * rewritten instead (a reviewed change, never a blind one).
 *
 * @module
 */

import { readTree, writeTree } from "../fs/tree.ts";
import { compareTrees } from "../fs/tree_diff.ts";
import type { ApiModel } from "../model/api_model.ts";
import { ApiModelError, parseApiModel } from "../model/parse_api_model.ts";

/** Whether this run rewrites golden files instead of comparing. */
export const UPDATING_GOLDEN = Deno.env.get("UPDATE_GOLDEN") === "1";

/** The `golden/` tree of the repository. */
const GOLDEN = new URL("../../golden/", import.meta.url);

/**
 * The analyzer's model of a fixture as pinned in
 * `golden/<fixture>/model.json`. A missing file is an error, never a reason
 * to skip: a deleted golden tree must not let the tests built on it pass.
 */
export async function readGoldenModel(fixture: string): Promise<ApiModel> {
  const path = `golden/${fixture}/model.json`;
  try {
    return parseApiModel(
      await Deno.readTextFile(new URL(`${fixture}/model.json`, GOLDEN)),
    );
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Error(
        `${path} is missing: run \`deno task golden\` and review the diff`,
      );
    }
    if (error instanceof ApiModelError) {
      throw new Error(`${path}: ${error.message}`);
    }
    throw error;
  }
}

/**
 * Compares `files` (relative path -> text) with the directory `goldenDir`,
 * restricted to the paths `owns` accepts (a tree can hold files checked
 * by several tests). Throws with a unified diff of the first difference and
 * the list of missing and extra files.
 */
export async function assertGoldenTree(
  goldenDir: string,
  files: ReadonlyMap<string, string>,
  owns: (path: string) => boolean = () => true,
): Promise<void> {
  const existing = new Map(
    [...(await readTree(goldenDir))].filter(([path]) => owns(path)),
  );
  if (UPDATING_GOLDEN) {
    await writeTree(goldenDir, files, [...existing.keys()]);
    return;
  }
  const report = compareTrees(existing, files);
  if (report !== undefined) {
    throw new Error(
      `${goldenDir} differs from the generated output ` +
        `(review, then run \`deno task golden\` if the change is right):\n${report}`,
    );
  }
}
