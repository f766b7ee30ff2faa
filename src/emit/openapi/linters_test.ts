/**
 * The golden documents under the linters users run (Redocly `recommended`,
 * Spectral `spectral:oas`): no error, and only the warnings that stay on
 * purpose (docs/openapi.md says why): an operation without parameters has
 * no 4xx to answer, and a one-sentence doc comment is a `summary` only.
 */
import assert from "node:assert/strict";
import { lintOpenApi } from "../../testing/lint_openapi.ts";

const DOCUMENTS = [
  "golden/bookstore/openapi.yml",
  "golden/treeshop/openapi.yml",
  "golden/options/treeshop_uri_prefix/openapi.yml",
];

const KEPT = [
  /^redocly warn operation-4xx-response #\/paths\/~1(helloworld|(api~1v1~1)?tree~1products~1index)\/get\/responses$/,
  /^spectral warn operation-description /,
  // The treeshop's contact names no url: it is an example.
  /^spectral warn contact-properties #\/info\/contact$/,
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
