/**
 * The files of the project `tailor init` writes: a server with two
 * entities and an association, a fetcher per shape, a controller with a
 * paged list, a get-by-id and a get-by-id in the shape the client chooses
 * (`ClientFetcher<Book>`), its configuration, `main.ts`, which serves it on
 * an embedded SQLite file, and a README showing the front end's use. A pure
 * function of what it is given.
 *
 * @module
 */

/** What the starter is made for. */
export interface StarterOptions {
  /** The version of Tailor to depend on (`0.1.0`). */
  readonly version: string;
  /** The project's name: its folder's (`book-shop`). */
  readonly name: string;
  /** A Tailor checkout to link, relative to the project (`../tailor`). */
  readonly link?: string;
}

/** The starter's files (relative path -> text). */
export function starterFiles(options: StarterOptions): Map<string, string> {
  const tailor = `jsr:@tailor/tailor@^${options.version}`;
  const title = titleOf(options.name);
  return new Map([
    ["deno.json", denoJson(tailor, options.link)],
    ["tailor.config.json", TAILOR_CONFIG_JSON],
    ["orm.yml", ormYml(title, javaPackageOf(options.name))],
    ["main.ts", MAIN_TS],
    ["src/entities.ts", ENTITIES_TS],
    ["src/book_controller.ts", BOOK_CONTROLLER_TS],
    ["src/seed.ts", SEED_TS],
    ["scripts/tailor_reachable.ts", TAILOR_REACHABLE_TS],
    [".gitignore", "data.db*\nclient/\n"],
    ["README.md", readme(title)],
  ]);
}

/** `book-shop` as a title: `Book Shop`. */
export function titleOf(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((word) => word !== "");
  if (words.length === 0) return "Starter";
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");
}

/** `book-shop` as a Java package: `com.example.bookshop.client`. */
export function javaPackageOf(name: string): string {
  let segment = name.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (segment === "") segment = "starter";
  if (/^[0-9]/.test(segment)) segment = `app${segment}`;
  return `com.example.${segment}.client`;
}

/**
 * Runs before each task: when Tailor's package cannot be loaded (JSR
 * unreachable, or a checkout not linked), says why in one line and stops
 * the task.
 */
const REACHABLE_TASK = "deno run -A scripts/tailor_reachable.ts";

function denoJson(tailor: string, link: string | undefined): string {
  return `${
    JSON.stringify(
      {
        imports: { "@tailor/tailor": tailor },
        ...(link === undefined ? {} : { links: [link] }),
        tasks: {
          dev: `${REACHABLE_TASK} && deno run -A --watch main.ts`,
          start: `${REACHABLE_TASK} && deno run -A main.ts`,
          api: `${REACHABLE_TASK} && deno run -A ${tailor}/cli api`,
        },
        compilerOptions: {
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
        },
        // swagger-ui-dist's dependency @scarf/scarf has an install script
        // (usage analytics) that Deno does not run; denied, Deno says nothing.
        allowScripts: { deny: ["npm:@scarf/scarf"] },
      },
      null,
      2,
    )
  }\n`;
}

/**
 * Where `deno task api` downloads the client from and to; `main.ts` listens
 * on the port of this URL unless told otherwise.
 */
const TAILOR_CONFIG_JSON = `${
  JSON.stringify(
    { url: "http://127.0.0.1:8080/ts.zip", dir: "client/__generated" },
    null,
    2,
  )
}\n`;

const TAILOR_REACHABLE_TS = `/**
 * Run before each task: when Tailor's package cannot be loaded, says why in
 * one line and fails, instead of leaving Deno's error about a JSR manifest
 * unexplained.
 */
try {
  await import("@tailor/tailor/runtime");
} catch (error) {
  console.error(
    \`error: @tailor/tailor could not be loaded (\${
      (error as Error).message.split("\\n")[0]
    }). Without access to jsr.io, link a Tailor checkout in deno.json: \` +
      \`"links": ["path/to/tailor"] (or run tailor init --link DIR).\`,
  );
  Deno.exit(1);
}
`;

function ormYml(title: string, javaPackage: string): string {
  return `orm:
  client:
    ts:
      path: /ts.zip
    java-http-client:
      path: /java-http-client.zip
      base-package: ${javaPackage}
    openapi:
      path: /openapi.yml
      ui-path: /openapi.html
      properties:
        info:
          title: ${JSON.stringify(`${title} API`)}
          version: 0.1.0
`;
}

const MAIN_TS = `/**
 * Serves the project: its controllers on an embedded SQLite file
 * (\`data.db\`), and its clients as downloads (\`/ts.zip\`, \`/openapi.html\`...).
 *
 *     deno task start [--port N] [--cors ORIGIN]...
 *
 * The port: \`--port\`, else \`PORT\`, else the one in tailor.config.json's
 * URL (where \`deno task api\` downloads the client from). \`--cors\` lets a
 * browser app of another origin call the server (\`http://localhost:5173\`).
 */

import { createServer } from "@tailor/tailor";
import { parseArgs } from "node:util";
import client from "./tailor.config.json" with { type: "json" };
import { BookController } from "./src/book_controller.ts";
import { libraryStore } from "./src/seed.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    port: { type: "string" },
    cors: { type: "string", multiple: true },
  },
});
const port = Number(
  values.port ?? Deno.env.get("PORT") ?? new URL(client.url).port,
);

const store = libraryStore(\`\${import.meta.dirname}/data.db\`);
await store.ready();
const app = await createServer({
  project: import.meta.dirname!,
  controllers: [new BookController(store)],
  cors: { origins: values.cors ?? [] },
}).catch((error: Error) => {
  // Diagnostics (file:line:col) or a configuration error, already readable.
  console.error(\`error: \${error.message}\`);
  Deno.exit(1);
});
Deno.serve({ port, hostname: "127.0.0.1" }, app.fetch);
`;

const ENTITIES_TS = `import {
  Column,
  Entity,
  Id,
  type Int,
  ManyToOne,
  OneToMany,
} from "@tailor/tailor";

/** Someone who writes books. */
@Entity()
export class Author {
  @Id()
  id!: Int;

  /** Full name. */
  @Column()
  name!: string;

  /** The author's books. */
  @OneToMany(() => Book, "author")
  books!: Book[];
}

/** A book. */
@Entity()
export class Book {
  @Id()
  id!: Int;

  /** Title. */
  @Column()
  title!: string;

  /** Year of publication. */
  @Column()
  year!: Int;

  /** Who wrote it. */
  @ManyToOne(() => Author)
  author!: Author;
}
`;

const BOOK_CONTROLLER_TS = `import {
  type ClientFetcher,
  Controller,
  EnableImplicitApi,
  type FetchBy,
  fetcher,
  Get,
  type Int,
  type Page,
  type PathVariable,
  type RequestParam,
} from "@tailor/tailor";
import type { Store } from "@tailor/tailor/store";
import { Author, Book } from "./entities.ts";

/** The books of the library. */
@EnableImplicitApi() // every controller is part of the clients
@Controller()
export class BookController {
  /** The listing shape: title and year. */
  static readonly LIST = fetcher(Book).title().year();

  /** The detail shape: every scalar, and the author's name. */
  static readonly DETAIL = fetcher(Book)
    .allScalarFields()
    .author(fetcher(Author).name());

  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  /**
   * Lists books, one page at a time.
   *
   * @param pageIndex Index of the page, from 0.
   * @param pageSize Number of books on a page.
   */
  @Get("/books")
  listBooks(
    pageIndex: RequestParam<Int> = 0,
    pageSize: RequestParam<Int> = 10,
  ): Promise<Page<FetchBy<typeof BookController.LIST>>> {
    return this.#store.page(
      BookController.LIST,
      pageIndex,
      pageSize,
      "title asc",
    );
  }

  /**
   * One book with its author; an empty answer when there is none.
   *
   * @param id Identifier of the book.
   */
  @Get("/books/{id}")
  getBook(
    id: PathVariable<Int>,
  ): Promise<FetchBy<typeof BookController.DETAIL> | undefined> {
    return this.#store.find(BookController.DETAIL, id);
  }

  /**
   * One book in the shape the client chooses: the client's \`fetchers.ts\`
   * builds it, and the answer is typed as exactly that shape.
   *
   * @param id Identifier of the book.
   * @param fetcher The shape to load.
   */
  @Get("/books/{id}/shaped")
  getShapedBook(
    id: PathVariable<Int>,
    fetcher: ClientFetcher<Book>,
  ): Promise<Book | undefined> {
    return this.#store.find(fetcher, id) as Promise<Book | undefined>;
  }
}
`;

const SEED_TS = `import { Store, type StoreWriter } from "@tailor/tailor/store";
import { Author, Book } from "./entities.ts";

/** The library's store in the SQLite file \`path\`, seeded when empty. */
export function libraryStore(path: string): Store {
  return new Store({ path, entities: [Author, Book], seed });
}

async function seed(writer: StoreWriter): Promise<void> {
  if (await writer.count(Book) > 0) return;
  const authors = [
    { id: 1, name: "Ursula K. Le Guin" },
    { id: 2, name: "Italo Calvino" },
  ];
  const books = [
    { id: 1, title: "The Dispossessed", year: 1974, author: 1 },
    { id: 2, title: "The Lathe of Heaven", year: 1971, author: 1 },
    { id: 3, title: "Invisible Cities", year: 1972, author: 2 },
  ];
  for (const author of authors) await writer.insert(Author, author);
  for (const book of books) await writer.insert(Book, book);
}
`;

/**
 * The front end's use of the shaped operation, as the README shows it (the
 * test type-checks it against the downloaded client).
 */
export const FRONT_END_TS =
  `import { Api, createFetchExecutor } from "./__generated/index.ts";
import { Author, Book, fetcher } from "./__generated/fetchers.ts";

const api = new Api(createFetchExecutor({ baseUrl: "http://127.0.0.1:8080" }));
const shape = fetcher(Book).title().author(fetcher(Author).name());
const book = await api.bookService.getShapedBook({ id: 1, fetcher: shape });
console.log(book?.title, book?.author.name); // typed: exactly what was asked
`;

function readme(title: string): string {
  return `# ${title}

A server made with [Tailor](https://jsr.io/@tailor/tailor): its controllers
return entities in shapes it enumerates (fetchers), and it serves typed clients
for them.

\`\`\`sh
deno task dev     # serves on http://127.0.0.1:8080/ and restarts on each save
deno task api     # (in another terminal) downloads the TypeScript client into client/__generated
\`\`\`

Open http://127.0.0.1:8080/openapi.html to browse the API. The clients:
\`/ts.zip\` (TypeScript), \`/java-http-client.zip\` (Java), \`/openapi.yml\`.

The port and the client's folder are in \`tailor.config.json\` (\`deno task api\`
reads it; \`main.ts\` listens on its port). \`deno task dev --port 9000\` or
\`PORT=9000\` serve on another port for one run. A browser app on another origin
calls the server once it is allowed:
\`deno task dev --cors http://localhost:5173\`.

\`GET /books/{id}/shaped\` answers in the shape the client chooses. In the front
end (\`client/main.ts\`, beside \`client/__generated\`):

\`\`\`ts
${FRONT_END_TS}\`\`\`
`;
}
