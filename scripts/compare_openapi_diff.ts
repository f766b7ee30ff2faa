/**
 * `tailor diff`'s wire verdicts against a third-party OpenAPI diff tool,
 * `openapi-diff` (npm), on the document level: for each rule pair of
 * `src/diff/testdata/rule_pairs.ts` (the bookstore's and the treeshop's
 * models and an edited copy of each), both OpenAPI documents are emitted
 * and given to the tool; a line is printed where its breaking/not verdict
 * differs from `tailor diff`'s wire level. docs/diff.md records the
 * disagreements and who is right. Not a test: the tool is a witness, not
 * the ground truth (`src/diff/mutation_test.ts` holds that).
 *
 *   deno run -A --lock=dev.lock scripts/compare_openapi_diff.ts
 *
 * @module
 */

// deno-lint-ignore no-import-prefix -- a comparison tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import openapiDiff from "npm:openapi-diff@0.24.1";
import { parse } from "yaml";
import { emitOpenApi } from "../src/emit/openapi/emit_openapi.ts";
import type { ApiModel } from "../src/model/api_model.ts";
import { diffModels } from "../src/diff/diff_models.ts";
import { RULE_IDS } from "../src/diff/rules.ts";
import { pairSides, RULE_PAIRS } from "../src/diff/testdata/rule_pairs.ts";

interface Difference {
  readonly code: string;
}

type Json = { [key: string]: unknown };

/**
 * The model's document with every schema `$ref` written in place, a
 * reference back into a schema it is inside of as `{}`: openapi-diff
 * refuses circular references ("Circular $ref pointer found"), and both
 * sides are cut the same way.
 */
function document(model: ApiModel, nullMode?: "null"): string {
  const doc = parse(
    emitOpenApi(model, {
      info: { title: "compared", version: "0" },
      ...(nullMode === undefined ? {} : { nullRenderMode: nullMode }),
    }),
  ) as Json;
  const schemas = ((doc.components as Json).schemas ?? {}) as Json;
  const prefix = "#/components/schemas/";
  const inline = (node: unknown, stack: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => inline(n, stack));
    if (node === null || typeof node !== "object") return node;
    const ref = (node as Json).$ref;
    if (typeof ref === "string" && ref.startsWith(prefix)) {
      const name = ref.slice(prefix.length);
      return stack.includes(name)
        ? {}
        : inline(schemas[name], [...stack, name]);
    }
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [k, inline(v, stack)]),
    );
  };
  const { schemas: _, ...components } = doc.components as Json;
  return JSON.stringify(inline({ ...doc, components }, []));
}

if (import.meta.main) {
  let disagreements = 0;
  for (const rule of RULE_IDS) {
    const pair = RULE_PAIRS[rule];
    const sides = await pairSides(rule);
    const changes = diffModels(sides.base, sides.head);
    const base = sides.base.model, head = sides.head.model;
    const ours = changes.some((c) => c.levels.wire === "breaking");
    const result = await openapiDiff.diffSpecs({
      sourceSpec: {
        content: document(base),
        location: "base.json",
        format: "openapi3",
      },
      destinationSpec: {
        content: document(head, pair.headNullMode),
        location: "head.json",
        format: "openapi3",
      },
    });
    const theirs = result.breakingDifferencesFound;
    const breaking = result.breakingDifferencesFound
      ? result.breakingDifferences
      : [];
    const codes = (list: readonly Difference[]) =>
      [...new Set(list.map((d) => d.code))].join(",") || "-";
    const line = `${rule}: tailor ${ours ? "breaking" : "not breaking"}; ` +
      `openapi-diff ${theirs ? "breaking" : "not breaking"} ` +
      `(breaking ${codes(breaking)}; non-breaking ${
        codes(result.nonBreakingDifferences)
      }; unclassified ${codes(result.unclassifiedDifferences)})`;
    if (ours !== theirs) disagreements++;
    console.log(`${ours === theirs ? "  " : "≠ "}${line}`);
  }
  console.log(`${disagreements} of ${RULE_IDS.length} rule pairs disagree`);
}
