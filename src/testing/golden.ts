/**
 * Golden-file comparison for tests: a generated tree against the files
 * committed under `golden/`. With `UPDATE_GOLDEN=1` the golden tree is
 * rewritten instead (a reviewed change, never a blind one).
 *
 * @module
 */

import { createTwoFilesPatch } from "diff";
import { readTree, writeTree } from "../fs/tree.ts";
import type { ApiModel } from "../model/api_model.ts";

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
  const url = new URL(`${fixture}/model.json`, GOLDEN);
  try {
    return JSON.parse(await Deno.readTextFile(url)) as ApiModel;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Error(
        `golden/${fixture}/model.json is missing: run \`deno task golden\` and review the diff`,
      );
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

/**
 * Describes how `actual` differs from `expected`: paths only in one of them,
 * then a unified diff of the first differing file. Undefined when equal.
 * The labels name the two trees in the report.
 */
export function compareTrees(
  expected: ReadonlyMap<string, string>,
  actual: ReadonlyMap<string, string>,
  labels: { readonly expected: string; readonly actual: string } = {
    expected: "golden",
    actual: "generated",
  },
): string | undefined {
  const missing = [...expected.keys()].filter((p) => !actual.has(p)).sort();
  const extra = [...actual.keys()].filter((p) => !expected.has(p)).sort();
  const changed = [...actual.keys()].filter((p) =>
    expected.has(p) && expected.get(p) !== actual.get(p)
  ).sort();
  if (missing.length + extra.length + changed.length === 0) return undefined;
  const lines: string[] = [];
  if (missing.length > 0) {
    lines.push(`only in ${labels.expected}: ${missing.join(", ")}`);
  }
  if (extra.length > 0) {
    lines.push(`only in ${labels.actual}: ${extra.join(", ")}`);
  }
  if (changed.length > 0) {
    lines.push(`changed: ${changed.join(", ")}`);
    const first = changed[0]!;
    lines.push(
      createTwoFilesPatch(
        `${labels.expected}/${first}`,
        `${labels.actual}/${first}`,
        expected.get(first)!,
        actual.get(first)!,
        undefined,
        undefined,
        { context: 3 },
      ),
    );
  }
  return lines.join("\n");
}
