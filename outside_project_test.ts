/**
 * Tailor used from outside its checkout, as a package: a server project in
 * a temporary directory imports it through `jsr:` and `links`, or through
 * an import-map alias, and `cli.ts generate` gives the same non-empty
 * client both ways (type check included); a copy of the runtime inside the
 * project is an error naming the import.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { readTree } from "./src/fs/tree.ts";
import { type CommandResult, runDeno } from "./src/testing/run.ts";

const CHECKOUT = fileURLToPath(new URL(".", import.meta.url))
  .replace(/\/$/, "");

const ENTITIES =
  `import { Column, Entity, Id, ManyToOne, OneToMany } from "TAILOR";

/** An author. */
@Entity()
export class Author {
  @Id()
  id!: string;

  /** Full name. */
  @Column()
  name!: string;

  /** Books written. */
  @OneToMany(() => Book, "author")
  books!: Book[];
}

/** A book. */
@Entity()
export class Book {
  @Id()
  id!: string;

  /** Title. */
  @Column()
  title!: string;

  /** Who wrote it. */
  @ManyToOne(() => Author)
  author!: Author;
}
`;

const CONTROLLER = `import {
  Controller,
  EnableImplicitApi,
  type FetchBy,
  fetcher,
  Get,
  type PathVariable,
} from "TAILOR";
import { Author, Book } from "./entities.ts";

/** Books with their authors. */
@EnableImplicitApi()
@Controller("/books")
export class BookController {
  /** A book, its title and its author's name. */
  static readonly BOOK_FETCHER = fetcher(Book).title()
    .author(fetcher(Author).name());

  /** One book. */
  @Get("/:id")
  find(
    id: PathVariable<string>,
  ): Promise<FetchBy<typeof BookController.BOOK_FETCHER> | undefined> {
    return Promise.resolve(id === "" ? undefined : undefined);
  }
}
`;

const MAIN = `import { createServer } from "TAILOR";
import { BookController } from "./controller.ts";

/** Serves the project. */
export function serve(): ReturnType<typeof createServer> {
  return createServer({
    project: new URL(".", import.meta.url).pathname,
    controllers: [new BookController()],
  });
}
`;

/**
 * Writes the project `shop` into a new temporary directory, its sources
 * importing Tailor as `tailor`, with `config` as its deno.json; returns
 * the project's path.
 */
async function shop(
  tailor: string,
  config: Record<string, unknown>,
  files: Record<string, string> = { "main.ts": MAIN },
): Promise<string> {
  const dir = `${await Deno.makeTempDir({ prefix: "tailor_outside_" })}/shop`;
  await Deno.mkdir(dir);
  await Deno.writeTextFile(`${dir}/deno.json`, JSON.stringify(config));
  const sources = { "entities.ts": ENTITIES, "controller.ts": CONTROLLER };
  for (const [name, text] of Object.entries({ ...sources, ...files })) {
    await Deno.writeTextFile(`${dir}/${name}`, text.replace("TAILOR", tailor));
  }
  return dir;
}

/** `cli.ts generate` of `project` into `out` (default: beside it). */
function generate(
  project: string,
  ...flags: string[]
): Promise<CommandResult> {
  const out = flags.includes("--out") ? [] : ["--out", `${project}/../out`];
  return runDeno(
    [
      "run",
      "-A",
      `${CHECKOUT}/cli.ts`,
      "generate",
      "--project",
      project,
      ...out,
      ...flags,
    ],
    { cwd: CHECKOUT },
  );
}

async function removeShop(project: string): Promise<void> {
  await Deno.remove(`${project}/..`, { recursive: true });
}

Deno.test("a project importing jsr:@tailor/tailor linked to the checkout, or an alias, gets the same client", async () => {
  const linked = await shop("@tailor/tailor", {
    imports: { "@tailor/tailor": "jsr:@tailor/tailor@^0.1" },
    links: ["../tailor"],
  });
  // Another path to Tailor than the running one's: known by its name.
  await Deno.symlink(CHECKOUT, `${linked}/../tailor`);
  const aliased = await shop("tailor/mod.ts", {
    imports: { "tailor/": `${CHECKOUT}/` },
  });
  try {
    // Both type-check too: Tailor's own files resolve with its deno.json.
    const [fromLink, fromAlias] = await Promise.all([
      generate(linked),
      generate(aliased),
    ]);
    assert.equal(fromLink.code, 0, fromLink.output);
    assert.equal(fromAlias.code, 0, fromAlias.output);
    assert.doesNotMatch(fromLink.output, /TAILOR\d+/);
    const tree = await readTree(`${linked}/../out`);
    assert.ok(tree.has("ts/model/dto/BookDto.ts"), [...tree.keys()].join());
    assert.ok(tree.has("ts/services/BookService.ts"));
    assert.deepEqual(await readTree(`${aliased}/../out`), tree);
  } finally {
    await removeShop(linked);
    await removeShop(aliased);
  }
});

Deno.test("a copy of the runtime in the project is an error naming the import", async () => {
  const project = await shop("./runtime.ts", {}, {});
  try {
    await Deno.copyFile(`${CHECKOUT}/runtime.ts`, `${project}/runtime.ts`);
    await Deno.mkdir(`${project}/src/runtime`, { recursive: true });
    for await (const entry of Deno.readDir(`${CHECKOUT}/src/runtime`)) {
      if (!entry.isFile || entry.name.endsWith("_test.ts")) continue;
      await Deno.copyFile(
        `${CHECKOUT}/src/runtime/${entry.name}`,
        `${project}/src/runtime/${entry.name}`,
      );
    }
    const result = await generate(project, "--skip-type-check");
    assert.equal(result.code, 1, result.output);
    assert.match(
      result.output,
      /controller\.ts:1:1 - error TAILOR025: Controller, EnableImplicitApi, FetchBy, Get, PathVariable imported from "\.\/runtime\.ts" are not Tailor's: the import resolves to runtime\.ts/,
    );
    assert.match(result.output, /entities\.ts:1:1 - error TAILOR025/);
  } finally {
    await removeShop(project);
  }
});

Deno.test("a front end inside the project importing the generated client is not server source", async () => {
  const project = await shop("tailor/mod.ts", {
    imports: { "tailor/": `${CHECKOUT}/` },
  });
  try {
    const client = await generate(
      project,
      "--target",
      "ts",
      "--skip-type-check",
      "--out",
      `${project}/web/gen`,
    );
    assert.equal(client.code, 0, client.output);
    // The generated `Api` class has the name of Tailor's `@Api` decorator.
    await Deno.writeTextFile(
      `${project}/web/app.ts`,
      `import { Api, type Executor } from "./gen/index.ts";

/** The client of a front end beside the server. */
export function client(executor: Executor): Api {
  return new Api(executor);
}
`,
    );
    const result = await generate(project);
    assert.equal(result.code, 0, result.output);
    assert.doesNotMatch(result.output, /TAILOR\d+/);
  } finally {
    await removeShop(project);
  }
});
