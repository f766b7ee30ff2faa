import { deepStrictEqual, rejects } from "node:assert/strict";
import { startBareServer, startSqlBaseline } from "./bench_http.ts";
import { pageSql } from "./bench_http_server.ts";
import { bookstoreStore } from "../fixtures/bookstore/data.ts";
import { BookController } from "../fixtures/bookstore/book_controller.ts";

Deno.test("the bare Hono server answers with the file's bytes", async () => {
  const file = await Deno.makeTempFile({ suffix: ".zip" });
  await Deno.writeFile(file, new Uint8Array([80, 75, 5, 6, 0, 1]));
  const server = await startBareServer(file, "/ts.zip");
  try {
    const response = await fetch(`http://127.0.0.1:${server.port}/ts.zip`);
    deepStrictEqual(response.headers.get("content-type"), "application/zip");
    deepStrictEqual(
      new Uint8Array(await response.arrayBuffer()),
      new Uint8Array([80, 75, 5, 6, 0, 1]),
    );
  } finally {
    await server.stop();
    await Deno.remove(file);
  }
});

Deno.test("a server that cannot start gives its first output line", async () => {
  await rejects(
    startBareServer("/nonexistent/file.zip", "/ts.zip"),
    /^Error: .*bench_http_server\.ts exited with 1: error: Uncaught \(in promise\) NotFound/,
  );
});

Deno.test("the SQL baseline pages books sorted by name, then edition down", async () => {
  const file = await Deno.makeTempFile({ suffix: ".json" });
  const book = (id: number, name: string, edition: number) => ({
    id,
    name,
    edition,
    price: 10.5,
  });
  await Deno.writeTextFile(
    file,
    JSON.stringify([book(1, "B", 1), book(2, "A", 1), book(3, "A", 2)]),
  );
  const server = await startSqlBaseline(file, "/books");
  try {
    const page = await fetch(
      `http://127.0.0.1:${server.port}/books?pageSize=2&pageIndex=0`,
    );
    deepStrictEqual(await page.json(), {
      rows: [book(3, "A", 2), book(2, "A", 1)],
      totalRowCount: 3,
      totalPageCount: 2,
    });
  } finally {
    await server.stop();
    await Deno.remove(file);
  }
});

Deno.test("the SQL baselines run the statement the store sends for /books", async () => {
  const statements: string[] = [];
  const store = bookstoreStore({ onStatement: (sql) => statements.push(sql) });
  try {
    await store.ready();
    statements.length = 0;
    await new BookController(store).findBooks(0, 20);
    deepStrictEqual(statements, [pageSql(() => "?")]);
  } finally {
    await store.close();
  }
});
