import assert from "node:assert/strict";
import {
  castReturn,
  executorReturn,
  fittedType,
  promiseSignature,
  splitGeneric,
} from "./layout.ts";

const DTO = 'Account0Dto["Resource0Controller/SUMMARY"]';
const OTHER = 'Account0Dto["Resource0Controller/WITH_LIST"]';

Deno.test("layout: a type that fits stays on its line", () => {
  assert.deepEqual(fittedType("  readonly a: ", "Page<X>", ";", "  "), [
    "  readonly a: Page<X>;",
  ]);
});

Deno.test("layout: an overflowing generic gets one argument a line", () => {
  assert.deepEqual(
    fittedType(
      "    readonly childNodes?: ",
      `ReadonlyArray<${DTO}>`,
      ";",
      "    ",
    ),
    [
      "    readonly childNodes?: ReadonlyArray<",
      `      ${DTO}`,
      "    >;",
    ],
  );
  assert.deepEqual(promiseSignature("  ", `Tuple2<${DTO}, ${OTHER}>`), [
    "  ): Promise<",
    "    Tuple2<",
    `      ${DTO},`,
    `      ${OTHER}`,
    "    >",
    "  > => {",
  ]);
});

Deno.test("layout: an overflowing map gets its member on a line", () => {
  const map =
    `{ readonly [key: string]: { readonly [key: string]: ReadonlyArray<${DTO}> } }`;
  assert.deepEqual(
    executorReturn("    ", "this.#executor", ["uri", 'method: "GET"'], map),
    [
      '    return (await this.#executor({ uri, method: "GET" })) as {',
      "      readonly [key: string]: {",
      "        readonly [key: string]: ReadonlyArray<",
      `          ${DTO}`,
      "        >;",
      "      };",
      "    };",
    ],
  );
});

Deno.test("layout: the executor's object breaks when the type cannot", () => {
  assert.deepEqual(
    executorReturn(
      "    ",
      "this.#executor",
      ["uri", 'method: "PUT"', "body: options.body"],
      DTO,
    ),
    [
      "    return (await this.#executor({",
      "      uri,",
      '      method: "PUT",',
      "      body: options.body,",
      `    })) as ${DTO};`,
    ],
  );
});

Deno.test("layout: an indexed access breaks at its key when its name fits", () => {
  assert.deepEqual(
    executorReturn(
      "    ",
      "this.#executor",
      ["uri", 'method: "POST"'],
      'BookDto["BookController/SIMPLE_FETCHER"]',
    ),
    [
      '    return (await this.#executor({ uri, method: "POST" })) as BookDto[',
      '      "BookController/SIMPLE_FETCHER"',
      "    ];",
    ],
  );
});

Deno.test("layout: a nullable result is cast as a union a member a line", () => {
  assert.deepEqual(
    castReturn("    ", "(result ?? undefined)", [DTO, "undefined"]),
    [
      "    return (result ?? undefined) as",
      `      | ${DTO}`,
      "      | undefined;",
    ],
  );
});

Deno.test("layout: an overflowing union gets a member a line", () => {
  assert.deepEqual(
    fittedType("  readonly a: ", `${DTO} | ${OTHER}`, ";", "  "),
    [
      "  readonly a:",
      `    | ${DTO}`,
      `    | ${OTHER};`,
    ],
  );
  // A member that still overflows breaks below its bar, as deno fmt does.
  const long = `ReadonlyArray<${
    DTO.replace("SUMMARY", "WITH_A_RATHER_LONGER_NAME")
  }>`;
  assert.deepEqual(fittedType("  readonly a: ", `${long} | null`, ";", "  "), [
    "  readonly a:",
    "    | ReadonlyArray<",
    `      ${DTO.replace("SUMMARY", "WITH_A_RATHER_LONGER_NAME")}`,
    "    >",
    "    | null;",
  ]);
});

Deno.test("layout: what it is unsure of stays one long line", () => {
  for (const member of [`{ readonly a: ${DTO} }`, `${DTO} & ${OTHER}`]) {
    const union = `${member} | ${OTHER}`;
    assert.deepEqual(fittedType("  readonly a: ", union, ";", "  "), [
      `  readonly a: ${union};`,
    ]);
  }
  const inline = `{ readonly a: ${DTO}; readonly b: ${OTHER} }`;
  assert.deepEqual(promiseSignature("  ", inline), [
    `  ): Promise<${inline}> => {`,
  ]);
  assert.equal(splitGeneric("Page<A | B>"), undefined);
  assert.deepEqual(splitGeneric('Tuple2<X["a,b"], Y>'), {
    name: "Tuple2",
    args: ['X["a,b"]', "Y"],
  });
});
