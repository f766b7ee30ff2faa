/**
 * Discriminated unions on small projects written into temporary
 * directories: which property is the discriminator, classes as members,
 * nullable and recursive references, what is refused; and
 * `withDiscriminators`, which keeps members in step with their unions.
 */
import assert from "node:assert/strict";
import type { StaticTypeModel } from "../model/api_model.ts";
import { analyzeSource } from "../testing/analyze_source.ts";
import type { AnalysisResult } from "./analyze.ts";
import { withDiscriminators } from "./unions.ts";

/** Analyzes a one-file project whose controller returns `result`. */
function analyze(types: string, result: string): Promise<AnalysisResult> {
  return analyzeSource(
    `import { Controller, EnableImplicitApi, Get, type Int } from "@runtime";
${types}
@EnableImplicitApi()
@Controller()
export class AController {
  @Get("/a")
  a(): Promise<${result}> {
    return Promise.reject(new Error("none"));
  }
}
`,
  );
}

function staticTypes(result: AnalysisResult): readonly StaticTypeModel[] {
  if (!result.ok) assert.fail(JSON.stringify(result.diagnostics, null, 2));
  return result.model.staticTypes;
}

function problems(result: AnalysisResult): string[] {
  assert.equal(result.ok, false);
  return result.ok
    ? []
    : result.diagnostics.map((d) =>
      `${d.code} ${d.line}:${d.column} ${d.message}`
    );
}

Deno.test("unions: the first shared literal property with distinct values is the discriminator; classes are members", async () => {
  const types = staticTypes(
    await analyze(
      `
export class Cat {
  readonly type = "animal" as const;
  readonly kind = "cat" as const;
  lives: Int = 9;
}
export interface Dog {
  readonly type: "animal";
  readonly kind: "dog";
  readonly good: boolean;
}
export type Pet = Cat | Dog;`,
      "Pet | undefined",
    ),
  );
  assert.deepEqual(types.map((t) => [t.name, t.discriminator, t.union]), [
    ["Cat", { property: "kind", value: "cat" }, undefined],
    ["Dog", { property: "kind", value: "dog" }, undefined],
    ["Pet", undefined, {
      discriminator: "kind",
      members: [{ value: "cat", name: "Cat" }, { value: "dog", name: "Dog" }],
    }],
  ]);
});

Deno.test("unions: a member may hold its own union (recursion)", async () => {
  const types = staticTypes(
    await analyze(
      `
export interface Leaf { readonly kind: "leaf"; readonly value: Int }
export interface Branch { readonly kind: "branch"; readonly children: Tree[] }
export type Tree = Leaf | Branch;`,
      "Tree",
    ),
  );
  assert.deepEqual(types.map((t) => t.name), ["Branch", "Leaf", "Tree"]);
  assert.deepEqual(types[0]!.properties[1]!.type, {
    kind: "array",
    element: { kind: "static", name: "Tree", args: [] },
  });
});

Deno.test("unions: an optional literal is no discriminator; generic members and unions of unions are refused", async () => {
  assert.deepEqual(
    problems(
      await analyze(
        `
export interface A { readonly kind?: "a" }
export interface B { readonly kind: "b" }
export type AB = A | B;`,
        "AB",
      ),
    ),
    [
      "TAILOR012 5:18 AController.a, result, in AB: `A | B` cannot be described to clients (a union without a discriminator)",
    ],
  );
  const generic = await analyze(
    `
export interface Box<T> { readonly kind: "box"; readonly item: T }
export interface C { readonly kind: "c" }
export type CBox = C | Box<string>;`,
    "CBox",
  );
  assert.deepEqual(problems(generic), [
    "TAILOR029 5:24 AController.a, result: member `Box<string>` of the union CBox is generic",
  ]);
  const nested = await analyze(
    `
export interface C { readonly kind: "c" }
export interface D { readonly kind: "d" }
export interface E { readonly kind: "e" }
export type CD = C | D;
export type Outer = CD | E;`,
    "Outer",
  );
  assert.deepEqual(problems(nested), [
    "TAILOR029 7:21 AController.a, result: member `CD` of the union Outer is a union itself",
  ]);
});

Deno.test("withDiscriminators: sets members' discriminators, takes stale ones, keeps unchanged objects", () => {
  const plain = (name: string): StaticTypeModel => ({
    name,
    origin: "plain",
    typeParameters: [],
    properties: [],
  });
  const kept = {
    ...plain("A"),
    discriminator: { property: "kind", value: "a" },
  };
  const stale = {
    ...plain("C"),
    discriminator: { property: "kind", value: "c" },
  };
  const union: StaticTypeModel = {
    ...plain("U"),
    union: {
      discriminator: "kind",
      members: [{ value: "a", name: "A" }, { value: "b", name: "B" }],
    },
  };
  const result = withDiscriminators([kept, plain("B"), stale, union]);
  assert.equal(result[0], kept);
  assert.deepEqual(result[1]!.discriminator, { property: "kind", value: "b" });
  assert.equal("discriminator" in result[2]!, false);
  assert.equal(result[3], union);
});

Deno.test("unions: members written in place are named after the union and their value; a clash of that name is reported", async () => {
  const types = staticTypes(
    await analyze(
      `
export interface Square { readonly kind: "square"; readonly side: number }
export type Shape = Square | { readonly kind: "circle"; readonly radius: number }
  | { readonly kind: "free-form"; readonly points: Int[] };
`,
      "Shape",
    ),
  );
  const byName = new Map(types.map((t) => [t.name, t]));
  assert.deepEqual(byName.get("Shape")?.union, {
    discriminator: "kind",
    members: [
      { value: "square", name: "Square" },
      { value: "circle", name: "ShapeCircle" },
      { value: "free-form", name: "ShapeFreeForm" },
    ],
  });
  assert.deepEqual(
    byName.get("ShapeCircle")?.properties.map((p) => p.name),
    ["kind", "radius"],
  );
  assert.deepEqual(byName.get("ShapeFreeForm")?.discriminator, {
    property: "kind",
    value: "free-form",
  });
  const clash = problems(
    await analyze(
      `
export interface ShapeCircle { readonly size: number }
export interface Holder { readonly c: ShapeCircle; readonly s: Shape }
export type Shape = { readonly kind: "circle" } | { readonly kind: "dot" };
`,
      "Holder",
    ),
  );
  assert.equal(clash.length, 1, clash.join("\n"));
  assert.match(clash[0]!, /ShapeCircle/);
});

Deno.test("unions: an abstract class with subclasses is the union of its subclasses, told apart as an alias's members are", async () => {
  const result = await analyze(
    `
/** A shape to draw. */
export abstract class Shape {
  abstract readonly kind: string;
  readonly label: string = "";
}
export class Circle extends Shape {
  readonly kind = "circle" as const;
  readonly radius: number = 1;
}
export class Square extends Shape {
  readonly kind = "square" as const;
  readonly side: number = 1;
}
`,
    "Shape",
  );
  const byName = new Map(staticTypes(result).map((t) => [t.name, t]));
  assert.deepEqual(byName.get("Shape")?.union, {
    discriminator: "kind",
    members: [
      { value: "circle", name: "Circle" },
      { value: "square", name: "Square" },
    ],
    subclasses: true,
  });
  assert.equal(byName.get("Shape")?.doc, "A shape to draw.");
  assert.deepEqual(
    byName.get("Circle")?.properties.map((p) => [p.name, p.type]),
    [
      ["kind", { kind: "primitive", name: "string" }],
      ["label", { kind: "primitive", name: "string" }],
      ["radius", { kind: "primitive", name: "number" }],
    ],
  );
  assert.deepEqual(byName.get("Circle")?.discriminator, {
    property: "kind",
    value: "circle",
  });
  const abstractMember = problems(
    await analyze(
      `
export abstract class Shape { abstract readonly kind: string }
export abstract class Round extends Shape { readonly r: number = 1 }
export class Square extends Shape { readonly kind = "square" as const }
`,
      "Shape",
    ),
  );
  assert.deepEqual(abstractMember.map((p) => p.slice(0, 40)), [
    "TAILOR029 4:23 AController.a, result: su",
  ]);
});
