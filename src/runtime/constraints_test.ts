import assert from "node:assert/strict";
import type { Int } from "./entity.ts";
import type {
  ExclusiveMinimum,
  Format,
  Maximum,
  MaxItems,
  MaxLength,
  Minimum,
  Pattern,
} from "./constraints.ts";

Deno.test("constraint tags: values of the base type fit and stay that type", () => {
  const count: Int & Minimum<1> & Maximum<10> = 3;
  const ratio: number & ExclusiveMinimum<0> = 0.5;
  const name: string & MaxLength<5> & Pattern<"^[a-z]+$"> = "ann";
  const mail: string & Format<"email"> = "ann@example.org";
  const tags: string[] & MaxItems<2> = ["a"];
  // Still the base types: arithmetic, string and array methods apply.
  const plain: [number, number, string, string, string[]] = [
    count + 1,
    ratio * 2,
    name.toUpperCase(),
    mail,
    tags.map((t) => t),
  ];
  assert.deepEqual(plain, [4, 1, "ANN", "ann@example.org", ["a"]]);
});

Deno.test("constraint tags: Format takes only the known formats", () => {
  // @ts-expect-error: "mail" is not a format
  const mail: string & Format<"mail"> = "x";
  assert.equal(mail, "x");
});
