import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { analyzeProject } from "../../analyze/analyze.ts";
import { controllerRoutes } from "./mount.ts";
import { StickerController } from "./testdata/constrained/sticker_controller.ts";

const PROJECT = fileURLToPath(
  new URL("./testdata/constrained/", import.meta.url),
);
const analysis = await analyzeProject(PROJECT, { scope: "server" });
if (!analysis.ok) throw new Error(JSON.stringify(analysis.diagnostics));
const app = controllerRoutes({
  model: analysis.model,
  controllers: [new StickerController()],
});

async function get(query: string): Promise<[number, unknown]> {
  const response = await app.request(`/stickers/search?${query}`);
  const text = await response.text();
  return [response.status, response.status === 400 ? JSON.parse(text) : text];
}

async function post(path: string, body: unknown): Promise<[number, unknown]> {
  const response = await app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return [response.status, await response.json()];
}

function bad(parameter: string, message: string): [number, unknown] {
  return [400, { error: "bad-request", parameter, message }];
}

Deno.test("constraints: query values within their bounds bind", async () => {
  const [status, body] = await get(
    "page=10&ratio=0.25&code=xyz&name=abcde&ids=1,2",
  );
  assert.equal(status, 200);
  assert.deepEqual(JSON.parse(body as string), {
    page: 10,
    ratio: 0.25,
    code: "xyz",
    name: "abcde",
    ids: [1, 2],
  });
});

Deno.test("constraints: the binder answers 400 naming the parameter and the bound", async () => {
  const q = "query parameter";
  assert.deepEqual(
    await get("page=0"),
    bad("page", `the ${q} page must be at least 1, got 0`),
  );
  assert.deepEqual(
    await get("page=11"),
    bad("page", `the ${q} page must be at most 10, got 11`),
  );
  assert.deepEqual(
    await get("ratio=0"),
    bad("ratio", `the ${q} ratio must be greater than 0, got 0`),
  );
  assert.deepEqual(
    await get("ratio=1"),
    bad("ratio", `the ${q} ratio must be less than 1, got 1`),
  );
  assert.deepEqual(
    await get("code=ab1"),
    bad("code", `the ${q} code must match the pattern ^[a-z]+$`),
  );
  assert.deepEqual(
    await get("name=a"),
    bad("name", `the ${q} name must have at least 2 characters, got 1`),
  );
  assert.deepEqual(
    await get("name=abcdef"),
    bad("name", `the ${q} name must have at most 5 characters, got 6`),
  );
  assert.deepEqual(
    await get("ids=1,2,3"),
    bad("ids", `the ${q} ids must have at most 2 items, got 3`),
  );
});

Deno.test("constraints: a body's fields and an entity's columns are checked", async () => {
  const order = { count: 3, email: "a@b.io", tags: ["x"] };
  assert.deepEqual(await post("/stickers/order", order), [200, 3]);
  assert.deepEqual(
    await post("/stickers/order", { ...order, count: 0 }),
    bad("order", "/count must be >= 1"),
  );
  assert.deepEqual(
    await post("/stickers/order", { ...order, count: 101 }),
    bad("order", "/count must be <= 100"),
  );
  assert.deepEqual(
    await post("/stickers/order", { ...order, email: "nobody" }),
    bad("order", '/email must match format "email"'),
  );
  assert.deepEqual(
    await post("/stickers/order", { ...order, tags: ["a", "b", "c", "d"] }),
    bad("order", "/tags must NOT have more than 3 items"),
  );
  const range =
    "is out of range: an integer is between -9007199254740991 and 9007199254740991";
  assert.deepEqual(
    await post("/stickers/order", { ...order, count: 2 ** 53 }),
    bad("order", "/count must be <= 100"),
  );
  assert.deepEqual(
    await post("/stickers", { label: "ok", id: 2 ** 53 }),
    bad("sticker", `/id ${range}`),
  );
  assert.deepEqual(await post("/stickers", { label: "ok" }), [200, 2]);
  assert.deepEqual(
    await post("/stickers", { label: "" }),
    bad("sticker", "/label must NOT have fewer than 1 characters"),
  );
});

Deno.test("constraints: string lengths are counted in code points, parameters and bodies alike", async () => {
  const q = "query parameter";
  const smile = "\u{1F600}"; // one code point, two UTF-16 units
  for (const name of [smile.repeat(2), smile.repeat(5), `a${smile}`]) {
    const [status] = await get(`name=${encodeURIComponent(name)}`);
    assert.equal(status, 200, name);
  }
  assert.deepEqual(
    await get(`name=${encodeURIComponent(smile)}`),
    bad("name", `the ${q} name must have at least 2 characters, got 1`),
  );
  assert.deepEqual(
    await get(`name=${encodeURIComponent(smile.repeat(6))}`),
    bad("name", `the ${q} name must have at most 5 characters, got 6`),
  );
  // The handler answers the label's length in UTF-16 units.
  assert.deepEqual(
    await post("/stickers", { label: smile.repeat(20) }),
    [200, 40],
  );
  assert.deepEqual(
    await post("/stickers", { label: smile.repeat(21) }),
    bad("sticker", "/label must NOT have more than 20 characters"),
  );
});
