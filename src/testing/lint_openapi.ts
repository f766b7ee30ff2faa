/**
 * Test helper: Redocly's `recommended` rules, the linter set users run by
 * default, on an OpenAPI document. Each problem is one line `redocly
 * <severity> <rule> <pointer>`. (Spectral runs in a process of its own:
 * `spectral.ts`.)
 *
 * @module
 */

// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import { createConfig, lintFromString } from "npm:@redocly/openapi-core@2.64.0";

/** Problems Redocly's `recommended` rules report. */
export async function lintOpenApi(yamlText: string): Promise<string[]> {
  const config = await createConfig({ extends: ["recommended"] });
  const problems = await lintFromString({
    source: yamlText,
    absoluteRef: "openapi.yml",
    config,
  });
  return problems.map((p) =>
    `redocly ${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ""}`
  );
}
