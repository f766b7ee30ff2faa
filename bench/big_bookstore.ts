/**
 * A real-sized bookstore for the server's load tests: the seeded bookstore
 * plus `count` books (names of {@link NAME_LENGTH} characters, in an order
 * unrelated to their ids, each linked to one or two of the eight authors),
 * written by one statement per table on SQLite or PostgreSQL.
 *
 *   deno run -A bench/big_bookstore.ts FILE|URL [COUNT]
 *
 * A database that already holds more than the seed's 12 books is left as
 * it is. Deterministic: the same count gives the same rows.
 *
 * @module
 */

import { DatabaseSync } from "node:sqlite";
import postgres from "postgres";
import { bookstoreStore } from "../fixtures/bookstore/data.ts";
import { isPostgresUrl, postgresDriver } from "../src/store/mod.ts";

/** Books of the real-sized database (issue 35's setup). */
export const BIG_BOOK_COUNT = 200_000;

/** Characters of each generated book's name. */
export const NAME_LENGTH = 500;

/** The seed's highest book id: generated ones come after it. */
const SEED_BOOKS = 12;

/** The tail every name shares after its distinct head. */
const FILLER = "lorem ipsum dolor sit amet ".repeat(20);

/**
 * The statements adding `count` books after the seed's, in `dialect`
 * ("sqlite" or "postgres"): books, then their author links.
 */
export function bigBookStatements(
  count: number,
  dialect: "sqlite" | "postgres",
): string[] {
  const last = SEED_BOOKS + count;
  const series = dialect === "sqlite"
    ? `WITH RECURSIVE n(i) AS (SELECT ${
      SEED_BOOKS + 1
    } UNION ALL SELECT i + 1 FROM n WHERE i < ${last}) SELECT i FROM n`
    : `SELECT i FROM generate_series(${SEED_BOOKS + 1}, ${last}) AS s(i)`;
  // A head of 7 digits scrambles the name order against the ids.
  const head = dialect === "sqlite"
    ? `printf('%07d ', (i * 7919) % 1000003)`
    : `lpad(((i * 7919) % 1000003)::text, 7, '0') || ' '`;
  const name = `substr(${head} || '${FILLER}', 1, ${NAME_LENGTH})`;
  const tenant = `CASE WHEN i % 2 = 0 THEN 'a' ELSE 'b' END`;
  return [
    `INSERT INTO book (id, name, edition, price, tenant, store_id) SELECT i, ${name}, 1 + i % 5, 10 + (i % 90), ${tenant}, 1 + i % 3 FROM (${series}) AS s`,
    `INSERT INTO book_authors (book_id, author_id) SELECT i, 1 + i % 8 FROM (${series}) AS s`,
    `INSERT INTO book_authors (book_id, author_id) SELECT i, 1 + (i + 3) % 8 FROM (${series}) AS s WHERE i % 3 = 0`,
  ];
}

/**
 * Makes the bookstore at `target` (a SQLite file or a postgres:// URL)
 * real-sized: seeded as the server seeds it, then `count` books more,
 * unless it holds more than the seed already. Resolves with its number of
 * books.
 */
export async function makeBigBookstore(
  target: string,
  count = BIG_BOOK_COUNT,
): Promise<number> {
  const isPostgres = isPostgresUrl(target);
  const store = bookstoreStore(
    isPostgres ? { driver: postgresDriver(target) } : { path: target },
  );
  await store.ready();
  await store.close();
  const statements = bigBookStatements(
    count,
    isPostgres ? "postgres" : "sqlite",
  );
  if (isPostgres) {
    const sql = postgres(target, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql.unsafe("SELECT COUNT(*) AS n FROM book");
      if (Number(row!.n) <= SEED_BOOKS) {
        await sql.begin(async (tx) => {
          for (const statement of statements) await tx.unsafe(statement);
        });
        await sql.unsafe("ANALYZE");
      }
      const [after] = await sql.unsafe("SELECT COUNT(*) AS n FROM book");
      return Number(after!.n);
    } finally {
      await sql.end();
    }
  }
  const db = new DatabaseSync(target);
  try {
    const books = () =>
      Number(
        (db.prepare("SELECT COUNT(*) AS n FROM book").get() as { n: number }).n,
      );
    if (books() <= SEED_BOOKS) {
      db.exec("BEGIN IMMEDIATE");
      for (const statement of statements) db.exec(statement);
      db.exec("COMMIT");
      db.exec("ANALYZE");
    }
    return books();
  } finally {
    db.close();
  }
}

if (import.meta.main) {
  const [target, countText] = Deno.args;
  const count = Number(countText ?? BIG_BOOK_COUNT);
  if (target === undefined || !Number.isSafeInteger(count) || count < 1) {
    console.error("usage: deno run -A bench/big_bookstore.ts FILE|URL [COUNT]");
    Deno.exit(2);
  }
  const books = await makeBigBookstore(target, count);
  console.log(`${target}: ${books} books`);
}
