import { mulberry32 } from "../../testing/random.ts";
import assert from "node:assert/strict";
import type { ApiModel, TypeRef } from "../../model/api_model.ts";
import { nullTargets } from "../../emit/ts/null_mode.ts";
import { type AnyFetcher, fetcher } from "../../runtime/fetcher.ts";
import { Book, BookStore } from "../../../fixtures/bookstore/entities.ts";
import type { AnyClass } from "../../runtime/metadata.ts";
import { readGoldenModel } from "../../testing/golden.ts";
import { HelloController } from "../../../fixtures/bookstore/app.ts";
import {
  AuthorController,
  AuthorWithStores,
} from "../../../fixtures/bookstore/author_controller.ts";
import { BookController } from "../../../fixtures/bookstore/book_controller.ts";
import { DynamicBookController } from "../../../fixtures/bookstore/dynamic_book_controller.ts";
import { BookStoreController } from "../../../fixtures/bookstore/store_controller.ts";
import {
  HiddenController,
  TreeController,
} from "../../../fixtures/treeshop/tree_controller.ts";
import { ownerClasses, resolveFetcher, shapeKeys } from "./fetchers.ts";
import { type ShapeContext, shapedResult, shapeValue } from "./shape.ts";
import { MAX_PLAN_DEPTH, shapePlan } from "./shape_plan.ts";

const FIXTURES: readonly [string, readonly AnyClass[]][] = [
  ["bookstore", [
    BookController,
    AuthorController,
    DynamicBookController,
    HelloController,
    AuthorWithStores,
    BookStoreController,
  ]],
  ["treeshop", [TreeController, HiddenController]],
];

/** A random value roughly of `type`, with nulls, junk and extra fields. */
function randomValue(
  random: () => number,
  type: TypeRef,
  context: ShapeContext,
  depth = 0,
): unknown {
  const pick = random();
  if (depth > 7 || pick < 0.08) return null;
  if (pick < 0.14) return undefined;
  if (pick < 0.18) return "junk";
  const many = (make: () => unknown) =>
    Array.from({ length: Math.floor(random() * 4) }, make);
  switch (type.kind) {
    case "fetched":
      return fetchedValue(random, context.fetcherOf(type.key), depth);
    case "array":
      return many(() => randomValue(random, type.element, context, depth + 1));
    case "map": {
      const entries: [string, unknown][] = [];
      for (const _ of many(() => 0)) {
        entries.push([
          `k${Math.floor(random() * 5)}`,
          randomValue(random, type.value, context, depth + 1),
        ]);
      }
      return random() < 0.3 ? new Map(entries) : Object.fromEntries(entries);
    }
    case "static": {
      const model = context.statics.get(type.name);
      const value: Record<string, unknown> = { extra: 1 };
      for (const property of model?.properties ?? []) {
        // Type parameters get any value: the plan must agree on it too.
        const inner = property.type.kind === "typeParameter"
          ? (type.args[0] ?? property.type)
          : property.type;
        value[property.name] = randomValue(random, inner, context, depth + 1);
      }
      return value;
    }
    case "object": {
      const value: Record<string, unknown> = { extra: "x" };
      for (const property of type.properties) {
        value[property.name] = randomValue(
          random,
          property.type,
          context,
          depth + 1,
        );
      }
      return value;
    }
    case "dynamic":
      return { id: 1, name: random() < 0.5 ? null : "n", extra: true };
    default:
      return random() < 0.5 ? Math.floor(random() * 10) : `s${depth}`;
  }
}

function fetchedValue(
  random: () => number,
  fetcher: AnyFetcher,
  depth: number,
): Record<string, unknown> {
  const value: Record<string, unknown> = { unselected: 1 };
  for (const [name, selection] of fetcher.selections) {
    const pick = random();
    if (pick < 0.15) continue;
    if (pick < 0.25) value[name] = null;
    else if (selection.kind === "scalar") value[name] = `v${depth}`;
    else if (depth > 5) value[name] = 3;
    else {
      const child = () => fetchedValue(random, selection.child, depth + 1);
      value[name] = random() < 0.5 ? child() : [child(), null, child()];
    }
  }
  return value;
}

async function contexts(): Promise<[string, ApiModel, ShapeContext][]> {
  const found: [string, ApiModel, ShapeContext][] = [];
  for (const [fixture, classes] of FIXTURES) {
    const model = await readGoldenModel(fixture);
    const owners = ownerClasses(classes, []);
    const statics = new Map(model.staticTypes.map((s) => [s.name, s]));
    for (const mode of ["undefined", "null"] as const) {
      found.push([`${fixture} (${mode})`, model, {
        fetcherOf: (key) => resolveFetcher(key, owners),
        statics,
        dynamics: new Map(model.dynamicEntities.map((d) => [d.entity, d])),
        nulls: nullTargets(model, mode),
      }]);
    }
  }
  return found;
}

Deno.test("shapePlan answers as shapeValue for every result type of the fixtures", async () => {
  const random = mulberry32(7);
  let compared = 0;
  for (const [name, model, context] of await contexts()) {
    const types = model.services.flatMap((s) =>
      s.operations.map((o) => o.result.type)
    );
    types.push(
      ...model.staticTypes.map((s): TypeRef => ({
        kind: "static",
        name: s.name,
        args: s.typeParameters.map(() => types[0]!),
      })),
    );
    for (const type of types) {
      for (const key of shapeKeys(type, context.statics)) {
        context.fetcherOf(key); // every fetcher resolves
      }
      const shape = shapePlan(type, context);
      for (let i = 0; i < 40; i++) {
        const value = randomValue(random, type, context);
        assert.equal(
          JSON.stringify(shape(value)),
          JSON.stringify(shapeValue(type, value, context)),
          `${name}: ${JSON.stringify(type)} on ${JSON.stringify(value)}`,
        );
        compared++;
      }
    }
  }
  assert.ok(compared > 500, `${compared} comparisons`);
});

Deno.test("a static type containing itself is shaped past the compiled depth, nulls too", () => {
  const node: TypeRef = { kind: "static", name: "Node", args: [] };
  const statics = new Map([["Node", {
    name: "Node",
    typeParameters: [],
    properties: [
      {
        name: "label",
        type: { kind: "primitive", name: "string" },
        optional: false,
      },
      {
        name: "note",
        type: { kind: "primitive", name: "string" },
        optional: true,
      },
      { name: "next", type: node, optional: true },
    ],
  } as never]]);
  const fetcherOf = () => {
    throw new Error("no fetchers here");
  };
  let chain: Record<string, unknown> = { label: "end", junk: 1 };
  for (let i = 0; i < MAX_PLAN_DEPTH * 3; i++) {
    chain = { label: `n${i}`, next: chain, junk: i };
  }
  const nulls = {
    shapes: true,
    statics: new Set(["Node"]),
    dynamics: new Set<string>(),
  };
  const cases: [boolean, ShapeContext][] = [
    [false, { fetcherOf, statics }],
    [true, { fetcherOf, statics, nulls }],
  ];
  for (const [withNulls, context] of cases) {
    const shaped: string = JSON.stringify(shapePlan(node, context)(chain));
    assert.equal(shaped, JSON.stringify(shapeValue(node, chain, context)));
    assert.ok(!shaped.includes("junk"));
    assert.equal(shaped.includes('"note":null'), withNulls);
  }
});

Deno.test("a client fetcher's answer has exactly its keys: direct, in arrays, in Page<T>, both modes", async () => {
  const [, model] = (await contexts())[0]!;
  const findBook = model.services.flatMap((s) => s.operations).find((o) =>
    o.path === "/dynamic/book/{id}"
  )!;
  const dynamicBook: TypeRef = { kind: "dynamic", entity: "Book" };
  const chosen = fetcher(Book).name().store(fetcher(BookStore).name());
  const book = {
    id: 9,
    name: "Notes",
    edition: 2,
    price: 1,
    store: undefined,
    authors: [],
  };
  for (const mode of ["undefined", "null"] as const) {
    const context: ShapeContext = {
      fetcherOf: () => {
        throw new Error("no constant fetcher here");
      },
      statics: new Map(model.staticTypes.map((s) => [s.name, s])),
      dynamics: new Map(model.dynamicEntities.map((d) => [d.entity, d])),
      nulls: nullTargets(model, mode),
    };
    const exact = mode === "null"
      ? { id: 9, name: "Notes", store: null }
      : { id: 9, name: "Notes" };
    const cases: [TypeRef, unknown, unknown][] = [
      [dynamicBook, book, exact],
      [{ kind: "array", element: dynamicBook }, [book, book], [exact, exact]],
      [
        { kind: "static", name: "Page", args: [dynamicBook] },
        { rows: [book], totalRowCount: 1, totalPageCount: 1 },
        { rows: [exact], totalRowCount: 1, totalPageCount: 1 },
      ],
    ];
    for (const [type, value, expected] of cases) {
      const result = shapedResult({
        ...findBook,
        result: { ...findBook.result, type },
      });
      assert.deepEqual(
        shapePlan(result, context)(value, chosen),
        expected,
        `${mode}: ${JSON.stringify(type)}`,
      );
      assert.deepEqual(
        shapeValue(result, value, { ...context, chosen }),
        expected,
      );
    }
  }
});
