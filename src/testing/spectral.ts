/**
 * Test helper: Spectral's `spectral:oas` rules on OpenAPI documents, run as
 * its own process (`@stoplight/spectral-cli`) with its own lock file
 * (`spectral.lock` here): its packages bring `@types/node`, which would
 * change the types of every test module checked together with them. Each
 * problem is one line `spectral <severity> <rule> <file> <path>`.
 *
 * @module
 */

import { fileURLToPath } from "node:url";

const CLI = "npm:@stoplight/spectral-cli@6.16.3";
const SEVERITIES = ["error", "warn", "info", "hint"];

/** One problem as Spectral's JSON format gives it. */
interface SpectralProblem {
  readonly code: string;
  readonly severity: number;
  readonly path: readonly (string | number)[];
  readonly source?: string;
}

/** The problems Spectral's `spectral:oas` rules report on `paths`. */
export async function spectralProblems(
  paths: readonly string[],
): Promise<string[]> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      `--lock=${here("spectral.lock")}`,
      CLI,
      "lint",
      "--ruleset",
      here("spectral_ruleset.yaml"),
      "--format",
      "json",
      "--fail-severity",
      "error",
      ...paths,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(output.stdout);
  if (!text.trimStart().startsWith("[")) {
    throw new Error(
      `spectral printed no report (exit ${output.code}):\n${text}${
        new TextDecoder().decode(output.stderr)
      }`,
    );
  }
  return (JSON.parse(text) as SpectralProblem[]).map((p) =>
    `spectral ${SEVERITIES[p.severity]} ${p.code} ${
      relative(p.source ?? "")
    } #/${p.path.join("/")}`
  );
}

function here(name: string): string {
  return fileURLToPath(new URL(name, import.meta.url));
}

function relative(path: string): string {
  const cwd = Deno.cwd() + "/";
  return path.startsWith(cwd) ? path.slice(cwd.length) : path;
}
