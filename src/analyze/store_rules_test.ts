import assert from "node:assert/strict";
import { parseSortCode } from "../store/sort_code.ts";
import type { EntityMetadata } from "../runtime/entity.ts";
import type { ParameterModel, TypeRef } from "../model/api_model.ts";
import { sortCodePattern, withStoreParameterRules } from "./store_rules.ts";
import { mulberry32 } from "../testing/random.ts";

const PROPERTIES = ["id", "name", "edition", "price"];

/** Just what parseSortCode reads: the kind of each property. */
const BOOK = {
  name: "Book",
  properties: new Map([
    ...PROPERTIES.map((name) => [name, { name, kind: "scalar" }] as const),
    ["store", { name: "store", kind: "association" }],
  ]),
} as unknown as EntityMetadata;

function accepted(code: string): boolean {
  try {
    parseSortCode(BOOK, code);
    return true;
  } catch {
    return false;
  }
}

Deno.test("sortCodePattern admits exactly the codes the store accepts (spaces as white space)", () => {
  const pattern = new RegExp(sortCodePattern(PROPERTIES), "u");
  const pieces = [
    "name",
    "edition",
    "price",
    "id",
    "store",
    "nom",
    "asc",
    "DESC",
    "Asc",
    "up",
    " ",
    "  ",
    ",",
    ", ",
    "",
    "name desc",
    "price ASC",
  ];
  const random = mulberry32(37);
  for (let i = 0; i < 3000; i++) {
    const length = Math.floor(random() * 6);
    const code = Array.from(
      { length },
      () => pieces[Math.floor(random() * pieces.length)],
    ).join(random() < 0.5 ? " " : "");
    assert.equal(pattern.test(code), accepted(code), JSON.stringify(code));
  }
  for (const code of ["name asc, edition desc", "", " , ", "id"]) {
    assert.ok(pattern.test(code), code);
  }
  for (const code of ["store asc", "name up", "name asc desc", "name\tasc"]) {
    assert.ok(!pattern.test(code), code);
  }
});

const int: TypeRef = { kind: "primitive", name: "integer" };
const str: TypeRef = { kind: "primitive", name: "string" };
const query = (name: string, type: TypeRef, extra = {}): ParameterModel => ({
  name,
  in: "query",
  wireName: name,
  type,
  required: false,
  ...extra,
});

Deno.test("a page's store arguments get the store's rules; the author's are kept", () => {
  const page: TypeRef = {
    kind: "static",
    name: "Page",
    args: [{ kind: "fetched", entity: "Book", key: "B/F" }],
  };
  const [index, size, sort] = withStoreParameterRules(
    [
      query("pageIndex", int),
      query("pageSize", int, { constraints: { minimum: 2, maximum: 100 } }),
      query("sortCode", str),
    ],
    page,
    () => PROPERTIES,
  );
  assert.deepEqual(index!.constraints, {
    minimum: 0,
    maximum: Math.floor(Number.MAX_SAFE_INTEGER / 100),
  });
  assert.deepEqual(size!.constraints, { minimum: 2, maximum: 100 });
  assert.equal(sort!.constraints?.pattern, sortCodePattern(PROPERTIES));
  // Not a page: nothing is added.
  const plain = withStoreParameterRules(
    [query("pageIndex", int)],
    int,
    () => [],
  );
  assert.equal(plain[0]!.constraints, undefined);
  const dynamic = withStoreParameterRules(
    [query("fetcherCode", str)],
    { kind: "dynamic", entity: "Book" },
    () => [],
  );
  assert.deepEqual(dynamic[0]!.constraints, { minLength: 1 });
});
