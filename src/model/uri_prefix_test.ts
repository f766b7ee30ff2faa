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

Deno.test("uri prefix: a service gives the same prefixed object every time (watch mode's renderer keys on it)", () => {
  const a = withUriPrefix(model, "/api");
  const b = withUriPrefix({ ...model }, "/api/");
  const c = withUriPrefix(model, "/v2");
  assert.ok(a.services.every((service, i) => service === b.services[i]));
  assert.ok(a.services.every((service, i) => service !== c.services[i]));
  assert.deepEqual(paths(c), paths(model).map((p) => `/v2${p}`));
});
