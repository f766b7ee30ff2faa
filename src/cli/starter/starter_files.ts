/**
 * The files of the project `tailor init` writes: a server with two
 * entities and an association, a fetcher per shape, a controller with a
 * paged list, a get-by-id and a get-by-id in the shape the client chooses
 * (`ClientFetcher<Book>`), its configuration, `main.ts`, which serves it on
 * an embedded SQLite file, and a README showing the front end's use. A pure
 * function of the version to depend on.
 *
 * @module
 */

/** The starter's files (relative path -> text) for Tailor `version`. */
export function starterFiles(version: string): Map<string, string> {
  const tailor = `jsr:@tailor/tailor@^${version}`;
  return new Map([
    ["deno.json", denoJson(tailor)],
    ["orm.yml", ORM_YML],
    ["main.ts", MAIN_TS],
    ["src/entities.ts", ENTITIES_TS],
    ["src/book_controller.ts", BOOK_CONTROLLER_TS],
    ["src/seed.ts", SEED_TS],
    [".gitignore", "data.db*\nclient/\n"],
    ["README.md", README_MD],
  ]);
}

function denoJson(tailor: string): string {
  return `${
    JSON.stringify(
      {
        imports: { "@tailor/tailor": tailor },
        tasks: {
          dev: "deno run -A --watch main.ts",
          start: "deno run -A main.ts",
          api:
            `deno run -A ${tailor}/cli api http://127.0.0.1:8080/ts.zip client/__generated`,
        },
        compilerOptions: {
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
        },
      },
      null,
      2,
    )
  }\n`;
}

const ORM_YML = `orm:
  client:
    ts:
      path: /ts.zip
    java-http-client:
      path: /java-http-client.zip
      base-package: com.example.library.client
    openapi:
      path: /openapi.yml
      ui-path: /openapi.html
      properties:
        info:
          title: Library API
          version: 0.1.0
`;

const MAIN_TS = `/**
 * Serves the library: its controllers on an embedded SQLite file
 * (\`data.db\`), and its clients as downloads (\`/ts.zip\`, \`/openapi.html\`...).
 *
 *     deno task start [--port 8080]     (or PORT=8080)
 */

import { createServer } from "@tailor/tailor";
import { parseArgs } from "node:util";
import { BookController } from "./src/book_controller.ts";
import { libraryStore } from "./src/seed.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { port: { type: "string" } },
});
const port = Number(values.port ?? Deno.env.get("PORT") ?? "8080");

const store = libraryStore(\`\${import.meta.dirname}/data.db\`);
await store.ready();
const app = await createServer({
  project: import.meta.dirname!,
  controllers: [new BookController(store)],
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

const README_MD = `# Library

A server made with [Tailor](https://jsr.io/@tailor/tailor): its controllers
return entities in shapes it enumerates (fetchers), and it serves typed clients
for them.

\`\`\`sh
deno task dev     # serves on http://127.0.0.1:8080/ and restarts on each save
deno task api     # (in another terminal) downloads the TypeScript client into client/__generated
\`\`\`

Open http://127.0.0.1:8080/openapi.html to browse the API. The clients:
\`/ts.zip\` (TypeScript), \`/java-http-client.zip\` (Java), \`/openapi.yml\`.

\`GET /books/{id}/shaped\` answers in the shape the client chooses. In the front
end (\`client/main.ts\`, beside \`client/__generated\`):

\`\`\`ts
${FRONT_END_TS}\`\`\`
`;
