import assert from "node:assert/strict";
import { compileFetcher } from "../runtime/fetcher_compiler.ts";
import { Book } from "../../fixtures/bookstore/entities.ts";
import { FetcherCache } from "./fetcher_cache.ts";

Deno.test("FetcherCache: compiles a text once, keeps the most recent ones", () => {
  const compiled: string[] = [];
  const cache = new FetcherCache((code) => {
    compiled.push(code);
    return compileFetcher(Book, code);
  }, 2);
  const first = cache.get("{ name }");
  assert.equal(cache.get("{ name }"), first);
  cache.get("{ price }");
  cache.get("{ name }"); // used again: now the most recent
  cache.get("{ edition }"); // evicts "{ price }"
  assert.equal(cache.size, 2);
  cache.get("{ name }");
  cache.get("{ price }");
  assert.deepEqual(compiled, [
    "{ name }",
    "{ price }",
    "{ edition }",
    "{ price }",
  ]);
});

Deno.test("FetcherCache: a text that does not compile is not kept", () => {
  const cache = new FetcherCache((code) => compileFetcher(Book, code));
  assert.throws(() => cache.get("{ nope }"), /nope/);
  assert.equal(cache.size, 0);
});
