/**
 * Writes a representative synthetic server project of N endpoints, for the
 * benchmark: entities grow with controllers (one per 3 controllers, 5-15
 * scalars, associations of every kind, a self-association per 10 entities),
 * distinct fetchers per controller nested 1-3 levels, recursive fetchers,
 * hybrid types, enums, `Page` / `Tuple2` / nested `Record` results, path,
 * query, header and body parameters, doc comments, groups, and ordinary
 * non-API code (services, helpers) the analyzer must skip, spread over
 * nested folders.
 *
 *   deno run -A src/testing/synthetic_project.ts --endpoints 1000 --out DIR
 *
 * @module
 */

import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import {
  chainEntities,
  chainFetcher,
  entityFile,
  entityName,
  entitySource,
  enumsFile,
  enumsSource,
  fromDomainFile,
  listFetcher,
  moduleOf,
  treeFetcher,
} from "./synthetic_entities.ts";

const MOD = fileURLToPath(new URL("../../runtime.ts", import.meta.url));
const DENO_JSON = fileURLToPath(new URL("../../deno.json", import.meta.url));

/** Operations of a full controller (the last one may have fewer). */
export const ROUTES_PER_CONTROLLER = 10;

/** Controllers per entity. */
const CONTROLLERS_PER_ENTITY = 3;

/** How many controllers and entities a synthetic project has. */
export interface ProjectSize {
  readonly controllers: number;
  readonly entities: number;
}

/**
 * The shape of a synthetic project of `endpoints` operations: one entity
 * per 3 controllers, at least 3 so that small projects have every kind of
 * association.
 */
export function projectSize(endpoints: number): ProjectSize {
  const controllers = Math.ceil(endpoints / ROUTES_PER_CONTROLLER);
  return {
    controllers,
    entities: Math.max(3, Math.ceil(controllers / CONTROLLERS_PER_ENTITY)),
  };
}

/** The main entity of controller `j`: entities spread evenly. */
function entityOf(j: number, size: ProjectSize): number {
  return Math.floor(j * size.entities / size.controllers);
}

/** Path of controller `j`'s file, relative to the project root. */
export function controllerFile(j: number, size: ProjectSize): string {
  return `domain/m${
    moduleOf(entityOf(j, size))
  }/controllers/resource${j}_controller.ts`;
}

/**
 * Where a one-controller edit shows: a doc comment of controller 0 (and a
 * query parameter's name, `codeAnchor`, for an edit of code) and the
 * generated TypeScript service carrying it (under the `ts/` of `--target
 * all`).
 */
export function editTarget(endpoints: number): {
  readonly controller: string;
  readonly anchor: string;
  readonly codeAnchor: string;
  readonly generated: string;
} {
  const size = projectSize(endpoints);
  return {
    controller: controllerFile(0, size),
    anchor: `Lists ${entityName(entityOf(0, size))}s, one page at a time.`,
    codeAnchor: "sortCode",
    generated: "ts/services/Resource0Service.ts",
  };
}

/** One route of controller `j`: decorators, signature and body lines. */
function route(j: number, r: number, e: number): string[] {
  const c = `Resource${j}Controller`;
  const k = moduleOf(e);
  const n = entityName(e);
  const body = (what: string) => [
    `    return Promise.reject(notImplemented(${what}));`,
    "  }",
  ];
  switch (r) {
    case 0:
      return [
        `  /**`,
        `   * Lists ${n}s, one page at a time.`,
        `   *`,
        `   * @param pageIndex Index of the page, from 0.`,
        `   * @param pageSize Rows on a page.`,
        `   * @param sortCode Comma-separated \`<field> <asc|desc>\` pairs.`,
        `   */`,
        `  @Get()`,
        `  list(`,
        `    pageIndex: RequestParam<Int> = 0,`,
        `    pageSize: RequestParam<Int> = 20,`,
        `    sortCode: RequestParam<string> = "name asc",`,
        `  ): Promise<Page<FetchBy<typeof ${c}.SUMMARY>>> {`,
        ...body("`list ${pageIndex} ${pageSize} ${sortCode}`"),
      ];
    case 1:
      return [
        `  /**`,
        `   * One ${n} with what it belongs to.`,
        `   *`,
        `   * @param id Identifier of the ${n}.`,
        `   */`,
        `  @Get("/{id}")`,
        `  find(id: PathVariable<Int>): Promise<`,
        `    FetchBy<typeof ${c}.DETAIL> | undefined`,
        `  > {`,
        ...body("`find ${id}`"),
      ];
    case 2:
      return [
        `  /**`,
        `   * Creates a ${n}.`,
        `   *`,
        `   * @param input What to create.`,
        `   * @param requestId Client's idempotency key.`,
        `   */`,
        `  @Post()`,
        `  create(`,
        `    input: RequestBody<Resource${j}Input>,`,
        `    requestId: RequestHeader<string, "x-request-id">,`,
        `  ): Promise<FetchBy<"SUMMARY">> {`,
        ...body("`create ${input.name} ${requestId}`"),
      ];
    case 3:
      return [
        `  /** Replaces a ${n}. */`,
        `  @Put("/{id}")`,
        `  update(`,
        `    id: PathVariable<Int>,`,
        `    input: RequestBody<Resource${j}Input>,`,
        `  ): Promise<FetchBy<"DETAIL", typeof ${c}>> {`,
        ...body("`update ${id} ${input.name}`"),
      ];
    case 4:
      return [
        `  /** The subtree below a node. */`,
        `  @Get("/{id}/tree")`,
        `  tree(id: PathVariable<Int>): Promise<`,
        `    FetchBy<typeof ${c}.TREE> | undefined`,
        `  > {`,
        ...body("`tree ${id}`"),
      ];
    case 5:
      return [
        `  /** A ${n} beside its list view. */`,
        `  @Get("/pairs/{id}")`,
        `  pair(id: PathVariable<Int>): Promise<`,
        `    Tuple2<FetchBy<typeof ${c}.SUMMARY>, FetchBy<typeof ${c}.WITH_LIST>>`,
        `  > {`,
        ...body("`pair ${id}`"),
      ];
    case 6:
      return [
        `  /** ${n}s by kind, then by code. */`,
        `  @Get("/index")`,
        `  index(): Promise<`,
        `    Record<string, Record<string, FetchBy<typeof ${c}.SUMMARY>[]>>`,
        `  > {`,
        ...body(`"index"`),
      ];
    case 7:
      return [
        `  /** A report over ${n}s and their tree. */`,
        `  @Get("/report")`,
        `  report(): Promise<Report${j}> {`,
        ...body(`"report"`),
      ];
    case 8:
      return [
        `  /** Deletes a ${n}; answers how many rows went. */`,
        ...(j % 4 === 0 ? [`  @Api("admin")`] : []),
        `  @Delete("/{id}")`,
        `  remove(id: PathVariable<Int>): Promise<Int> {`,
        ...body("`remove ${id}`"),
      ];
    default:
      return [
        `  /**`,
        `   * Searches ${n}s.`,
        `   *`,
        `   * @param q Text to look for.`,
        `   * @param status Only those in this status.`,
        `   */`,
        `  @Get("/search")`,
        `  search(`,
        `    q: RequestParam<string>,`,
        `    status?: Status${k},`,
        `    codes?: string[],`,
        `    limit: RequestParam<Int> = 50,`,
        `  ): Promise<FetchBy<typeof ${c}.WITH_LIST>[]> {`,
        ...body("`search ${q} ${status} ${codes} ${limit}`"),
      ];
  }
}

/** The source of controller `j` with `routes` operations. */
function controllerSource(
  j: number,
  routes: number,
  size: ProjectSize,
  mod: string,
): string {
  const e = entityOf(j, size);
  const k = moduleOf(e);
  const t = Math.floor(e / 10) * 10;
  const depth = 1 + j % 3;
  const list = listFetcher(e, size.entities);
  const named = new Set([...chainEntities(e, depth), ...list.entities, t]);
  const imports = [...named].sort((a, b) => a - b).map((i) =>
    `import { ${entityName(i)} } from "${fromDomainFile(entityFile(i))}";`
  );
  const c = `Resource${j}Controller`;
  const grouped = j % 4 === 0;
  return [
    "import {",
    `  ${
      grouped ? "Api, " : ""
    }Controller, Delete, type FetchBy, fetcher, Get, type Int,`,
    "  type Page, type PathVariable, Post, Put, type RequestBody,",
    "  type RequestHeader, type RequestParam, type Tuple2,",
    `} from "${mod}";`,
    `import type { Kind${k}, Status${k} } from "${
      fromDomainFile(enumsFile(k))
    }";`,
    `import { notImplemented } from "../../../shared/errors.ts";`,
    ...imports,
    "",
    `/** What a client sends to create or replace a ${entityName(e)}. */`,
    `export interface Resource${j}Input {`,
    "  /** Display name. */",
    "  readonly name: string;",
    `  readonly status?: Status${k};`,
    `  readonly kind: Kind${k};`,
    "  readonly amount: number;",
    "  readonly tags: readonly string[];",
    "}",
    "",
    `/** A report: rows and the tree they hang in (a hybrid type). */`,
    `export class Report${j} {`,
    `  static readonly ROW = ${chainFetcher(e, 0, 1)};`,
    `  static readonly NODE = ${treeFetcher(t, 3)};`,
    "  /** The rows. */",
    `  rows!: FetchBy<typeof Report${j}.ROW>[];`,
    `  tree!: FetchBy<typeof Report${j}.NODE> | null;`,
    "  total!: Int;",
    "}",
    "",
    `/** ${entityName(e)} resource ${j}. */`,
    ...(grouped ? [`@Api(["shop", "admin"])`] : []),
    `@Controller("/m${k}/r${j}")`,
    `export class ${c} {`,
    "  /** The listing shape. */",
    `  static readonly SUMMARY = ${chainFetcher(e, 0, j)};`,
    `  /** The detail shape, nested ${depth} level(s). */`,
    `  static readonly DETAIL = ${chainFetcher(e, depth, j + 1)};`,
    `  static readonly WITH_LIST = ${list.text};`,
    "  /** A whole subtree. */",
    `  static readonly TREE = ${treeFetcher(t)};`,
    "",
    ...Array.from(
      { length: routes },
      (_, r) => [...route(j, r, e), ""],
    ).flat(),
  ].join("\n").trimEnd() + "\n}\n";
}

/** Ordinary code of module `k` that is no API: the analyzer must skip it. */
function serviceSource(k: number, entity: number): string {
  const n = entityName(entity);
  return `import type { ${n} } from "${fromDomainFile(entityFile(entity))}";
import { slug } from "../../../shared/text.ts";

/** Business rules of module ${k}; not an API. */
export class Module${k}Service {
  /** Sums the amounts of the given rows. */
  total(rows: readonly ${n}[]): number {
    return rows.reduce((sum, row) => sum + row.amount, 0);
  }

  /** A stable key of a row. */
  key(row: ${n}): string {
    return slug(\`\${row.code}-\${row.id}\`);
  }
}
`;
}

const SHARED: Readonly<Record<string, string>> = {
  "shared/errors.ts": `/** The error a stub handler answers with. */
export function notImplemented(what: string): Error {
  return new Error(\`not implemented: \${what}\`);
}
`,
  "shared/text.ts":
    `/** Lower case, dashes for anything else than letters and digits. */
export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
`,
};

/** The project's files (paths relative to its root) for `endpoints`. */
export function syntheticProject(
  endpoints: number,
  mod: string = MOD,
  importMap: Readonly<Record<string, string>> = {},
): Map<string, string> {
  const size = projectSize(endpoints);
  const { controllers, entities } = size;
  const files = new Map<string, string>(Object.entries(SHARED));
  files.set(
    "deno.json",
    JSON.stringify(
      {
        imports: importMap,
        compilerOptions: {
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
        },
      },
      null,
      2,
    ) + "\n",
  );
  files.set("orm.yml", ORM_YML);
  files.set(
    "app.ts",
    `import { EnableImplicitApi } from "${mod}";\n\n` +
      `/** The synthetic application. */\n@EnableImplicitApi()\nexport class App {}\n`,
  );
  for (let i = 0; i < entities; i++) {
    files.set(entityFile(i), entitySource(i, entities, mod));
  }
  for (let k = 0; k <= moduleOf(entities - 1); k++) {
    files.set(enumsFile(k), enumsSource(k));
    files.set(
      `domain/m${k}/services/module${k}_service.ts`,
      serviceSource(k, k * 3),
    );
  }
  for (let j = 0; j < controllers; j++) {
    const routes = Math.min(
      ROUTES_PER_CONTROLLER,
      endpoints - j * ROUTES_PER_CONTROLLER,
    );
    files.set(
      controllerFile(j, size),
      controllerSource(j, routes, size, mod),
    );
  }
  return files;
}

const ORM_YML = `orm:
  client:
    ts:
      path: /ts.zip
    java-http-client:
      path: /java-http-client.zip
      base-package: com.example.synthetic.client
    openapi:
      path: /openapi.yml
      ui-path: /openapi.html
      properties:
        info:
          title: Synthetic API
          version: 1.0.0
`;

/**
 * Writes the project of `endpoints` operations into `dir` (created when
 * missing). Its `deno.json` carries this repository's import map, so that
 * `runtime.ts` resolves its own dependencies when the project is checked.
 */
export async function writeSyntheticProject(
  dir: string,
  endpoints: number,
): Promise<void> {
  const { imports = {} } = JSON.parse(await Deno.readTextFile(DENO_JSON));
  for (const [path, text] of syntheticProject(endpoints, MOD, imports)) {
    const full = `${dir}/${path}`;
    await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(full, text);
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      endpoints: { type: "string", default: "1000" },
      out: { type: "string" },
    },
  });
  const endpoints = Number(values.endpoints);
  if (!Number.isInteger(endpoints) || endpoints < 1 || !values.out) {
    console.error(
      "usage: synthetic_project.ts --endpoints N --out DIR (N >= 1)",
    );
    Deno.exit(2);
  }
  await writeSyntheticProject(values.out, endpoints);
  const { controllers, entities } = projectSize(endpoints);
  console.log(
    `wrote ${endpoints} endpoints (${controllers} controllers, ${entities} entities) to ${values.out}`,
  );
}
