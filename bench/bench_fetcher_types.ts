/**
 * What the generated fetcher builder costs the type checker: tsc's
 * `--extendedDiagnostics` instantiation count of a program building 200
 * distinct fetchers (and reading their `ShapeOf`), minus that of the same
 * program building none, per fetcher; and whether a fetcher nested as deep
 * as the text form allows (`compileFetcher`'s 16 levels) checks without
 * TS2589. A count, not a timing: it is the same on any machine.
 *
 *   deno run -A --lock=dev.lock bench/bench_fetcher_types.ts
 *
 * @module
 */

import { modelOf } from "../src/testing/analyze_source.ts";
import { emitTypeScript } from "../src/emit/ts/emit_typescript.ts";
import type { ApiModel, TypeRef } from "../src/model/api_model.ts";
import { serverProjectSource } from "../src/emit/ts/testdata/fetcher_project.ts";
import {
  createWorkspace,
  deno,
  TSC,
  TSC_FLAGS,
} from "../src/emit/ts/testdata/tools.ts";
import { mulberry32 } from "../src/testing/random.ts";

/** Fetchers in the measured program. */
export const FETCHER_COUNT = 200;

/** Nesting levels of the deep fetcher: the text form's `maxDepth`. */
export const DEEP_LEVELS = 16;

/** What {@link measureFetcherTypes} finds. */
export interface FetcherTypesResult {
  /**
   * Type instantiations per builder fetcher, built and its `ShapeOf` read
   * (a property of it), 200 against none.
   */
  readonly instantiationsPerFetcher: number;
  /** The same for building the fetchers alone (`const f = fetcher(...)...`). */
  readonly instantiationsPerBuiltFetcher: number;
  /** Selector calls per measured fetcher, on average (how heavy they are). */
  readonly callsPerFetcher: number;
  /** Whether a fetcher nested {@link DEEP_LEVELS} deep checks without TS2589. */
  readonly deepNestingChecks: boolean;
}

/** A property of an entity as the generator sees it. */
interface Prop {
  readonly name: string;
  readonly kind: "scalar" | "one" | "many" | "embedded";
  readonly target?: string;
}

function propsOf(model: ApiModel): Map<string, Prop[]> {
  const kindOf = (type: TypeRef): Prop => {
    if (type.kind === "dynamic") {
      return { name: "", kind: "one", target: type.entity };
    }
    if (type.kind === "array" && type.element.kind === "dynamic") {
      return { name: "", kind: "many", target: type.element.entity };
    }
    if (type.kind === "static") return { name: "", kind: "embedded" };
    return { name: "", kind: "scalar" };
  };
  return new Map(model.dynamicEntities.map((entity) => [
    entity.entity,
    entity.properties.filter((p) => p.name !== "id").map((p) => ({
      ...kindOf(p.type),
      name: p.name,
    })),
  ]));
}

/** `count` distinct random fetcher expressions over the model's entities. */
export function randomFetchers(model: ApiModel, count: number): string[] {
  const props = propsOf(model);
  const random = mulberry32(200);
  const entities = [...props.keys()];
  const build = (entity: string, depth: number): string => {
    let text = `fetcher(${entity})`;
    if (random() < 0.2) text += ".allScalarFields()";
    for (const prop of props.get(entity) ?? []) {
      if (random() < 0.5) continue;
      if (prop.kind === "scalar") text += `.${prop.name}()`;
      else if (prop.kind === "embedded") text += `.${prop.name}()`;
      else if (depth >= 2 || random() < 0.3) text += `.${prop.name}()`;
      else {
        const child = build(prop.target!, depth + 1);
        text += prop.kind === "many" && random() < 0.4
          ? `.${prop.name}(${child}, { limit: ${
            1 + Math.floor(random() * 3)
          } })`
          : `.${prop.name}(${child})`;
      }
    }
    return text;
  };
  const found = new Set<string>();
  while (found.size < count) {
    found.add(build(entities[Math.floor(random() * entities.length)]!, 0));
  }
  return [...found];
}

/** A fetcher of Book nested `levels` deep through store and books. */
export function deepFetcher(levels: number): string {
  let text = "fetcher(Book).name()";
  for (let level = 1; level < levels; level++) {
    text = level % 2 === 1
      ? `fetcher(BookStore).name().books(${text})`
      : `fetcher(Book).name().store(${text})`;
  }
  return text;
}

function program(fetchers: readonly string[], read = true): string {
  return [
    "import {",
    "  Author, Book, BookStore, fetcher, Product, type ShapeOf, TreeNode,",
    "  Warehouse,",
    '} from "./client/fetchers.ts";',
    "",
    "declare function use<F>(fetcher: F): ShapeOf<F>;",
    ...fetchers.map((f, i) =>
      read ? `export const s${i} = use(${f}).id;` : `export const f${i} = ${f};`
    ),
    "void [Author, Book, BookStore, fetcher, Product, TreeNode, Warehouse];",
    "",
  ].join("\n");
}

/** tsc's instantiation count of `file`, or its errors. */
async function instantiations(dir: string, file: string): Promise<number> {
  const result = await deno([
    "run",
    "-A",
    TSC,
    ...TSC_FLAGS,
    "--extendedDiagnostics",
    file,
  ], dir);
  const count = /Instantiations:\s+(\d+)/.exec(result.output);
  if (result.code !== 0 || count === null) {
    throw new Error(`tsc ${file} failed:\n${result.output}`);
  }
  return Number(count[1]);
}

/** Measures the builder of the catalogue project's client. */
export async function measureFetcherTypes(): Promise<FetcherTypesResult> {
  const model = await modelOf(serverProjectSource());
  const workspace = await createWorkspace(emitTypeScript(model));
  try {
    const dir = workspace.dir;
    const fetchers = randomFetchers(model, FETCHER_COUNT);
    await Deno.writeTextFile(`${dir}/none.ts`, program([]));
    await Deno.writeTextFile(`${dir}/many.ts`, program(fetchers));
    await Deno.writeTextFile(`${dir}/built.ts`, program(fetchers, false));
    await Deno.writeTextFile(
      `${dir}/deep.ts`,
      program([deepFetcher(DEEP_LEVELS)]),
    );
    const none = await instantiations(dir, "none.ts");
    const many = await instantiations(dir, "many.ts");
    const built = await instantiations(dir, "built.ts");
    const calls = fetchers.map((f) =>
      (f.match(/(\.\w+|fetcher)\(/g) ?? []).length
    );
    const deep = await deno(["run", "-A", TSC, ...TSC_FLAGS, "deep.ts"], dir);
    return {
      instantiationsPerFetcher: Math.round((many - none) / FETCHER_COUNT),
      instantiationsPerBuiltFetcher: Math.round(
        (built - none) / FETCHER_COUNT,
      ),
      callsPerFetcher: Math.round(
        calls.reduce((a, b) => a + b, 0) / FETCHER_COUNT * 10,
      ) / 10,
      deepNestingChecks: deep.code === 0 && !deep.output.includes("TS2589"),
    };
  } finally {
    await workspace.dispose();
  }
}

if (import.meta.main) {
  console.log(JSON.stringify(await measureFetcherTypes(), null, 2));
}
