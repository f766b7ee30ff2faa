import assert from "node:assert/strict";
import { readGoldenModel } from "../testing/golden.ts";
import { withUriPrefix } from "./uri_prefix.ts";

const model = await readGoldenModel("bookstore");
const paths = (m: typeof model) =>
  m.services.flatMap((s) => s.operations.map((o) => o.path)).sort();

Deno.test("uri prefix: every operation path moves under it, nothing else changes", () => {
  const prefixed = withUriPrefix(model, "/api/");
  assert.deepEqual(paths(prefixed), paths(model).map((p) => `/api${p}`));
  assert.deepEqual({ ...prefixed, services: [] }, { ...model, services: [] });
  assert.equal(withUriPrefix(model, undefined), model);
  assert.equal(withUriPrefix(model, "/"), model);
});
