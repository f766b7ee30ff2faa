import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { ts } from "./compiler.ts";
import { loadProject } from "./project.ts";
import { symbolAtLocation } from "./scope_symbols.ts";
import { SourceProject } from "./source_project.ts";

/** Every identifier of `file`, in source order. */
function identifiers(file: ts.SourceFile): ts.Identifier[] {
  const found: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * Asks for the symbol of every identifier of `files` through the memory
 * (in source order, so that earlier uses are remembered first) and
 * directly; returns how many answers came from the memory.
 */
function assertSameSymbols(
  program: ts.Program,
  files: readonly ts.SourceFile[],
): number {
  const checker = program.getTypeChecker();
  let remembered = 0;
  for (const file of files) {
    const seen = new Set<string>();
    for (const id of identifiers(file)) {
      const direct = checker.getSymbolAtLocation(id);
      const got = symbolAtLocation(checker, id);
      const { line, character } = file.getLineAndCharacterOfPosition(
        id.getStart(file),
      );
      // Not assert.equal: a diff of two symbols would walk the program.
      assert.ok(
        got === direct,
        `${file.fileName}:${line + 1}:${character + 1} ${id.text}`,
      );
      const key = `${id.parent.kind} ${id.text}`;
      if (seen.has(key)) remembered++;
      seen.add(key);
    }
  }
  return remembered;
}

const SHADOWING = `import { Get } from "./decorators.ts";
import * as t from "./decorators.ts";

type Page<T> = { items: T[] };
export namespace Shapes {
  export type Page = string;
  export const Get = 2;
  export const inner: Page = Get.toString();
}

export class Plain {
  @Get() list(): Page<string> { return { items: [] }; }
  @t.Get() one(): t.Box<Page<number>> { return { value: { items: [] } }; }
}

export class Generic<Page> {
  @Get() list(page: Page): Page { return page; }
  static readonly made = Get();
}

export function shadowed<Page>(page: Page, Get: () => Page): Page {
  const local = Get();
  return local ?? page;
}

export const named = function Get(): unknown { return Get; };
export const kept = class Page { copy(): Page { return new Page(); } };

export class Fields {
  own = Get();
  constructor(Get: number) { console.log(Get); }
}

export type Query = typeof Shapes.Get;
export type Outer = Page<typeof Get>;

// One spelling, a local value or type here and a global one of the other kind.
const Intl = { x: 1 };
export type FromValue = typeof Intl.x;
export type FromNamespace = Intl.DateTimeFormat;
type Date = { local: true };
export const today: Date = { local: true };
export const stamp = Date();
`;

const DECORATORS =
  `export function Get(): (..._: unknown[]) => void { return () => {}; }
export interface Box<T> { value: T }
`;

Deno.test("symbolAtLocation: the checker's answer for every name, shadowed ones too", async () => {
  const dir = (await Deno.realPath(await Deno.makeTempDir()))
    .replaceAll("\\", "/");
  await Deno.writeTextFile(`${dir}/shadowing.ts`, SHADOWING);
  await Deno.writeTextFile(`${dir}/decorators.ts`, DECORATORS);
  const project = new SourceProject(dir, {
    strict: true,
    target: ts.ScriptTarget.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
    lib: ["lib.esnext.d.ts"],
  });
  project.add(`${dir}/shadowing.ts`);
  const program = project.program();
  const file = project.sourceFile(`${dir}/shadowing.ts`);
  assert.ok(assertSameSymbols(program, [file]) > 5);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("symbolAtLocation: the checker's answer for every name of the fixtures", async () => {
  for (const fixture of ["bookstore", "treeshop"]) {
    const loaded = await loadProject(
      fileURLToPath(new URL(`../../fixtures/${fixture}`, import.meta.url)),
    );
    const files = loaded.files.map((path) => loaded.project.sourceFile(path));
    assert.ok(assertSameSymbols(loaded.project.program(), files) > 100);
  }
});
