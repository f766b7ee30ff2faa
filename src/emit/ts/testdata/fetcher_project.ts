/**
 * The catalogue's fetchers (`fetcher_catalog.ts`) written both ways: as
 * `FetchBy` constants of a server project, whose DTOs Tailor emits, with one
 * `ClientFetcher<E>` operation per entity; and as the same expressions over
 * the generated client's builder, with type checks that each shape equals
 * its DTO and that each wrong use fails.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { FETCHER_CATALOG, WRONG_USES } from "./fetcher_catalog.ts";

const path = (relative: string) =>
  JSON.stringify(fileURLToPath(new URL(relative, import.meta.url)));

/** The entities the catalogue uses, each with its operation's name. */
export const CATALOG_ENTITIES: readonly (readonly [string, string])[] = [
  ["Book", "book"],
  ["BookStore", "bookStore"],
  ["Author", "author"],
  ["TreeNode", "treeNode"],
  ["Product", "product"],
  ["Warehouse", "warehouse"],
];

/** The server project: `app.ts`, importing this checkout's runtime and fixtures. */
export function serverProjectSource(): string {
  const lines = [
    "import {",
    "  type ClientFetcher, Controller, embeddable, EnableImplicitApi,",
    "  type FetchBy, fetcher, Get, type Int, type PathVariable,",
    `} from ${path("../../../../runtime.ts")};`,
    `import { Author, Book, BookStore } from ${
      path("../../../../fixtures/bookstore/entities.ts")
    };`,
    `import { Product, TreeNode } from ${
      path("../../../../fixtures/treeshop/entities.ts")
    };`,
    `import { Address, GeoPoint, Warehouse } from ${
      path("../../../../fixtures/treeshop/warehouses.ts")
    };`,
    "",
    "export class Shapes {",
    ...FETCHER_CATALOG.map((f) => `  static readonly ${f.name} = ${f.source};`),
    "}",
    "",
    "export interface AllShapes {",
    ...FETCHER_CATALOG.map((f) =>
      `  readonly ${f.name.toLowerCase()}: FetchBy<typeof Shapes.${f.name}>;`
    ),
    "}",
    "",
    "@EnableImplicitApi()",
    '@Controller("/shapes")',
    "export class ShapesController {",
    '  @Get("/all") all(): AllShapes { throw 0; }',
    ...CATALOG_ENTITIES.map(([entity, operation]) =>
      `  @Get("/${operation}/{id}") ${operation}(id: PathVariable<Int>, fetcher: ClientFetcher<${entity}>): Promise<${entity} | undefined> { throw [id, fetcher]; }`
    ),
    "}",
    "",
    "void [embeddable, Address, GeoPoint];",
  ];
  return lines.join("\n") + "\n";
}

/** The client program: equal shapes, then every wrong use expected to fail. */
export function clientCheckSource(): string {
  const lines = [
    "import {",
    "  Address, Author, Book, BookStore, embeddable, fetcher, GeoPoint,",
    "  Product, type ShapeOf, TreeNode, Warehouse,",
    '} from "./client/fetchers.ts";',
    'import type { Api } from "./client/Api.ts";',
    "import type {",
    "  AuthorDto, BookDto, BookStoreDto, ProductDto, TreeNodeDto, WarehouseDto,",
    '} from "./client/model/dto/index.ts";',
    'import type { Assert, Equals } from "./type_assertions.ts";',
    "",
    "declare function s<F>(fetcher: F): ShapeOf<F>;",
    "declare function check<T>(value: T): void;",
    "declare const api: Api;",
    "",
    ...FETCHER_CATALOG.map((f) => `const ${f.name} = ${f.source};`),
    "",
    "export type Checks = [",
    ...FETCHER_CATALOG.map((f) =>
      `  Assert<Equals<ShapeOf<typeof ${f.name}>, ${f.entity}Dto["Shapes/${f.name}"]>>,`
    ),
    "];",
    "",
    "export async function wrongUses(): Promise<void> {",
    ...WRONG_USES.flatMap((use) => [
      "  // @ts-expect-error a wrong use",
      `  ${use};`,
    ]),
    "}",
    "",
    `void [${FETCHER_CATALOG.map((f) => f.name).join(", ")}];`,
  ];
  return lines.join("\n") + "\n";
}

/** The tokens each entity's fetchers of the catalogue use. */
const TOKENS: Readonly<Record<string, readonly string[]>> = {
  Book: ["Author", "Book", "BookStore"],
  BookStore: ["Author", "Book", "BookStore"],
  Author: ["Author", "Book", "BookStore"],
  TreeNode: ["TreeNode"],
  Product: ["Product", "TreeNode"],
  Warehouse: ["Address", "GeoPoint", "Warehouse", "embeddable"],
};

/**
 * A module exporting the catalogue's fetchers of `entities` (all by
 * default) built with the client's builder at `./client/fetchers.ts`.
 */
export function clientFetchersSource(
  entities: readonly string[] = CATALOG_ENTITIES.map(([entity]) => entity),
): string {
  const tokens = [
    ...new Set(["fetcher", ...entities.flatMap((e) => TOKENS[e] ?? [])]),
  ].sort();
  return [
    `import { ${tokens.join(", ")} } from "./client/fetchers.ts";`,
    "",
    "export const CATALOG = {",
    ...FETCHER_CATALOG.filter((f) => entities.includes(f.entity)).map((f) =>
      `  ${f.name}: ${f.source},`
    ),
    "};",
    "",
    `void [${tokens.join(", ")}];`,
  ].join("\n") + "\n";
}
