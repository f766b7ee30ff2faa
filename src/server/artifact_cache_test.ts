import assert from "node:assert/strict";
import { ArtifactCache, matchesEtag } from "./artifact_cache.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test("concurrent first requests share one render", async () => {
  const rendered: string[] = [];
  const cache = new ArtifactCache((key) => rendered.push(key));
  let runs = 0;
  const render = async () => {
    runs++;
    await new Promise((r) => setTimeout(r, 5));
    return { bytes: bytes("x"), contentType: "text/plain" };
  };
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => cache.get("a", render)),
  );
  assert.equal(runs, 1);
  assert.deepEqual(rendered, ["a"]);
  assert.equal(new Set(answers.map((a) => a.etag)).size, 1);
  await cache.get("b", render);
  assert.equal(runs, 2);
});

Deno.test("a failed render is not kept", async () => {
  const cache = new ArtifactCache();
  let fail = true;
  const render = () => {
    if (fail) throw new Error("boom");
    return { bytes: bytes("ok"), contentType: "text/plain" };
  };
  await assert.rejects(cache.get("k", render), /boom/);
  fail = false;
  assert.equal((await cache.get("k", render)).bytes.length, 2);
});

Deno.test("the ETag is strong, stable and follows the bytes", async () => {
  const cache = new ArtifactCache();
  const one = await cache.get(
    "1",
    () => ({ bytes: bytes("a"), contentType: "t" }),
  );
  const two = await new ArtifactCache().get(
    "1",
    () => ({ bytes: bytes("a"), contentType: "t" }),
  );
  const other = await cache.get(
    "2",
    () => ({ bytes: bytes("b"), contentType: "t" }),
  );
  assert.match(one.etag, /^"[A-Za-z0-9_-]{43}"$/);
  assert.equal(one.etag, two.etag);
  assert.notEqual(one.etag, other.etag);
  assert.ok(matchesEtag(`"x", ${one.etag}`, one.etag));
  assert.ok(matchesEtag(`W/${one.etag}`, one.etag));
  assert.ok(matchesEtag("*", one.etag));
  assert.ok(!matchesEtag(undefined, one.etag));
  assert.ok(!matchesEtag(other.etag, one.etag));
});
