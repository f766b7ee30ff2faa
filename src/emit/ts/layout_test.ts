import assert from "node:assert/strict";
import {
  castReturn,
  executorReturn,
  fittedType,
  importTypeLine,
  promiseSignature,
  shapedQueryLines,
  splitGeneric,
} from "./layout.ts";
import { formatWithDprint } from "./format.ts";

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

Deno.test("layout: an overflowing type import gets one name a line", () => {
  assert.equal(
    importTypeLine(["A", "B"], '"./fetchers.ts"'),
    'import type { A, B } from "./fetchers.ts";\n',
  );
  const names = ["AnyFetcherOf", "AuthorFetcher", "BookFetcher", "Fetcher"];
  assert.equal(
    importTypeLine(names, '"./fetchers.ts"'),
    `import type {\n${
      names.map((n) => `  ${n},\n`).join("")
    }} from "./fetchers.ts";\n`,
  );
});

/** `text` until `deno fmt`'s formatter leaves it as it is. */
function formatted(text: string): string {
  for (let next = formatWithDprint("q.ts", text); next !== text;) {
    text = next;
    next = formatWithDprint("q.ts", text);
  }
  return text;
}

Deno.test("layout: a generic query is laid out as deno fmt lays it out, whatever its names' lengths", () => {
  // The query of queries.ts, in the file's own nesting, for service and
  // operation names of every length from short to far too long.
  const shapes = new Set<number>();
  let fallbacks = 0;
  for (let length = 1; length <= 40; length++) {
    const service = "s".repeat(length);
    const operation = `find${"o".repeat(length % 13)}`;
    const entity = length % 2 === 0 ? "Book" : "WarehouseStock";
    const send = `api.${service}.${operation}<F>`;
    const typeParameter =
      `F extends AnyFetcherOf<"${entity}"> = ${entity}Fetcher`;
    const options = `OptionsArgument<Parameters<typeof ${send}>[0]>`;
    const args = [`"${service}"`, `"${operation}"`, send];
    const lines = shapedQueryLines(
      "      ",
      operation,
      typeParameter,
      options,
      args,
    );
    const file = (body: string[]) =>
      `export function q(api: Api) {\n  return {\n    ${service}: {\n${
        body.join("\n")
      }\n    },\n  };\n}\n`;
    if (lines.some((line) => line.length > 80)) {
      fallbacks++;
      continue;
    }
    shapes.add(lines.length);
    // What the formatter makes of the one-line query (a fixed point).
    const oneLine =
      `      ${operation}: <${typeParameter}>(...options: ${options}) => query(${
        args.join(", ")
      })(...options),`;
    assert.equal(file(lines), formatted(file([oneLine])), `length ${length}`);
  }
  // Every layout was met: 3, 5, 6, 8, 10 and 12 lines, and some fell back.
  assert.ok(shapes.size >= 5, [...shapes].join(", "));
  assert.ok(fallbacks > 0);
});
