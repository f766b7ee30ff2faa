import assert from "node:assert/strict";
import { ts } from "./compiler.ts";
import { SourceProject } from "./source_project.ts";

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ESNext,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  noEmit: true,
  lib: ["lib.esnext.d.ts"],
};

/** A project directory with `files` written, and a project of its `roots`. */
async function projectOf(
  files: Record<string, string>,
  roots: readonly string[],
): Promise<{ dir: string; project: SourceProject }> {
  const dir = (await Deno.realPath(await Deno.makeTempDir()))
    .replaceAll("\\", "/");
  for (const [name, text] of Object.entries(files)) {
    await Deno.mkdir(`${dir}/${name}`.replace(/\/[^/]+$/, ""), {
      recursive: true,
    });
    await Deno.writeTextFile(`${dir}/${name}`, text);
  }
  const project = new SourceProject(dir, OPTIONS);
  for (const root of roots) project.add(`${dir}/${root}`);
  return { dir, project };
}

function typeText(program: ts.Program, file: string, name: string): string {
  const source = program.getSourceFile(file)!;
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolsInScope(
    source,
    ts.SymbolFlags.Variable,
  ).find((s) => s.name === name)!;
  return checker.typeToString(
    checker.getTypeOfSymbolAtLocation(symbol, source),
  );
}

Deno.test("SourceProject: the program resolves imports and the lib files", async () => {
  const { dir, project } = await projectOf({
    "a.ts": 'import { B } from "./lib/b.ts";\n' +
      "export const list = [new B()].map((b) => b.n);\n" +
      "export const later = Promise.resolve(new Date());\n",
    "lib/b.ts": "export class B { n = 1; }\n",
  }, ["a.ts"]);
  const program = project.program();
  assert.deepEqual(
    ts.getPreEmitDiagnostics(program).map((d) => d.messageText),
    [],
  );
  assert.equal(typeText(program, `${dir}/a.ts`, "list"), "number[]");
  assert.equal(typeText(program, `${dir}/a.ts`, "later"), "Promise<Date>");
  // An imported file is part of the program without being a project file.
  assert.ok(program.getSourceFile(`${dir}/lib/b.ts`) !== undefined);
  assert.equal(project.has(`${dir}/lib/b.ts`), false);
  assert.throws(() => project.sourceFile(`${dir}/lib/b.ts`), /not a project/);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("SourceProject: making a program asks the file system nothing about the lib files", async () => {
  const { dir, project } = await projectOf({
    "a.ts": "export const later = Promise.resolve(new Date());\n",
  }, ["a.ts"]);
  const statSync = Deno.statSync;
  const asked: string[] = [];
  Deno.statSync = (path) => {
    asked.push(String(path));
    return statSync(path);
  };
  try {
    const program = project.program();
    assert.ok(program.getSourceFiles().length > 50, "the lib files are in");
    Deno.writeTextFileSync(`${dir}/a.ts`, "export const later = 1;\n");
    assert.ok(project.refresh(`${dir}/a.ts`));
    assert.notEqual(project.program(), program);
  } finally {
    Deno.statSync = statSync;
  }
  // Each lib file's module format would otherwise be looked up in a
  // package.json of every folder above it, for each program.
  assert.deepEqual(asked.filter((path) => !path.startsWith(dir)), []);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("SourceProject: a refresh parses a changed file again, the next program reuses the rest", async () => {
  const { dir, project } = await projectOf({
    "a.ts": "export const a = 1;\n",
    "b.ts": "export const b = 'x';\n",
  }, ["a.ts", "b.ts"]);
  const first = project.program();
  assert.equal(project.program(), first, "no change: the same program");
  const a = project.sourceFile(`${dir}/a.ts`);
  const b = project.sourceFile(`${dir}/b.ts`);
  assert.equal(project.refresh(`${dir}/a.ts`), false, "same text");
  assert.equal(project.sourceFile(`${dir}/a.ts`), a);
  await Deno.writeTextFile(`${dir}/a.ts`, "export const a = 'now a string';\n");
  assert.equal(project.refresh(`${dir}/a.ts`), true);
  const second = project.program();
  assert.notEqual(second, first);
  assert.notEqual(second.getSourceFile(`${dir}/a.ts`), a);
  assert.equal(second.getSourceFile(`${dir}/b.ts`), b, "b is reused");
  assert.equal(typeText(second, `${dir}/a.ts`, "a"), '"now a string"');
  await Deno.remove(`${dir}/b.ts`);
  assert.equal(project.refresh(`${dir}/b.ts`), true, "gone");
  assert.equal(project.has(`${dir}/b.ts`), false);
  assert.equal(project.program().getSourceFile(`${dir}/b.ts`), undefined);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("SourceProject: files added and removed change the program's roots", async () => {
  const { dir, project } = await projectOf({
    "a.ts": "export const a = 1;\n",
    "c.ts": "\uFEFFexport const c = 3;\n",
  }, ["a.ts"]);
  assert.equal(project.program().getSourceFile(`${dir}/c.ts`), undefined);
  project.add(`${dir}/c.ts`);
  const c = project.program().getSourceFile(`${dir}/c.ts`)!;
  assert.equal(c.text[0], "\uFEFF", "the text is the file's, its BOM kept");
  project.remove(`${dir}/a.ts`);
  assert.equal(project.program().getSourceFile(`${dir}/a.ts`), undefined);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("SourceProject: a first load leaves parent pointers to the binder, an edit sets them", async () => {
  const { dir, project } = await projectOf({
    "a.ts": "export const a = 1;\n",
    "b.ts": "export const b = 2;\n",
  }, []);
  project.load([`${dir}/a.ts`]);
  const loaded = project.sourceFile(`${dir}/a.ts`).statements[0]!;
  assert.equal(loaded.parent, undefined, "parsed without parents");
  project.program().getTypeChecker();
  assert.equal(loaded.parent, project.sourceFile(`${dir}/a.ts`));
  project.add(`${dir}/b.ts`);
  const added = project.sourceFile(`${dir}/b.ts`);
  assert.equal(added.statements[0]!.parent, added, "read before any checker");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("SourceProject: an imported file read again after an edit, a deletion", async () => {
  const { dir, project } = await projectOf({
    "a.ts": 'import { B } from "./lib/b.ts";\nexport const n = new B().n;\n',
    "lib/b.ts": "export class B { n = 1; }\n",
  }, ["a.ts"]);
  const b = `${dir}/lib/b.ts`;
  try {
    assert.deepEqual(project.importedFiles(), [], "no program yet");
    assert.equal(typeText(project.program(), `${dir}/a.ts`, "n"), "number");
    // The project's own files and the lib files are not imported files.
    assert.deepEqual(project.importedFiles(), [b]);
    assert.equal(project.refreshImported(b), false, "same text");
    assert.equal(project.refreshImported(`${dir}/a.ts`), false);
    assert.equal(project.importsVersion, 0);

    await Deno.writeTextFile(b, 'export class B { n = "one"; }\n');
    assert.equal(project.refreshImported(b), true);
    assert.equal(project.importsVersion, 1);
    assert.equal(typeText(project.program(), `${dir}/a.ts`, "n"), "string");

    await Deno.remove(b);
    assert.equal(project.refreshImported(b), true, "gone");
    assert.equal(project.importsVersion, 2);
    assert.equal(project.program().getSourceFile(b), undefined);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
