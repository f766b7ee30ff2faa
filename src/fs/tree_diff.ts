/**
 * How two trees of generated files differ, for people: used by `cli.ts check`
 * (a client drifting from the source) and by the golden tests.
 *
 * @module
 */

import { createTwoFilesPatch } from "diff";

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
