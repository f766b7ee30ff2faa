import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../config/config.ts";
import { createServer } from "./create_server.ts";
import { MODEL_PATH, NULL_MODE_HEADER } from "./model_path.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BOOKSTORE = `${ROOT}fixtures/bookstore`;

Deno.test("the server serves its model at /__tailor/model.json: what generate writes, with a strong ETag and 304", async () => {
  const server = await createServer({ project: BOOKSTORE, typeCheck: false });
  const first = await server.request(MODEL_PATH);
  assert.equal(first.status, 200);
  assert.equal(
    first.headers.get("content-type"),
    "application/json; charset=utf-8",
  );
  assert.equal(first.headers.get("cache-control"), "no-cache");
  assert.equal(first.headers.get(NULL_MODE_HEADER), null);
  assert.equal(
    await first.text(),
    await Deno.readTextFile(`${ROOT}golden/bookstore/model.json`),
  );
  const etag = first.headers.get("etag")!;
  assert.match(etag, /^"[\w-]+"$/);
  const again = await server.request(MODEL_PATH, {
    headers: { "if-none-match": etag },
  });
  assert.equal(again.status, 304);
  assert.equal(await again.text(), "");
  const head = await server.request(MODEL_PATH, { method: "HEAD" });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get("etag"), etag);
  assert.equal(await head.text(), "");
});

Deno.test("the served model: CORS as the artifacts, and the null render mode in a header", async () => {
  const config = await loadConfig(BOOKSTORE);
  const server = await createServer({
    project: BOOKSTORE,
    typeCheck: false,
    config: { ...config, tsNullRenderMode: "null" },
    cors: { origins: ["http://localhost:5173"] },
  });
  const answer = await server.request(MODEL_PATH, {
    headers: { origin: "http://localhost:5173" },
  });
  assert.equal(answer.status, 200);
  assert.equal(
    answer.headers.get("access-control-allow-origin"),
    "http://localhost:5173",
  );
  assert.equal(answer.headers.get(NULL_MODE_HEADER), "null");
  const other = await server.request(MODEL_PATH, {
    headers: { origin: "http://elsewhere.test" },
  });
  assert.equal(other.headers.get("access-control-allow-origin"), null);
  const artifact = await server.request("/openapi.yml", {
    headers: { origin: "http://localhost:5173" },
  });
  assert.equal(
    artifact.headers.get("access-control-allow-origin"),
    "http://localhost:5173",
  );
});
