/**
 * The documents of the analyzer's real models (golden/<fixture>/model.json,
 * written by the golden tests) validate with zero errors, and the bookstore
 * shows what spec §4.3 says. A missing model.json fails.
 */

import assert from "node:assert/strict";
import { parse } from "yaml";
import { readGoldenModel } from "../../testing/golden.ts";
import { emitOpenApi } from "./emit_openapi.ts";
import { validateOpenApi } from "../../testing/validate_openapi.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const info = { title: "Fixture API", version: "1.0.0" };

for (const fixture of ["bookstore", "treeshop"]) {
  Deno.test(`${fixture}: the document validates with zero errors`, async () => {
    const model = await readGoldenModel(fixture);
    const yaml = emitOpenApi(model, { info });
    assert.equal(emitOpenApi(structuredClone(model), { info }), yaml);
    assert.deepEqual(await validateOpenApi(yaml), []);
  });
}

Deno.test({
  name:
    "bookstore: the listing shows simple DTOs, the single book the richer one",
  async fn() {
    const bookstore = await readGoldenModel("bookstore");
    const doc: Any = parse(emitOpenApi(bookstore, { info }));
    const schemaOf = (path: string) =>
      doc.paths[path].get.responses["200"].content["application/json"].schema;
    const page = doc.components.schemas[
      schemaOf("/books").$ref.split("/").at(-1)
    ];
    assert.equal(
      page.properties.rows.items.$ref,
      "#/components/schemas/Book_BookController_SIMPLE_FETCHER",
    );
    assert.equal(
      schemaOf("/book/{id}").anyOf[0].$ref,
      "#/components/schemas/Book_BookController_COMPLEX_FETCHER",
    );
    const complex = doc.components.schemas.Book_BookController_COMPLEX_FETCHER;
    assert.ok("store" in complex.properties && "authors" in complex.properties);
    assert.ok(!complex.required.includes("store"));
    assert.equal(
      doc.paths["/book/{id}"].get.responses["200"]["x-tailor-nullable"],
      true,
    );
    const params = doc.paths["/books"].get.parameters;
    assert.deepEqual(
      params.map((p: Any) => [p.name, p.in, p.schema.default]),
      [
        ["pageIndex", "query", 0],
        ["pageSize", "query", 5],
        ["sortCode", "query", "name asc, edition desc"],
      ],
    );
  },
});
