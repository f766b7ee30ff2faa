/**
 * An object query parameter served (the treeshop's `GET
 * /tree/products/search`, `RequestParam<ProductFilter>`): each property
 * read from its own query parameter, bound to its declared type and
 * checked against its constraints; a value that does not fit is a 400
 * naming the flattened parameter.
 */
import assert from "node:assert/strict";
import { emitOpenApi } from "../../emit/openapi/emit_openapi.ts";
import { responseValidator } from "../../testing/validate_openapi.ts";
import {
  treeshopRoutes,
  treeshopServerModel,
} from "./testdata/treeshop_routes.ts";

const model = await treeshopServerModel();
const check = responseValidator(
  emitOpenApi(model, { info: { title: "treeshop", version: "1" } }),
);
const OPERATION = "GET /tree/products/search";

/** A product as the search answers it. */
interface Found {
  readonly name: string;
}

/** The 400 body. */
interface BadRequest {
  readonly error: string;
  readonly parameter: string;
  readonly message: string;
}

async function search(
  query: string,
): Promise<{ status: number; body: unknown }> {
  const app = treeshopRoutes(model);
  const response = await app.request(`/tree/products/search?${query}`);
  const body = await response.json();
  if (response.status === 200) {
    assert.deepEqual(check(OPERATION, 200, body), [], query);
  }
  return { status: response.status, body };
}

const names = (body: unknown) => (body as Found[]).map((p) => p.name);

Deno.test("query object: each property is one query parameter", async () => {
  const all = await search("order=NAME");
  assert.equal(all.status, 200);
  assert.deepEqual(names(all.body), ["Apple", "Black tee", "Cap", "White tee"]);
  assert.deepEqual((all.body as Found[])[0], {
    id: 4,
    name: "Apple",
    price: 0.5,
    category: { id: 6, name: "Fruit" },
  });
  const tees = await search("name=TEE&maxPrice=12.5&order=PRICE");
  assert.deepEqual(names(tees.body), ["White tee"]);
  const repeated = await search(
    "availability=IN_STOCK&availability=SOLD_OUT&minPrice=10&order=PRICE",
  );
  assert.deepEqual(names(repeated.body), ["White tee", "Black tee"]);
  const comma = await search(
    "availability=SOLD_OUT,IN_STOCK&minPrice=10&order=NAME",
  );
  assert.deepEqual(names(comma.body), ["Black tee", "White tee"]);
  const soldOut = await search("availability=SOLD_OUT&order=NAME");
  assert.deepEqual(names(soldOut.body), ["Black tee"]);
});

Deno.test("query object: a property that does not fit is a 400 naming it", async () => {
  const cases: [string, string, RegExp][] = [
    ["name=tee", "order", /^the query parameter order is required$/],
    ["order=COST", "order", /"COST" is not one of "NAME", "PRICE"/],
    ["order=NAME&order=PRICE", "order", /takes one value, got 2/],
    ["minPrice=-1&order=NAME", "minPrice", /minPrice .*0/],
    ["maxPrice=cheap&order=NAME", "maxPrice", /"cheap" is not a number/],
    ["maxPrice=20000&order=NAME", "maxPrice", /maxPrice .*10000/],
    ["availability=GONE&order=NAME", "availability", /"GONE" is not one of/],
    [
      "availability=IN_STOCK,SOLD_OUT,IN_STOCK&order=NAME",
      "availability",
      /availability .*2/,
    ],
    [`name=${"x".repeat(51)}&order=NAME`, "name", /name .*50/],
  ];
  for (const [query, parameter, message] of cases) {
    const answer = await search(query);
    const [status, body] = [answer.status, answer.body as BadRequest];
    assert.equal(status, 400, query);
    assert.equal(body.error, "bad-request", query);
    assert.equal(body.parameter, parameter, query);
    assert.match(body.message, message, query);
  }
});
