/**
 * Discriminated unions in the document: a component with `oneOf` and
 * `discriminator`, members whose discriminator is an enum of one value, and
 * the union written in place where a reference needs siblings (a
 * description, `nullable`); the documents validate and lint clean.
 */
import assert from "node:assert/strict";
import { parse } from "yaml";
import { lintOpenApi } from "../../testing/lint_openapi.ts";
import { validateOpenApi } from "../../testing/validate_openapi.ts";
import { unionModel } from "../testdata/union_model.ts";
import { emitOpenApi } from "./emit_openapi.ts";

type Json = { [key: string]: unknown };

const INFO = { info: { title: "shapes", version: "1" } };
const INLINE = {
  oneOf: [
    { $ref: "#/components/schemas/Circle" },
    { $ref: "#/components/schemas/Square" },
  ],
  discriminator: {
    propertyName: "kind",
    mapping: {
      circle: "#/components/schemas/Circle",
      square: "#/components/schemas/Square",
    },
  },
};

function schemasOf(yaml: string): Record<string, Json> {
  return ((parse(yaml) as Json).components as Json).schemas as Record<
    string,
    Json
  >;
}

Deno.test("openapi unions: oneOf + discriminator, members' kind an enum of one value", () => {
  const schemas = schemasOf(emitOpenApi(unionModel, INFO));
  assert.deepEqual(schemas.Shape, {
    description: "A circle or a square.",
    ...INLINE,
  });
  assert.deepEqual((schemas.Circle!.properties as Json).kind, {
    type: "string",
    enum: ["circle"],
  });
  const drawing = schemas.Drawing!.properties as Json;
  assert.deepEqual(drawing.main, { description: "The main shape.", ...INLINE });
  assert.deepEqual(drawing.extra, { $ref: "#/components/schemas/Shape" });
});

Deno.test("openapi unions: a nullable result and a null-mode optional field write the union in place", () => {
  const yaml = emitOpenApi(unionModel, { ...INFO, nullRenderMode: "null" });
  const document = parse(yaml) as Json;
  const get = ((document.paths as Json)["/shapes/{id}"] as Json).get as Json;
  const ok = ((get.responses as Json)["200"] as Json).content as Json;
  assert.deepEqual((ok["application/json"] as Json).schema, {
    anyOf: [INLINE, { type: "object", nullable: true, enum: [null] }],
  });
  const drawing = schemasOf(yaml).Drawing!.properties as Json;
  assert.deepEqual(drawing.extra, {
    type: "object",
    ...INLINE,
    nullable: true,
  });
});

for (const mode of ["undefined", "null"] as const) {
  Deno.test(`openapi unions: the ${mode} mode document validates and lints clean`, async () => {
    const yaml = emitOpenApi(unionModel, { ...INFO, nullRenderMode: mode });
    assert.deepEqual(await validateOpenApi(yaml), []);
    assert.deepEqual(
      // The bare document's info, servers and security are not the point.
      (await lintOpenApi(yaml)).filter((p) => p.includes("schema")),
      [],
    );
  });
}
