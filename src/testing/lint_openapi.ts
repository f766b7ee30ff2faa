/**
 * Test helper: the two OpenAPI linters users run, at their default rule
 * sets: Redocly's `recommended` and Spectral's `spectral:oas`. Each problem
 * is one line `<tool> <severity> <rule> <pointer>`.
 *
 * @module
 */

// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import { createConfig, lintFromString } from "npm:@redocly/openapi-core@2.64.0";
// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import spectralCore from "npm:@stoplight/spectral-core@1.20.0";
// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import { oas } from "npm:@stoplight/spectral-rulesets@1.22.0";
// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import { Yaml } from "npm:@stoplight/spectral-parsers@1.0.5";

const SPECTRAL_SEVERITIES = ["error", "warn", "info", "hint"];

/** Problems Redocly (`recommended`) and Spectral (`spectral:oas`) report. */
export async function lintOpenApi(yamlText: string): Promise<string[]> {
  const problems: string[] = [];
  const config = await createConfig({ extends: ["recommended"] });
  for (
    const p of await lintFromString({
      source: yamlText,
      absoluteRef: "openapi.yml",
      config,
    })
  ) {
    problems.push(
      `redocly ${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ""}`,
    );
  }
  // deno-lint-ignore no-explicit-any
  const { Spectral, Document } = spectralCore as any;
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas, "all"]] });
  for (
    const r of await spectral.run(new Document(yamlText, Yaml, "openapi.yml"))
  ) {
    problems.push(
      `spectral ${SPECTRAL_SEVERITIES[r.severity]} ${r.code} #/${
        r.path.join("/")
      }`,
    );
  }
  return problems;
}
