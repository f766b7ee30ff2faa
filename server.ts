/**
 * The example server: the bookstore of the specification on its store
 * (SQLite, or PostgreSQL with a `postgres://` URL), serving its controllers
 * and its client artifacts. It is `tailor serve` with the bookstore as its
 * project and `--db`.
 *
 * ```
 * deno task serve [--port 8080] [--hostname 127.0.0.1] [--config FILE]
 *                 [--db FILE|URL] [--db-pool N] [--db-statement-timeout MS]
 *                 [--project DIR | --model FILE]
 *                 [--skip-type-check] [--watch] [--quiet]
 * ```
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import {
  type CommandSpec,
  type ParsedArgs,
  UsageError,
} from "./src/cli/command.ts";
import { runCommand } from "./src/cli/run_command.ts";
import { enterInvocationDirectory } from "./src/cli/paths.ts";
import {
  integerFlag,
  SERVE_OPTIONS,
  type ServeRequest,
  serveRequest,
  stringFlag,
} from "./src/cli/serve_options.ts";
import { artifactSource, serveWith } from "./src/cli/serve_command.ts";
import type { CreateServerOptions } from "./src/server/create_server.ts";
import { bookstoreServing } from "./fixtures/bookstore/serving.ts";
import {
  databaseFile,
  type Driver,
  isPostgresUrl,
  postgresDriver,
  sqliteDriver,
} from "./src/store/mod.ts";

/** The example project served by default. */
export const BOOKSTORE: string = fileURLToPath(
  new URL("./fixtures/bookstore", import.meta.url),
);

/** `deno task serve`: `tailor serve` on the bookstore, with `--db`. */
const SERVE_EXAMPLE: CommandSpec = {
  program: "deno task",
  name: "serve",
  summary: "the bookstore example: its controllers and its client downloads",
  options: [
    ...SERVE_OPTIONS.map((option) =>
      option.name === "project"
        ? {
          name: option.name,
          value: "DIR",
          description:
            "serve another project's artifacts instead of the bookstore (its controllers are not run)",
        }
        : option.name === "watch"
        ? {
          name: option.name,
          description:
            "re-analyze after each change of the bookstore's .ts files and serve its new routes and artifacts without a restart; an edit with errors keeps the last good version",
        }
        : option
    ),
    {
      name: "db",
      value: "FILE|URL",
      default: "env DATABASE_URL, else in memory",
      description:
        "keep the bookstore's SQLite database in FILE (WAL mode), or use the PostgreSQL database of a postgres:// URL; seeded once in one transaction",
    },
    {
      name: "db-pool",
      value: "N",
      default: "10",
      description: "most connections to a PostgreSQL --db at once",
    },
    {
      name: "db-busy-timeout",
      value: "MS",
      default: "5000",
      description:
        "how long a statement waits for a lock another process holds on --db; then a request answers 503",
    },
    {
      name: "db-readers",
      value: "N",
      default: "the cores but one, 1 to 4; 0 with --watch",
      description:
        "threads reading a SQLite --db file (0: on the main thread), so a long statement never holds other requests",
    },
    {
      name: "db-statement-timeout",
      value: "MS",
      default: "500",
      description:
        "the statement time limit: a read whose statements run longer answers 503 store-timeout (PostgreSQL cancels the statement)",
    },
  ],
  examples: [
    ["deno task serve", "http://127.0.0.1:8080/"],
    [
      "deno task serve --port 0 --quiet",
      "any free port; prints only the URL line",
    ],
    ["PORT=9000 deno task serve --db books.db", "the data kept in a file"],
    [
      "deno task serve --watch",
      "each save of the bookstore served at once, routes too, no restart",
    ],
    [
      "deno task serve --db postgres://tailor@127.0.0.1:5432/books",
      "the data in PostgreSQL; several servers may share it",
    ],
  ],
  run: (args) => {
    const request = serveRequest(args);
    if (
      request.watch && request.project === undefined &&
      request.model === undefined
    ) {
      return watchExample(request, args);
    }
    return serveWith(request, () => exampleSource(request, args));
  },
};

/**
 * `deno task serve --watch`: the bookstore run as `tailor dev` runs an app
 * (`server_app.ts` in a worker, a new one after each good edit), so its
 * routes reload without a restart. Each version opens the store again, so
 * the data must outlive a version: without `--db` (and `DATABASE_URL`) it
 * is kept in a SQLite file of a temporary folder, removed at exit, instead
 * of in memory.
 */
async function watchExample(
  request: ServeRequest,
  args: ParsedArgs,
): Promise<number> {
  // Checked here, as without --watch (a usage error); opened by each version.
  storeDriver(args.values, statementTimeout(args.values));
  const inMemory = stringFlag(args.values, "db") === undefined &&
    !Deno.env.get("DATABASE_URL");
  const folder = inMemory
    ? await Deno.makeTempDir({ prefix: "tailor-serve-watch-" })
    : undefined;
  if (folder !== undefined) {
    console.error(
      `note: --watch keeps the bookstore's data in ${folder}/books.db, not in memory, so that it survives each reload; it is removed at exit (--db FILE keeps it)`,
    );
  }
  // Its reader threads default to 0 there, as in any app `tailor dev` runs.
  const settings: ParsedArgs = folder === undefined
    ? args
    : { ...args, values: { ...args.values, db: `${folder}/books.db` } };
  try {
    return await serveWith(request, () =>
      Promise.resolve({
        app: fileURLToPath(new URL("./server_app.ts", import.meta.url)),
        project: BOOKSTORE,
        settings,
        corsHeaders: EXAMPLE_CORS_HEADERS,
      }));
  } finally {
    if (folder !== undefined) await Deno.remove(folder, { recursive: true });
  }
}

/** The bookstore's middleware reads the tenant header. */
const EXAMPLE_CORS_HEADERS = ["tenant"];

/** `--db-statement-timeout`, checked. */
function statementTimeout(values: ParsedArgs["values"]): number | undefined {
  return integerFlag(
    "db-statement-timeout",
    stringFlag(values, "db-statement-timeout"),
    1,
    "milliseconds (1 or more)",
  );
}

/**
 * What to serve: the bookstore with its controllers on its store (default),
 * another project's artifacts, or a saved model's artifacts.
 */
export async function exampleSource(
  request: ServeRequest,
  { values }: ParsedArgs,
): Promise<Partial<CreateServerOptions>> {
  if (request.project !== undefined || request.model !== undefined) {
    return await artifactSource(request);
  }
  const statementTimeoutMs = statementTimeout(values);
  const bookstore = bookstoreServing({
    driver: storeDriver(values, statementTimeoutMs),
    ...(statementTimeoutMs === undefined ? {} : { statementTimeoutMs }),
  });
  await bookstore.store.ready();
  return {
    project: BOOKSTORE,
    cors: { origins: [], headers: EXAMPLE_CORS_HEADERS },
    controllers: bookstore.controllers,
    fetcherOwners: bookstore.fetcherOwners,
    middleware: [bookstore.middleware],
  };
}

/**
 * The driver `--db` (else `DATABASE_URL`), `--db-busy-timeout`,
 * `--db-pool`, `--db-readers` and `--db-statement-timeout` ask for: SQLite in memory, a
 * SQLite file, or PostgreSQL.
 */
function storeDriver(
  values: ParsedArgs["values"],
  statementTimeoutMs: number | undefined,
): Driver {
  const text = (name: string) => stringFlag(values, name);
  const number = (name: string, what: string, min: number) =>
    integerFlag(name, text(name), min, what);
  const busyTimeoutMs = number("db-busy-timeout", "milliseconds", 0);
  const poolSize = number("db-pool", "a number of connections (1 or more)", 1);
  const db = text("db") ?? (Deno.env.get("DATABASE_URL") || undefined);
  const busy = busyTimeoutMs === undefined ? {} : { busyTimeoutMs };
  if (db !== undefined && isPostgresUrl(db)) {
    return postgresDriver(db, {
      ...busy,
      ...(statementTimeoutMs === undefined ? {} : { statementTimeoutMs }),
      ...(poolSize === undefined ? {} : { poolSize }),
    });
  }
  if (poolSize !== undefined) {
    throw new UsageError("--db-pool needs a postgres:// --db");
  }
  const readers = number("db-readers", "a number of threads (0 or more)", 0);
  if (readers !== undefined && db === undefined) {
    throw new UsageError("--db-readers needs a SQLite --db file");
  }
  return sqliteDriver(db === undefined ? ":memory:" : databaseFile(db), {
    ...busy,
    ...(readers === undefined ? {} : { readers }),
    ...(statementTimeoutMs === undefined ? {} : { statementTimeoutMs }),
  });
}

/** Starts the example server; resolves with the exit status when it stops. */
export async function serve(args: readonly string[]): Promise<number> {
  return await runCommand(SERVE_EXAMPLE, args);
}

if (import.meta.main) {
  enterInvocationDirectory();
  Deno.exit(await serve(Deno.args));
}
