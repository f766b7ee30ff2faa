/**
 * The golden documents under Redocly's `recommended` rules and Spectral's
 * `spectral:oas`: no error, and only the warnings that stay on purpose
 * (docs/openapi.md says why): an operation without parameters has no 4xx to
 * answer; an operation whose doc comment is one line has a summary and no
 * description.
 */
import assert from "node:assert/strict";
import { lintOpenApi } from "../../testing/lint_openapi.ts";
import { spectralProblems } from "../../testing/spectral.ts";

const DOCUMENTS = [
  "golden/bookstore/openapi.yml",
  "golden/treeshop/openapi.yml",
  "golden/options/treeshop_uri_prefix/openapi.yml",
];

const KEPT = [
  /^redocly warn operation-4xx-response #\/paths\/~1(helloworld|(api~1v1~1)?tree~1(products~1index|warehouses~1cities))\/get\/responses$/,
];

for (const path of DOCUMENTS) {
  Deno.test(`linters: ${path} has no error and no unexplained warning`, async () => {
    const problems = await lintOpenApi(await Deno.readTextFile(path));
    assert.deepEqual(
      problems.filter((p) => !KEPT.some((kept) => kept.test(p))),
      [],
    );
  });
}

const SPECTRAL_KEPT = [/^spectral warn operation-description /];

Deno.test("linters: Spectral's spectral:oas finds no error and no unexplained warning in the golden documents", async () => {
  const problems = await spectralProblems(DOCUMENTS);
  assert.deepEqual(
    problems.filter((p) => !SPECTRAL_KEPT.some((kept) => kept.test(p))),
    [],
  );
});
