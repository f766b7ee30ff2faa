/**
 * `tailor diff`'s output: text for people, JSON (the schema docs/diff.md
 * documents), markdown for a pull-request comment, GitHub annotations.
 * Pure: changes in, text out.
 *
 * @module
 */

import type { Change } from "./change.ts";
import { type Level, LEVEL_RANK, worstLevel } from "./rules.ts";

/** The output formats. */
export const DIFF_FORMATS = ["text", "json", "markdown", "github"] as const;
/** One output format. */
export type DiffFormat = typeof DIFF_FORMATS[number];

/** What the report says about its two sides. */
export interface ReportContext {
  /** How the base and head were given (`origin/main`, `server/`). */
  readonly base: string;
  readonly head: string;
  /**
   * The head project's directory as the reader sees it (relative to the
   * working directory), to make the operations' source paths usable in
   * annotations; absent when the head is no project.
   */
  readonly sourceRoot?: string;
}

/** Version of the JSON report's layout. */
export const DIFF_REPORT_VERSION = 1;

/** Counts of changes by their worst level. */
export function summaryOf(changes: readonly Change[]): Record<Level, number> {
  const summary = { breaking: 0, dangerous: 0, compatible: 0 };
  for (const change of changes) summary[worstLevel(change.levels)]++;
  return summary;
}

/** Whether some change is at least as bad as `level`. */
export function reaches(changes: readonly Change[], level: Level): boolean {
  return changes.some((c) =>
    LEVEL_RANK[worstLevel(c.levels)] >= LEVEL_RANK[level]
  );
}

/** The report in `format`, ending with a newline. */
export function formatReport(
  changes: readonly Change[],
  format: DiffFormat,
  context: ReportContext,
): string {
  switch (format) {
    case "json":
      return jsonReport(changes, context);
    case "markdown":
      return markdownReport(changes, context);
    case "github":
      return githubReport(changes, context);
    case "text":
      return textReport(changes, context);
  }
}

function summaryLine(changes: readonly Change[]): string {
  const s = summaryOf(changes);
  return `${s.breaking} breaking, ${s.dangerous} dangerous, ${s.compatible} compatible`;
}

function where(change: Change): string {
  return [change.operation ?? "(model)", change.path].filter((p) => p !== "")
    .join(" ");
}

function categories(change: Change): string {
  const { ts, java, wire } = change.levels;
  return `ts ${ts}, java ${java}, wire ${wire}`;
}

function textReport(changes: readonly Change[], c: ReportContext): string {
  if (changes.length === 0) {
    return `no API changes from ${c.base} to ${c.head}\n`;
  }
  const lines = changes.map((change) =>
    `${worstLevel(change.levels).padEnd(10)} ${change.rule}  ${
      where(change)
    }: ${change.message} (${categories(change)})${
      change.unused === undefined ? "" : ` - ${change.unused}`
    }`
  );
  return `${lines.join("\n")}\n${c.base} -> ${c.head}: ${
    summaryLine(changes)
  }\n`;
}

function jsonReport(changes: readonly Change[], c: ReportContext): string {
  const report = {
    version: DIFF_REPORT_VERSION,
    base: c.base,
    head: c.head,
    summary: summaryOf(changes),
    changes: changes.map((change) => ({
      rule: change.rule,
      level: worstLevel(change.levels),
      levels: change.levels,
      ...(change.operation === undefined
        ? {}
        : { operation: change.operation }),
      ...(change.shape === undefined ? {} : { shape: change.shape }),
      path: change.path,
      message: change.message,
      ...(change.source === undefined ? {} : { source: change.source }),
      ...(change.unused === undefined ? {} : { unused: change.unused }),
    })),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

function markdownCell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}

function markdownReport(changes: readonly Change[], c: ReportContext): string {
  const title = `### API changes from \`${c.base}\` to \`${c.head}\``;
  if (changes.length === 0) return `${title}\n\nNo API changes.\n`;
  const rows = changes.map((change) =>
    `| ${worstLevel(change.levels)} | \`${change.rule}\` | ${
      markdownCell(where(change))
    } | ${markdownCell(change.message)}${
      change.unused === undefined ? "" : ` (${markdownCell(change.unused)})`
    } | ${change.levels.ts} | ${change.levels.java} | ${change.levels.wire} |`
  );
  return [
    title,
    "",
    `**${summaryLine(changes)}**`,
    "",
    "| level | rule | where | change | TS source | Java source | wire |",
    "|---|---|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

const ANNOTATION: Readonly<Record<Level, string>> = {
  breaking: "error",
  dangerous: "warning",
  compatible: "notice",
};

/** GitHub's workflow command escaping of a property or message. */
function escapeAnnotation(text: string, property: boolean): string {
  const escaped = text.replaceAll("%", "%25").replaceAll("\r", "%0D")
    .replaceAll("\n", "%0A");
  return property
    ? escaped.replaceAll(":", "%3A").replaceAll(",", "%2C")
    : escaped;
}

function githubReport(changes: readonly Change[], c: ReportContext): string {
  const lines = changes.map((change) => {
    const props = [`title=${escapeAnnotation(change.rule, true)}`];
    if (change.source !== undefined && c.sourceRoot !== undefined) {
      const file = c.sourceRoot === "." || c.sourceRoot === ""
        ? change.source.file
        : `${c.sourceRoot}/${change.source.file}`;
      props.unshift(
        `file=${escapeAnnotation(file, true)}`,
        `line=${change.source.line}`,
        `col=${change.source.column}`,
      );
    }
    const text = `${where(change)}: ${change.message} (${categories(change)})${
      change.unused === undefined ? "" : ` - ${change.unused}`
    }`;
    return `::${ANNOTATION[worstLevel(change.levels)]} ${props.join(",")}::${
      escapeAnnotation(text, false)
    }`;
  });
  return `${[...lines, summaryLine(changes)].join("\n")}\n`;
}
