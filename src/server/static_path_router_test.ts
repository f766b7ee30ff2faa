import assert from "node:assert/strict";
import { Hono } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { StaticPathRouter } from "./static_path_router.ts";

/** The handlers a match names, in order. */
function names(result: ReturnType<StaticPathRouter<string>["match"]>) {
  return (result[0] as [string, unknown][]).map(([handler]) => handler);
}

function routers() {
  const kept = new StaticPathRouter<string>();
  const trie = new TrieRouter<string>();
  for (const router of [kept, trie]) {
    router.add("ALL", "/*", "middleware");
    router.add("GET", "/stores/topBooks", "topBooks");
    router.add("GET", "/stores/:id/runnerUp", "runnerUp");
    router.add("ALL", "/stores/topBooks", "405");
  }
  return { kept, trie };
}

Deno.test("a path without variables matches as the trie, and once", () => {
  const { kept, trie } = routers();
  const first = kept.match("GET", "/stores/topBooks");
  assert.deepEqual(names(first), names(trie.match("GET", "/stores/topBooks")));
  assert.deepEqual(names(first), ["middleware", "topBooks", "405"]);
  assert.equal(kept.match("GET", "/stores/topBooks"), first, "kept");
  assert.deepEqual(names(kept.match("POST", "/stores/topBooks")), [
    "middleware",
    "405",
  ]);
});

Deno.test("a path with variables, another path or method is matched each time", () => {
  const { kept, trie } = routers();
  const runnerUp = kept.match("GET", "/stores/7/runnerUp");
  assert.deepEqual(runnerUp, trie.match("GET", "/stores/7/runnerUp"));
  assert.notEqual(kept.match("GET", "/stores/7/runnerUp"), runnerUp);
  const unknown = kept.match("GET", "/nowhere");
  assert.notEqual(kept.match("GET", "/nowhere"), unknown);
  const odd = kept.match("PURGE", "/stores/topBooks");
  assert.notEqual(kept.match("PURGE", "/stores/topBooks"), odd);
});

Deno.test("a route added later is in the next match of a kept path", () => {
  const { kept, trie } = routers();
  kept.match("GET", "/stores/topBooks");
  kept.add("GET", "/stores/topBooks", "second");
  trie.add("GET", "/stores/topBooks", "second");
  const next = names(kept.match("GET", "/stores/topBooks"));
  assert.ok(next.includes("second"));
  assert.deepEqual(next, names(trie.match("GET", "/stores/topBooks")));
});

Deno.test("a Hono app on it answers static and variable routes alike", async () => {
  const app = new Hono({ router: new StaticPathRouter() });
  app.use(async (c, next) => {
    await next();
    c.header("x-seen", "1");
  });
  app.get("/stores/topBooks", (c) => c.text("top"));
  app.get(
    "/stores/:id/runnerUp",
    (c) => c.text(`runner-up of ${c.req.param("id")}`),
  );
  for (let i = 0; i < 2; i++) {
    const top = await app.request("/stores/topBooks");
    assert.equal(await top.text(), "top");
    assert.equal(top.headers.get("x-seen"), "1");
    const runnerUp = await app.request(`/stores/${i}/runnerUp`);
    assert.equal(await runnerUp.text(), `runner-up of ${i}`);
  }
  assert.equal((await app.request("/stores/topBooks/x")).status, 404);
});
