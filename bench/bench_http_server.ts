/**
 * The baseline servers of the benchmark's load tests, on 127.0.0.1:PORT
 * (Tailor's side is its own server.ts):
 *
 *   deno run -A bench/bench_http_server.ts bytes FILE PATH PORT
 *   deno run -A bench/bench_http_server.ts books ROWS.json PORT
 *   deno run -A bench/bench_http_server.ts books-pg URL PORT
 *
 * `bytes`: a bare Hono route serving the bytes of FILE at PATH. `books`: a
 * hand-written `/books` page handler on an in-memory `node:sqlite` table
 * holding ROWS (`{ id, name, edition, price }` objects): one statement per
 * request, the one Tailor's store sends for the bookstore's first pages
 * ({@link pageSql}: the rows and the total count together, sorted as the
 * default `name asc, edition desc`). `books-pg`: the same handler on the
 * `book` table of a PostgreSQL database (the one Tailor's server seeded)
 * through the `postgres` client Tailor's store uses, with its pool size.
 *
 * @module
 */

import { DatabaseSync } from "node:sqlite";
import { Hono } from "hono";
import postgres from "postgres";

/** One row of the bookstore's `/books` answer. */
interface BookRow {
  readonly id: number;
  readonly name: string;
  readonly edition: number;
  readonly price: number;
}

function bytesApp(bytes: Uint8Array<ArrayBuffer>, path: string): Hono {
  const type = path.endsWith(".zip") ? "application/zip" : "text/plain";
  return new Hono().get(
    path,
    (c) => c.body(bytes, 200, { "content-type": type }),
  );
}

function booksApp(rows: readonly BookRow[]): Hono {
  const db = new DatabaseSync(":memory:");
  db.exec(
    "CREATE TABLE book (id INTEGER PRIMARY KEY, name TEXT NOT NULL, " +
      "edition INTEGER NOT NULL, price REAL NOT NULL)",
  );
  const insert = db.prepare(
    "INSERT INTO book (id, name, edition, price) VALUES (?, ?, ?, ?)",
  );
  for (const row of rows) {
    insert.run(row.id, row.name, row.edition, row.price);
  }
  const page = db.prepare(pageSql(() => "?"));
  return new Hono().get("/books", (c) => {
    const pageIndex = Number(c.req.query("pageIndex") ?? 0);
    const pageSize = Number(c.req.query("pageSize") ?? 5);
    const found = page.all(
      pageSize,
      pageIndex * pageSize,
    ) as unknown as (BookRow & { [TOTAL]: number })[];
    const total = found[0]?.[TOTAL] ?? 0;
    return c.json(pageAnswer(found, total, pageSize));
  });
}

/** The `Page` answer of rows read with a total, as the store shapes it. */
function pageAnswer(
  found: Iterable<object>,
  total: number,
  pageSize: number,
) {
  return {
    // One pass, as the hand-written handlers did before sharing this.
    rows: Array.from(
      found as Iterable<Record<string, unknown>>,
      ({ id, name, edition, price }) => ({ id, name, edition, price }),
    ),
    totalRowCount: total,
    totalPageCount: Math.ceil(total / pageSize),
  };
}

/** The column of the total row count in {@link pageSql}'s rows. */
const TOTAL = "@total";

/**
 * The statement Tailor's store sends for a `/books` page of the bookstore
 * (its default sort), with `placeholder(n)` for the n-th parameter (limit,
 * then offset). The baselines run it as it is, so that a ratio measures
 * what Tailor adds around the statement, not another statement's cost:
 * the total as a subquery costs PostgreSQL about 6 µs more on the
 * bookstore's rows than `COUNT(*) OVER ()`, and much less on many rows.
 * `bench_http_test.ts` checks it against the store's.
 */
export function pageSql(placeholder: (n: number) => string): string {
  return 'SELECT t."id" AS "id", t."name" AS "name", t."edition" AS "edition", ' +
    `t."price" AS "price", (SELECT COUNT(*) FROM "book" t) AS "${TOTAL}" ` +
    'FROM "book" t ORDER BY t."name" ASC, t."edition" DESC, t."id" ASC ' +
    `LIMIT ${placeholder(1)} OFFSET ${placeholder(2)}`;
}

function booksPostgresApp(url: string): Hono {
  const sql = postgres(url, { max: 10, onnotice: () => {} });
  const statement = pageSql((n) => `$${n}`);
  return new Hono().get("/books", async (c) => {
    const pageIndex = Number(c.req.query("pageIndex") ?? 0);
    const pageSize = Number(c.req.query("pageSize") ?? 5);
    const found = await sql.unsafe(
      statement,
      [pageSize, pageIndex * pageSize],
      {
        prepare: true,
      },
    );
    const total = Number(found[0]?.[TOTAL] ?? 0);
    return c.json(pageAnswer(found, total, pageSize));
  });
}

if (import.meta.main) {
  const [mode, ...args] = Deno.args;
  const port = Number(args.at(-1));
  const app = mode === "bytes"
    ? bytesApp(await Deno.readFile(args[0]!), args[1]!)
    : mode === "books"
    ? booksApp(JSON.parse(await Deno.readTextFile(args[0]!)))
    : mode === "books-pg"
    ? booksPostgresApp(args[0]!)
    : undefined;
  if (app === undefined) {
    console.error(`unknown mode ${mode}: bytes, books or books-pg`);
    Deno.exit(2);
  }
  Deno.serve({ hostname: "127.0.0.1", port, onListen() {} }, app.fetch);
}
