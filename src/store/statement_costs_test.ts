import assert from "node:assert/strict";
import { CHEAP_MS, PROOF_RUNS, StatementCosts } from "./statement_costs.ts";

Deno.test("StatementCosts: cheap after PROOF_RUNS cheap runs in a row on a reader; one slow run anywhere undoes it", () => {
  const costs = new StatementCosts();
  const sql = "SELECT 1";
  assert.equal(costs.isCheap(sql), false);
  for (let i = 1; i < PROOF_RUNS; i++) costs.record(sql, CHEAP_MS / 2, true);
  // A run on the event loop proves nothing, a slow one starts again.
  costs.record(sql, 0, false);
  assert.equal(costs.isCheap(sql), false);
  costs.record(sql, CHEAP_MS * 2, true);
  for (let i = 1; i < PROOF_RUNS; i++) costs.record(sql, 0, true);
  assert.equal(costs.isCheap(sql), false);
  costs.record(sql, CHEAP_MS, true);
  assert.equal(costs.isCheap(sql), true);
  costs.record(sql, 0, false);
  assert.equal(costs.isCheap(sql), true);
  costs.record(sql, CHEAP_MS + 0.1, false);
  assert.equal(costs.isCheap(sql), false);
  assert.equal(costs.isCheap("SELECT 2"), false);
});
