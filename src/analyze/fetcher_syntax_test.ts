import assert from "node:assert/strict";
import { isEmbeddableClass } from "./embeddables.ts";
import { fileURLToPath } from "node:url";
import { writeSyntheticProject } from "../testing/synthetic_project.ts";
import { analyzeLoaded } from "./analyze.ts";
import { nameOf, staticMembers, textOf, ts, useProgram } from "./compiler.ts";
import { isEntityClass, readEntity } from "./entities.ts";
import { FetcherSyntaxReader } from "./fetcher_syntax.ts";
import { type LoadedProject, loadProject } from "./project.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Projects whose fetchers are read both ways. */
const PROJECTS = [
  "fixtures/bookstore",
  "fixtures/treeshop",
  "src/server/routes/testdata/shop",
];

function reader(): FetcherSyntaxReader {
  return new FetcherSyntaxReader(
    (declaration) =>
      isEntityClass(declaration) ? readEntity(declaration) : undefined,
    (declaration) =>
      isEmbeddableClass(declaration) ? readEntity(declaration) : undefined,
  );
}

/**
 * Static properties initialized with a call, by `Class.NAME`; the project's
 * program is put in use and its checker made (which binds the files).
 */
function fetcherConstants(loaded: LoadedProject) {
  const program = loaded.project.program();
  useProgram(program);
  program.getTypeChecker();
  return loaded.files.map((path) => loaded.project.sourceFile(path)).flatMap((
    file,
  ) =>
    file.statements.filter(ts.isClassDeclaration).flatMap((
      declaration,
    ) =>
      staticMembers(declaration).filter(ts.isPropertyDeclaration)
        .filter((property) =>
          property.initializer !== undefined &&
          textOf(property.initializer).includes("fetcher(")
        )
        .map((property) => ({
          name: `${nameOf(declaration)}.${nameOf(property)}`,
          property,
        }))
    )
  );
}

function assertBothReadingsAgree(loaded: LoadedProject): void {
  for (const scope of ["client", "server"] as const) {
    const bySyntax = analyzeLoaded(loaded, scope);
    const byType = analyzeLoaded(loaded, scope, { readBySyntax: false });
    assert.deepEqual(bySyntax, byType);
  }
}

for (const project of PROJECTS) {
  Deno.test(`fetcher syntax: ${project} reads the same by syntax as by type`, async () => {
    const loaded = await loadProject(ROOT + project);
    assertBothReadingsAgree(loaded);
  });
}

Deno.test("fetcher syntax: every fetcher of the fixtures is read by syntax", async () => {
  for (const project of PROJECTS) {
    const loaded = await loadProject(ROOT + project);
    const syntax = reader();
    const constants = fetcherConstants(loaded);
    assert.ok(constants.length > 0, project);
    for (const { name, property } of constants) {
      assert.notEqual(syntax.read(property), undefined, `${project}: ${name}`);
    }
  }
});

Deno.test("fetcher syntax: other expressions are left to the type", async () => {
  const dir = await Deno.makeTempDir({ prefix: "tailor_fetcher_syntax_" });
  try {
    await Deno.writeTextFile(
      `${dir}/shapes.ts`,
      `import { type AnyFetcher, Entity, fetcher, Id, Column } from "${ROOT}runtime.ts";
@Entity()
export class Tag {
  @Id() id!: number;
  @Column() name!: string;
  @Column() note?: string;
}
const base = fetcher(Tag).name();
const helper = () => fetcher(Tag);
export class Shapes {
  static readonly TYPED: AnyFetcher = fetcher(Tag).name();
  static readonly FROM_VARIABLE = base.note();
  static readonly FROM_HELPER = helper().name();
  static readonly COMPUTED_ARGUMENT = fetcher(Tag).name(1 > 0);
  static readonly UNKNOWN = fetcher(Tag).nope();
  static readonly PLAIN = fetcher(Tag).name().note(true).note(false);
}
`,
    );
    const loaded = await loadProject(dir);
    const syntax = reader();
    const read = new Map(
      fetcherConstants(loaded).map(({ name, property }) => [
        name,
        syntax.read(property),
      ]),
    );
    for (
      const name of [
        "TYPED",
        "FROM_VARIABLE",
        "FROM_HELPER",
        "COMPUTED_ARGUMENT",
        "UNKNOWN",
      ]
    ) {
      assert.equal(read.get(`Shapes.${name}`), undefined, name);
    }
    const plain = read.get("Shapes.PLAIN");
    assert.deepEqual(plain?.shape.properties, [
      { name: "id", optional: false },
      { name: "name", optional: false },
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fetcher syntax: a 250-endpoint synthetic project reads the same both ways", async () => {
  const dir = await Deno.makeTempDir({ prefix: "tailor_fetcher_syntax_" });
  try {
    await writeSyntheticProject(dir, 250);
    assertBothReadingsAgree(await loadProject(dir));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
