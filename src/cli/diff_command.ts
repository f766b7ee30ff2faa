/**
 * `tailor diff BASE HEAD` (or `tailor diff --base REV`): which change breaks
 * which client, printed in the chosen format; exit 1 when a change reaches
 * `--fail-on`, 2 on a usage error or a side that cannot be read.
 *
 * @module
 */

import type { ApiModel } from "../model/api_model.ts";
import type { Change } from "../diff/change.ts";
import { frontEndSources } from "../diff/front_end_sources.ts";
import { diffModels } from "../diff/diff_models.ts";
import {
  DIFF_FORMATS,
  type DiffFormat,
  formatReport,
  reaches,
} from "../diff/report.ts";
import type { Level } from "../diff/rules.ts";
import {
  DiffSideError,
  type LoadedSide,
  loadRevision,
  loadSide,
} from "../diff/sides.ts";
import {
  applyUsage,
  type FrontEndUsage,
  identifiersOf,
} from "../diff/usage.ts";
import { type ParsedArgs, UsageError } from "./command.ts";
import { diagnosticLine } from "./client_request.ts";
import { displayPath } from "./paths.ts";
import { stderrStyle } from "./style.ts";

const FAIL_LEVELS: readonly Level[] = ["breaking", "dangerous"];

/** Runs `tailor diff`; resolves with the exit status. */
export async function diff(args: ParsedArgs): Promise<number> {
  const { values, positionals } = args;
  const format = (values.format ?? "text") as DiffFormat;
  if (!DIFF_FORMATS.includes(format)) {
    throw new UsageError(`--format must be one of ${DIFF_FORMATS.join(", ")}`);
  }
  const failOn = (values["fail-on"] ?? "breaking") as Level;
  if (!FAIL_LEVELS.includes(failOn)) {
    throw new UsageError(`--fail-on must be one of ${FAIL_LEVELS.join(", ")}`);
  }
  const revision = values.base as string | undefined;
  const project = (values.project ?? ".") as string;
  let baseName: string, headName: string;
  if (revision !== undefined) {
    if (positionals.length > 1) {
      throw new UsageError(
        "with --base give at most HEAD (default: --project)",
      );
    }
    baseName = revision;
    headName = positionals[0] ?? project;
  } else {
    if (positionals.length !== 2) {
      throw new UsageError("give BASE and HEAD, or --base REV");
    }
    [baseName, headName] = positionals as [string, string];
  }
  try {
    const [base, head] = await Promise.all([
      revision === undefined
        ? loadSide(baseName)
        : loadRevision(project, revision),
      loadSide(headName),
    ]);
    if (!base.ok || !head.ok) {
      for (const side of [base, head]) printDiagnostics(side);
      return 2;
    }
    let changes: Change[] = diffModels(base.side, head.side);
    const usagePath = values.usage as string | undefined;
    if (usagePath !== undefined) {
      changes = applyUsage(
        changes,
        await readUsage(usagePath),
        dynamicOperations(base.side.model, head.side.model),
      );
    }
    const text = formatReport(changes, format, {
      base: baseName,
      head: headName,
      ...(head.project === undefined
        ? {}
        : { sourceRoot: displayPath(head.project) }),
    });
    await Deno.stdout.write(new TextEncoder().encode(text));
    return reaches(changes, failOn) ? 1 : 0;
  } catch (error) {
    if (error instanceof DiffSideError) throw new UsageError(error.message);
    throw error;
  }
}

function printDiagnostics(side: LoadedSide): void {
  if (side.ok) return;
  const style = stderrStyle();
  console.error(
    `${style.error("error:")} ${displayPath(side.project)} does not analyze:`,
  );
  for (const diagnostic of side.diagnostics) {
    console.error(diagnosticLine(side.project, diagnostic));
  }
}

/** The operations whose result is a client-chosen (dynamic) shape. */
function dynamicOperations(
  ...models: readonly ApiModel[]
): Set<string> {
  const ids = new Set<string>();
  for (const model of models) {
    for (const service of model.services) {
      for (const operation of service.operations) {
        if (
          JSON.stringify(operation.result.type).includes('"kind":"dynamic"')
        ) {
          ids.add(`${service.name}.${operation.name}`);
        }
      }
    }
  }
  return ids;
}

/** What the front end at `path` uses: its sources, or its fetchers.json. */
async function readUsage(path: string): Promise<FrontEndUsage> {
  const info = await Deno.stat(path).catch(() => undefined);
  if (info === undefined) {
    throw new UsageError(`--usage ${path} does not exist`);
  }
  const label = displayPath(path);
  if (info.isFile) {
    let texts: string[];
    try {
      const manifest = JSON.parse(await Deno.readTextFile(path));
      texts = (manifest.fetchers as { text: string }[]).map((f) => f.text);
      if (texts.some((t) => typeof t !== "string")) throw new Error();
    } catch {
      throw new UsageError(
        `--usage ${path} is no fetcher manifest ({ "fetchers": [{ "text" }] }); give a front end's directory or its fetchers.json`,
      );
    }
    return { label, selected: identifiersOf(texts.join(" ")) };
  }
  const identifiers = new Set<string>();
  let files = 0;
  for await (const text of frontEndSources(path)) {
    files++;
    for (const id of identifiersOf(text)) identifiers.add(id);
  }
  if (files === 0) {
    throw new UsageError(`--usage ${path} holds no front-end source file`);
  }
  return { label, identifiers };
}
