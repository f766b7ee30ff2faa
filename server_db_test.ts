/**
 * `server.ts --db FILE` under faults, each against real processes: a kill
 * -9 inside the seed, two servers started at once on one new file, a lock
 * held by another process, and files that cannot be used. Row counts are
 * read from the file afterwards, exactly.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { holdLock } from "./src/testing/hold_lock.ts";
import { baseUrlOf, serverProcess } from "./src/testing/server_process.ts";

/** Rows of the whole seed: stores, authors, books, book-author pairs. */
const SEEDED = { book_store: 3, author: 8, book: 12, book_authors: 16 };

/** Rows per table of the seed in `path` (0 for a table not created). */
function rowCounts(path: string): Record<keyof typeof SEEDED, number> {
  const database = new DatabaseSync(path);
  try {
    const count = (table: string) => {
      const exists = database.prepare(
        "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?",
      ).get(table) as { n: number };
      if (exists.n === 0) return 0;
      return (database.prepare(`SELECT COUNT(*) AS n FROM "${table}"`)
        .get() as { n: number }).n;
    };
    return {
      book_store: count("book_store"),
      author: count("author"),
      book: count("book"),
      book_authors: count("book_authors"),
    };
  } finally {
    database.close();
  }
}

/** A fresh folder for one test's database, removed afterwards. */
async function withDir(work: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "tailor_db_" });
  try {
    await work(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const SERVE = ["--port", "0", "--quiet", "--skip-type-check"];

/** Starts a server on `path`, checks it serves the 12 books, stops it. */
async function serveOnce(path: string): Promise<void> {
  const child = serverProcess([...SERVE, "--db", path]);
  const stderr = new Response(child.stderr).text();
  try {
    const { base } = await baseUrlOf(child);
    const books = await fetch(`${base}/books?pageSize=20`);
    assert.equal(books.status, 200);
    assert.equal((await books.json()).totalRowCount, 12);
    child.kill("SIGTERM");
  } catch (error) {
    try {
      child.kill("SIGKILL");
    } catch {
      // It has ended already.
    }
    const status = await child.status;
    throw new Error(`exit ${status.code}: ${await stderr}`, { cause: error });
  } finally {
    await child.stdout.cancel().catch(() => {});
  }
  assert.equal((await child.status).code, 0, await stderr);
}

/** Reads `stream` until `text` appears (or it ends); true when it did. */
async function waitFor(
  stream: ReadableStream<Uint8Array>,
  text: string,
): Promise<boolean> {
  const decoder = new TextDecoder();
  let seen = "";
  for await (const chunk of stream) {
    seen += decoder.decode(chunk, { stream: true });
    if (seen.includes(text)) return true;
  }
  return false;
}

Deno.test("--db: kill -9 inside the seed leaves nothing; the next start seeds it whole", async () => {
  await withDir(async (dir) => {
    const path = `${dir}/shop.db`;
    for (let trial = 0; trial < 2; trial++) {
      const child = serverProcess([...SERVE, "--db", path], {
        TAILOR_SEED_PAUSE_MS: "20000",
      });
      // Paused inside the transaction: stores and authors in, no book yet.
      assert.ok(await waitFor(child.stderr, "seed paused"));
      child.kill("SIGKILL");
      await child.status;
      await child.stdout.cancel();
      assert.deepEqual(rowCounts(path), {
        book_store: 0,
        author: 0,
        book: 0,
        book_authors: 0,
      });
    }
    await serveOnce(path);
    assert.deepEqual(rowCounts(path), SEEDED);
    await serveOnce(path);
    assert.deepEqual(rowCounts(path), SEEDED, "seeded once, not twice");
  });
});

Deno.test("--db: two servers started at once on a new file both come up, the data whole", async () => {
  await withDir(async (dir) => {
    const path = `${dir}/shop.db`;
    const children = [0, 1].map(() =>
      serverProcess([...SERVE, "--db", path, "--db-busy-timeout", "20000"])
    );
    try {
      const bases = await Promise.all(children.map(baseUrlOf));
      for (const { base } of bases) {
        const books = await fetch(`${base}/books?pageSize=20`);
        assert.equal((await books.json()).totalRowCount, 12);
      }
    } finally {
      for (const child of children) child.kill("SIGTERM");
    }
    for (const child of children) {
      assert.equal((await child.status).code, 0);
      await child.stderr.cancel();
    }
    assert.deepEqual(rowCounts(path), SEEDED);
    await serveOnce(path);
  });
});

Deno.test("--db: a lock held by another process: start-up says busy in one line; reads go on", async () => {
  await withDir(async (dir) => {
    const path = `${dir}/shop.db`;
    await serveOnce(path);
    const lock = await holdLock(path);
    try {
      const started = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          "server.ts",
          ...SERVE,
          "--db",
          path,
          "--db-busy-timeout",
          "300",
        ],
        env: { NO_COLOR: "1" },
      }).output();
      const stderr = new TextDecoder().decode(started.stderr).trim();
      assert.equal(started.code, 1);
      assert.match(stderr, /^error: the database .*shop\.db is busy/);
      assert.equal(stderr.split("\n").length, 1, stderr);
    } finally {
      await lock.release();
    }
    // Started before the lock: reads do not wait for it (WAL).
    const child = serverProcess([...SERVE, "--db", path]);
    try {
      const { base } = await baseUrlOf(child);
      const locked = await holdLock(path);
      try {
        const book = await fetch(`${base}/book/1`);
        assert.equal(book.status, 200);
        assert.equal((await book.json()).name, "Learning GraphQL");
      } finally {
        await locked.release();
      }
    } finally {
      child.kill("SIGTERM");
      await child.status;
      await child.stdout.cancel().catch(() => {});
      await child.stderr.cancel();
    }
    assert.deepEqual(rowCounts(path), SEEDED);
  });
});

Deno.test("--db: a file that cannot be used is one line naming it, exit 1", async () => {
  await withDir(async (dir) => {
    const text = `${dir}/notes.txt`;
    await Deno.writeTextFile(text, "not a database ".repeat(100));
    const damaged = `${dir}/damaged.db`;
    const database = new DatabaseSync(damaged);
    database.exec("CREATE TABLE t (s TEXT)");
    database.exec("INSERT INTO t VALUES ('x')");
    database.close();
    // The first page's b-tree header, after the file header, overwritten.
    const file = await Deno.open(damaged, { write: true });
    await file.seek(100, Deno.SeekMode.Start);
    await file.write(new Uint8Array(400).fill(9));
    file.close();
    const cases: [string, RegExp][] = [
      [
        `${dir}/no/such/dir/x.db`,
        /^error: cannot use the database .*x\.db: unable to open database file; check that its folder exists/,
      ],
      [
        "mysql://user:secret@127.0.0.1/shop",
        /^error: cannot use the database mysql:\/\/user:\*\*\*@127\.0\.0\.1\/shop: only SQLite files and postgres:\/\/ URLs are supported/,
      ],
      [
        // Nothing listens on port 1: the password is not printed.
        "postgres://user:secret@127.0.0.1:1/shop",
        /^error: cannot use the database postgres:\/\/user:\*\*\*@127\.0\.0\.1:1\/shop: connect ECONNREFUSED .*; check that the server runs/,
      ],
      [
        text,
        /^error: cannot use the database .*notes\.txt: file is not a database; give another file/,
      ],
      [
        damaged,
        /^error: cannot use the database .*damaged\.db: database disk image is malformed; give another file/,
      ],
      [
        "/dev/null",
        /^error: cannot use the database \/dev\/null: it is not a regular file \(a device or special file\)/,
      ],
      [
        `file:${dir}/x.db?mode=ro`,
        /^error: cannot use the database file:.*x\.db\?mode=ro: SQLite file: URIs are not supported/,
      ],
      [
        "postgres://%zz@127.0.0.1:1/shop",
        /^error: cannot use the database postgres:\/\/%zz@127\.0\.0\.1:1\/shop: its user name holds a % that is not followed by two hex digits/,
      ],
    ];
    const usages: [string[], RegExp][] = [
      [
        ["--db-busy-timeout", "soon"],
        /^error: --db-busy-timeout must be milliseconds, not "soon"/,
      ],
      [
        ["--db", "postgres://127.0.0.1/x", "--db-pool", "0"],
        /^error: --db-pool must be a number of connections \(1 or more\), not "0"/,
      ],
      [["--db-pool", "4"], /^error: --db-pool needs a postgres:\/\/ --db/],
    ];
    for (const [args, message] of usages) {
      const usage = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "server.ts", ...args],
        env: { NO_COLOR: "1" },
      }).output();
      assert.equal(usage.code, 2, args.join(" "));
      assert.match(new TextDecoder().decode(usage.stderr), message);
    }
    for (const [db, message] of cases) {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "server.ts", ...SERVE, "--db", db],
        env: { NO_COLOR: "1" },
      }).output();
      const stderr = new TextDecoder().decode(out.stderr).trim();
      assert.equal(out.code, 1, db);
      assert.match(stderr, message);
      assert.equal(stderr.split("\n").length, 1, stderr);
    }
  });
});
