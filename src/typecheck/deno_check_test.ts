import assert from "node:assert/strict";
import {
  denoCheck,
  parseDenoCheckOutput,
  typeErrorHint,
} from "./deno_check.ts";

const FIXTURES = new URL("../../fixtures/", import.meta.url).pathname;

Deno.test("deno check: a method returning another fetcher's shape is a type error", async () => {
  const diagnostics = await denoCheck(
    `${FIXTURES}type_errors/inconsistent_shape`,
    ["controller.ts"],
  );
  assert.equal(diagnostics.length, 1);
  const [error] = diagnostics;
  assert.equal(error?.code, "TAILOR018");
  assert.equal(error?.file, "controller.ts");
  assert.equal(error?.line, 39);
  assert.equal(error?.column, 5);
  assert.match(
    error?.message ?? "",
    /^type error TS2741: Property 'price' is missing/,
  );
  assert.match(error?.hint ?? "", /FetchBy shape and the data it returns/);
});

Deno.test("deno check: the hint talks about FetchBy only in a method that promises a shape", () => {
  const text = [
    "export class C {", // 1
    '  @Get("/a")', // 2
    "  find(): FetchBy<typeof C.A> {", // 3
    "    const x: number = 1;", // 4
    "    return load(x);", // 5
    "  }", // 6
    '  @Get("/b")', // 7
    "  count(", // 8
    "    id: PathVariable<Int>,", // 9
    "  ): Promise<number> {", // 10
    '    return "one";', // 11
    "  }", // 12
    "}", // 13
    'const y: number = "a";', // 14
  ].join("\n");
  assert.match(typeErrorHint(text, 5), /FetchBy shape/);
  assert.equal(
    typeErrorHint(text, 11),
    "the project must type-check (run deno check)",
  );
  assert.doesNotMatch(typeErrorHint(text, 14), /FetchBy/);
  assert.doesNotMatch(typeErrorHint(undefined, 5), /FetchBy/);
});

Deno.test("deno check: a consistent project has no diagnostics", async () => {
  const files = ["app.ts", "book_controller.ts", "author_controller.ts"];
  assert.deepEqual(await denoCheck(`${FIXTURES}bookstore`, files), []);
});

Deno.test("deno check output: each error block gives one diagnostic", () => {
  const output = [
    "TS2322 [ERROR]: Type 'string' is not assignable to type 'number'.",
    '  const x: number = "a";',
    "        ^",
    "    at file:///p/src/a.ts:3:9",
    "",
    "TS2304 [ERROR]: Cannot find name 'y'.",
    "  Related detail line",
    "    at file:///p/b.ts:10:1",
    "",
    "Found 2 errors.",
  ].join("\n");
  assert.deepEqual(
    parseDenoCheckOutput(output, "/p").map((
      d,
    ) => [d.file, d.line, d.column, d.message]),
    [
      [
        "src/a.ts",
        3,
        9,
        "type error TS2322: Type 'string' is not assignable to type 'number'.",
      ],
      ["b.ts", 10, 1, "type error TS2304: Cannot find name 'y'."],
    ],
  );
});
