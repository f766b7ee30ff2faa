import assert from "node:assert/strict";
import {
  checkerOf,
  classMembers,
  instanceMembers,
  isArrayType,
  isClassProperty,
  isNullableType,
  lineAndColumn,
  nameOf,
  staticMembers,
  ts,
  typeOf,
  useProgram,
} from "./compiler.ts";
import { SourceProject } from "./source_project.ts";

function parse(text: string, name = "/p/a.ts"): ts.SourceFile {
  return ts.createSourceFile(name, text, ts.ScriptTarget.ESNext, true);
}

function firstClass(file: ts.SourceFile): ts.ClassDeclaration {
  return file.statements.find(ts.isClassDeclaration)!;
}

Deno.test("compiler: lines count \\n, columns start after \\n or \\r", () => {
  const file = parse("a\r\nbc\nd\re");
  assert.deepEqual(lineAndColumn(file, 0), { line: 1, column: 1 });
  assert.deepEqual(lineAndColumn(file, 4), { line: 2, column: 2 });
  assert.deepEqual(lineAndColumn(file, 6), { line: 3, column: 1 });
  // A lone \r starts a column again but not a line (as ts-morph counts).
  assert.deepEqual(lineAndColumn(file, 7), { line: 3, column: 2 });
  assert.deepEqual(lineAndColumn(file, 8), { line: 3, column: 1 });
});

Deno.test("compiler: class members as ts-morph lists them", () => {
  const file = parse(`class A {
  static s = 1;
  "quoted" = 2;
  constructor(private p: string, q: number, readonly r: boolean) {}
  m(x: string): void;
  m(x: unknown): void {}
  get g() { return 1; }
  static n() {}
}`);
  const declaration = firstClass(file);
  const names = (members: readonly ts.Node[]) =>
    members.map((m) => nameOf(m) ?? ts.SyntaxKind[m.kind]);
  assert.deepEqual(names(classMembers(declaration)), [
    "s",
    '"quoted"',
    "Constructor",
    "p",
    "r",
    "m",
    "g",
    "n",
  ]);
  assert.deepEqual(names(instanceMembers(declaration)), [
    '"quoted"',
    "p",
    "r",
    "m",
    "g",
  ]);
  assert.deepEqual(names(staticMembers(declaration)), ["s", "n"]);
  assert.deepEqual(
    names(instanceMembers(declaration).filter(isClassProperty)),
    ['"quoted"', "p", "r", "g"],
  );
});

Deno.test("compiler: overload signatures stay in an ambient class", () => {
  const file = parse("declare class D { m(x: string): void; m(): void; }");
  assert.equal(classMembers(firstClass(file)).length, 2);
});

Deno.test("compiler: checkerOf answers for the files of the program in use", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/a.ts`;
  await Deno.writeTextFile(
    path,
    "export const list: ReadonlyArray<string> | null = null;",
  );
  const project = new SourceProject(dir, {
    strict: true,
    lib: ["lib.esnext.d.ts"],
  });
  project.add(path);
  const program = project.program();
  const file = program.getSourceFile(path)!;
  const declaration = (file.statements[0] as ts.VariableStatement)
    .declarationList.declarations[0]!;
  assert.throws(() => checkerOf(declaration), /no program for .*a\.ts/);
  useProgram(program);
  const type = typeOf(declaration.type!);
  assert.ok(isNullableType(type));
  assert.ok(isArrayType(type.getNonNullableType()));
  await Deno.remove(dir, { recursive: true });
});
