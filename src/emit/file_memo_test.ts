import assert from "node:assert/strict";
import { NO_MEMO, RenderMemo, sameItems, sameValue } from "./file_memo.ts";

Deno.test("RenderMemo reuses a result for the same owner and deps only", () => {
  const memo = new RenderMemo();
  const owner = {};
  let runs = 0;
  const compute = () => ++runs;
  assert.equal(memo.reuse("a", owner, [1, "x"], compute), 1);
  assert.equal(memo.reuse("a", owner, [1, "x"], compute), 1);
  assert.equal(memo.reuse("a", owner, [2, "x"], compute), 2);
  assert.equal(memo.reuse("a", owner, [2], compute), 3);
  assert.equal(memo.reuse("b", owner, [2], compute), 4, "another kind");
  assert.equal(memo.reuse("a", {}, [2], compute), 5, "another owner");
  assert.equal(memo.reuse("a", owner, [2], compute, () => false), 6);
  assert.deepEqual(Object.fromEntries(memo.takeCounts()), { a: 5, b: 1 });
  assert.deepEqual(Object.fromEntries(memo.takeCounts()), {});
});

Deno.test("RenderMemo.stable keeps the earlier value while equal", () => {
  const memo = new RenderMemo();
  const first = { n: 1 };
  assert.equal(memo.stable("k", first, sameValue), first);
  assert.equal(memo.stable("k", { n: 1 }, sameValue), first);
  const second = { n: 2 };
  assert.equal(memo.stable("k", second, sameValue), second);
  assert.equal(memo.stable("k", { n: 2 }, sameValue), second);
});

Deno.test("NO_MEMO computes every time", () => {
  let runs = 0;
  const owner = {};
  NO_MEMO.reuse("a", owner, [], () => ++runs);
  NO_MEMO.reuse("a", owner, [], () => ++runs);
  assert.equal(runs, 2);
  const value = { n: 1 };
  assert.equal(NO_MEMO.stable("k", value, () => true), value);
});

Deno.test("sameValue compares plain data deeply, order included", () => {
  assert.ok(sameValue({ a: [1, { b: "x" }] }, { a: [1, { b: "x" }] }));
  assert.ok(!sameValue({ a: 1, b: 2 }, { b: 2, a: 1 }));
  assert.ok(!sameValue({ a: [1] }, { a: [1, 2] }));
  assert.ok(!sameValue([1], { 0: 1 }));
  assert.ok(sameValue(new Map([["k", { v: 1 }]]), new Map([["k", { v: 1 }]])));
  assert.ok(!sameValue(new Map([["k", 1]]), new Map([["k", 2]])));
  assert.ok(!sameValue(new Map([["k", 1]]), { k: 1 }));
  assert.ok(sameValue(new Set(["a", "b"]), new Set(["a", "b"])));
  assert.ok(!sameValue(new Set(["a", "b"]), new Set(["a", "c"])));
  assert.ok(!sameValue(null, {}));
  assert.ok(!sameValue(undefined, null));
  const ignored = new Set(["source"]);
  assert.ok(sameValue({ a: { source: 1 } }, { a: { source: 2 } }, ignored));
  assert.ok(!sameValue({ a: { source: 1, b: 1 } }, { a: { b: 1 } }, ignored));
  assert.ok(
    !sameValue({ a: { source: 1, b: 1 } }, { a: { source: 1, b: 2 } }, ignored),
  );
});

Deno.test("sameItems compares by identity", () => {
  const item = {};
  assert.ok(sameItems([item, 1], [item, 1]));
  assert.ok(!sameItems([{}], [{}]));
  assert.ok(!sameItems([item], [item, item]));
});
