import { deepStrictEqual } from "node:assert/strict";
import { quantile } from "./bench_live.ts";

Deno.test("quantile: nearest rank, whatever the order", () => {
  const values = [50, 10, 40, 20, 30];
  deepStrictEqual(quantile(values, 0.5), 30);
  deepStrictEqual(quantile(values, 0.95), 50);
  deepStrictEqual(quantile(values, 0.2), 10);
  deepStrictEqual(quantile([7], 0.95), 7);
});
