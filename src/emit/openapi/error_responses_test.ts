import assert from "node:assert/strict";
import { parse } from "yaml";
import type { ApiModel } from "../../model/api_model.ts";
import { readGoldenModel } from "../../testing/golden.ts";
import { validateOpenApi } from "../../testing/validate_openapi.ts";
import { emitOpenApi } from "./emit_openapi.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const info = { title: "Errors", version: "1" };
const bookstore = await readGoldenModel("bookstore");

Deno.test("bookstore: orderBook answers its declared errors under their statuses", () => {
  const doc: Any = parse(emitOpenApi(bookstore, { info }));
  const responses = doc.paths["/book/{id}/order"].post.responses;
  assert.deepEqual(Object.keys(responses), [
    "200",
    "400",
    "404",
    "409",
    "503",
    "default",
  ]);
  assert.deepEqual(responses["404"].content["application/json"].schema, {
    oneOf: [
      { $ref: "#/components/schemas/BookNotFound" },
      { $ref: "#/components/schemas/NotFound" },
    ],
  });
  const outOfStock = doc.components.schemas.OutOfStock;
  assert.deepEqual(outOfStock.properties.code, {
    type: "string",
    enum: ["OUT_OF_STOCK"],
  });
  assert.deepEqual(outOfStock.required, [
    "family",
    "code",
    "bookId",
    "requested",
    "available",
  ]);
  assert.equal(outOfStock.additionalProperties, false);
  assert.equal(doc.paths["/book/{id}"].get.responses["409"], undefined);
});

Deno.test("errors of one status share a response; status 400 admits the bad-request body", async () => {
  const [notFound, outOfStock] = bookstore.errors!;
  const model: ApiModel = {
    ...bookstore,
    errors: [
      { ...notFound!, status: 400 },
      { ...outOfStock!, status: 400 },
    ],
  };
  const yaml = emitOpenApi(model, { info });
  assert.deepEqual(await validateOpenApi(yaml), []);
  const doc: Any = parse(yaml);
  const response = doc.paths["/book/{id}/order"].post.responses["400"];
  assert.deepEqual(response.content["application/json"].schema, {
    oneOf: [
      { $ref: "#/components/schemas/BookNotFound" },
      { $ref: "#/components/schemas/OutOfStock" },
      { $ref: "#/components/schemas/BadRequest" },
    ],
  });
  assert.match(response.description, /bad-request/);
  assert.deepEqual(doc.components.schemas.BadRequest.required, [
    "error",
    "parameter",
    "message",
  ]);
});
