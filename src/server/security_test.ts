import assert from "node:assert/strict";
import { Hono } from "hono";
import { treeshopAuthenticators } from "../../fixtures/treeshop/injectors.ts";
import { treeshopApp } from "../testing/treeshop_app.ts";
import { type Authenticator, securityPlan } from "./security.ts";

const refuse = (name: string): Authenticator => (c) =>
  c.req.header(name) === undefined
    ? c.json({ error: "unauthorized", missing: name }, 401)
    : undefined;

/** The status and body of `headers` through the guard of `plan`. */
async function guarded(
  plan: ReturnType<typeof securityPlan>,
  headers: Record<string, string>,
): Promise<[number, string]> {
  assert.equal(plan.kind, "guard");
  if (plan.kind !== "guard") throw new Error("no guard");
  const app = new Hono().get("/", plan.guard, (c) => c.text("in"));
  const response = await app.request("/", { headers });
  return [response.status, await response.text()];
}

Deno.test("securityPlan: nothing to check without requirements or with an empty one", () => {
  assert.deepEqual(securityPlan([], {}), { kind: "none" });
  assert.deepEqual(securityPlan([{ bearer: [] }, {}], {}), { kind: "none" });
});

Deno.test("securityPlan: a requirement none of whose schemes is checked is unenforced", () => {
  assert.deepEqual(
    securityPlan([{ bearer: [] }, { key: [], bearer: [] }], {
      key: refuse("k"),
    }),
    { kind: "unenforced", schemes: ["bearer"] },
  );
});

Deno.test("securityPlan: one requirement met lets in; else the first refusal answers", async () => {
  const plan = securityPlan(
    [{ a: [], b: [] }, { c: [] }, { d: [] }],
    { a: refuse("a"), b: refuse("b"), c: refuse("c") },
  );
  assert.deepEqual(await guarded(plan, { a: "1", b: "1" }), [200, "in"]);
  assert.deepEqual(await guarded(plan, { c: "1" }), [200, "in"]);
  assert.deepEqual(await guarded(plan, { a: "1" }), [
    401,
    '{"error":"unauthorized","missing":"b"}',
  ]);
});

Deno.test("createServer: declared security without an authenticator fails closed: 401 on every route", async () => {
  const warnings: string[] = [];
  const error = console.error;
  console.error = (message: string) => warnings.push(message);
  let app;
  try {
    app = await treeshopApp();
  } finally {
    console.error = error;
  }
  assert.equal(warnings.length, 1);
  assert.match(
    warnings[0]!,
    /declares security \(bearer\) that no authenticator checks, so these routes answer 401/,
  );
  assert.match(warnings[0]!, /POST \/tree\/products\/\{productId\}\/image/);
  assert.match(warnings[0]!, /securityDocumentationOnly/);
  const calls: [string, string][] = [
    ["GET", "/tree/1"],
    ["POST", "/tree/reindex"],
  ];
  for (const [method, path] of calls) {
    const answer = await app.request(path, {
      method,
      headers: { authorization: "Bearer ann" },
    });
    assert.equal(answer.status, 401, `${method} ${path}`);
    assert.equal(
      answer.headers.get("www-authenticate"),
      'Bearer realm="bearer"',
    );
    assert.deepEqual(await answer.json(), {
      error: "unauthorized",
      message:
        "this operation requires bearer, which the server cannot check (no authenticator is configured)",
    });
  }
  // The artifacts stay public.
  assert.equal((await app.request("/openapi.yml")).status, 200);
});

Deno.test("createServer: securityDocumentationOnly lets the routes in unchecked, and says so", async () => {
  const warnings: string[] = [];
  const error = console.error;
  console.error = (message: string) => warnings.push(message);
  let app;
  try {
    app = await treeshopApp({ securityDocumentationOnly: true });
  } finally {
    console.error = error;
  }
  assert.match(
    warnings[0]!,
    /documentation only \(securityDocumentationOnly\)/,
  );
  const answer = await app.request("/tree/reindex", { method: "POST" });
  assert.equal(answer.status, 200);
  await answer.body?.cancel();
});

Deno.test("the treeshop enforces its bearer scheme on every route, before the body is read", async () => {
  const app = await treeshopApp({ authenticate: treeshopAuthenticators });
  const unread = new ReadableStream({
    pull: () => assert.fail("the body was read"),
  }, { highWaterMark: 0 });
  const calls: [string, string, BodyInit | undefined][] = [
    ["GET", "/tree/1", undefined],
    ["GET", "/tree/products/index", undefined],
    ["POST", "/tree/nodes", unread],
    ["POST", "/tree/products/3/image", undefined],
    ["POST", "/tree/reindex", undefined],
    ["GET", "/tree/internal/stats", undefined],
  ];
  for (const [method, path, body] of calls) {
    const anonymous = await app.request(path, { method, body: body ?? null });
    assert.equal(anonymous.status, 401, `${method} ${path}`);
    assert.deepEqual(await anonymous.json(), {
      error: "unauthorized",
      message: "send authorization: Bearer <name>",
    });
  }
  const signed = await app.request("/tree/reindex", {
    method: "POST",
    headers: { authorization: "Bearer ann" },
  });
  assert.equal(signed.status, 200);
  // The artifacts stay public.
  assert.equal((await app.request("/openapi.yml")).status, 200);
});
