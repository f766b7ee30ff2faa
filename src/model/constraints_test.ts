import assert from "node:assert/strict";
import type { ConstraintFormat } from "../runtime/constraints.ts";
import { constraintViolation, FORMATS } from "./constraints.ts";

Deno.test("constraintViolation: each bound, kept and broken", () => {
  const cases: [unknown, object, string | undefined][] = [
    [1, { minimum: 1 }, undefined],
    [0, { minimum: 1 }, "must be at least 1, got 0"],
    [0.5, { exclusiveMinimum: 0 }, undefined],
    [0, { exclusiveMinimum: 0 }, "must be greater than 0, got 0"],
    [1000, { maximum: 1000 }, undefined],
    [1001, { maximum: 1000 }, "must be at most 1000, got 1001"],
    [1, { exclusiveMaximum: 1 }, "must be less than 1, got 1"],
    ["ab", { minLength: 2, maxLength: 2 }, undefined],
    ["a", { minLength: 2 }, "must have at least 2 characters, got 1"],
    ["abc", { maxLength: 2 }, "must have at most 2 characters, got 3"],
    ["x1", { pattern: "[0-9]" }, undefined],
    ["xy", { pattern: "[0-9]" }, "must match the pattern [0-9]"],
    [[1], { minItems: 1, maxItems: 1 }, undefined],
    [[], { minItems: 1 }, "must have at least 1 items, got 0"],
    [[1, 2], { maxItems: 1 }, "must have at most 1 items, got 2"],
    ["a@b.io", { format: "email" }, undefined],
    ["nobody", { format: "email" }, "must be a valid email"],
  ];
  for (const [value, constraints, expected] of cases) {
    assert.equal(
      constraintViolation(value, constraints),
      expected,
      `${JSON.stringify(value)} ${JSON.stringify(constraints)}`,
    );
  }
});

Deno.test("FORMATS: a good and a bad value of each format Format<F> takes", () => {
  // Keyed by the runtime's format names, so the two lists stay one.
  const samples: Record<ConstraintFormat, [string, string]> = {
    email: ["ann@example.org", "ann@example"],
    uuid: ["123e4567-e89b-12d3-a456-426614174000", "123e4567-e89b-12d3"],
    uri: ["https://example.org/a?b", "example.org"],
    date: ["2026-11-25", "2026-13-01"],
    "date-time": ["2026-11-25T21:30:00.5Z", "2026-11-25 21:30:00"],
  };
  assert.deepEqual([...FORMATS.keys()].sort(), Object.keys(samples).sort());
  for (const [name, [good, bad]] of Object.entries(samples)) {
    assert.ok(FORMATS.get(name)!.test(good), `${name}: ${good}`);
    assert.ok(!FORMATS.get(name)!.test(bad), `${name}: ${bad}`);
  }
});

Deno.test("string lengths are code points: an astral character is one", () => {
  const smile = "\u{1F600}";
  assert.equal(
    constraintViolation(smile.repeat(2), { maxLength: 2 }),
    undefined,
  );
  assert.equal(
    constraintViolation(smile, { minLength: 2 }),
    "must have at least 2 characters, got 1",
  );
});
