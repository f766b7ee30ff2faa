/**
 * Bodies of a discriminated union checked against the member their
 * discriminator names, each problem named in one line.
 */
import assert from "node:assert/strict";
import { unionModel } from "../../emit/testdata/union_model.ts";
import { bodyChecks, plainJson } from "./body_validator.ts";

Deno.test("body checks: a union body fits the member its kind names", () => {
  const check = bodyChecks(unionModel).get("POST /shapes")!;
  assert.equal(check({ kind: "circle", radius: 1 }), undefined);
  assert.equal(check({ kind: "square", side: 2 }), undefined);
  assert.equal(
    check({ kind: "triangle" }),
    '/kind must be equal to one of the allowed values: "circle", "square"',
  );
  assert.equal(
    check({ radius: 1 }),
    "the body must have required property 'kind'",
  );
  assert.equal(
    check({ kind: "circle", side: 2 }),
    "the body must have required property 'radius'",
  );
  assert.equal(
    check({ kind: "square", side: 2, radius: 1 }),
    'the body must NOT have additional properties ("radius")',
  );
  assert.equal(check(null), "the body must be object");
});

Deno.test("body checks: the document they read is the one its YAML text reads back as", async () => {
  const { parse } = await import("yaml");
  const { parseApiModel } = await import("../../model/parse_api_model.ts");
  const { buildOpenApiDocument, emitOpenApi } = await import(
    "../../emit/openapi/emit_openapi.ts"
  );
  const { constrainedModel } = await import(
    "../../emit/testdata/constrained_model.ts"
  );
  const { sampleModel } = await import("../../emit/testdata/sample_model.ts");
  const { searchFormModel } = await import(
    "../../emit/testdata/search_form_model.ts"
  );
  const { uploadModel } = await import("../../emit/testdata/upload_model.ts");
  const golden = new URL("../../../golden/", import.meta.url);
  const models = [
    unionModel,
    constrainedModel,
    sampleModel,
    searchFormModel,
    uploadModel,
    ...await Promise.all(
      ["bookstore", "treeshop", "options/treeshop_uri_prefix"].map(
        async (name) =>
          parseApiModel(
            await Deno.readTextFile(new URL(`${name}/model.json`, golden)),
          ),
      ),
    ),
  ];
  const options = { info: { title: "server", version: "0" } };
  for (const model of models) {
    assert.deepEqual(
      plainJson(buildOpenApiDocument(model, options)),
      parse(emitOpenApi(model, options)),
    );
  }
});
