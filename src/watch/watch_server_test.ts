import assert from "node:assert/strict";
import { createServer } from "../server/create_server.ts";
import { copyFixture } from "../testing/fixture_copy.ts";
import type { Reload } from "./watch_server.ts";
import { RESTART_NEEDED } from "../server/serving_guard.ts";
import { bookstoreServing } from "../../fixtures/bookstore/serving.ts";

Deno.test("createServer watch: an edit gives new artifacts and ETags; an edit with an error keeps the last good ones", async () => {
  const copy = await copyFixture("bookstore");
  const controller = new AbortController();
  const reloads: ((reload: Reload) => void)[] = [];
  const nextReload = () =>
    new Promise<Reload>((resolve) => reloads.push(resolve));
  const printed: string[] = [];
  const originalError = console.error;
  console.error = (line: string) => printed.push(line);
  try {
    const app = await createServer({
      project: copy.project,
      watch: {
        signal: controller.signal,
        onReload: (reload) => reloads.shift()?.(reload),
      },
    });
    const get = async (headers: Record<string, string> = {}) => {
      const response = await app.request("/openapi.yml", { headers });
      return {
        status: response.status,
        etag: response.headers.get("etag") ?? "",
        text: await response.text(),
      };
    };
    const edit = async (file: string, from: string, to: string) => {
      const path = `${copy.project}/${file}`;
      const text = await Deno.readTextFile(path);
      assert.ok(text.includes(from));
      await Deno.writeTextFile(path, text.replace(from, to));
    };
    const first = await get();
    assert.match(first.text, /listing and details/);

    let reloaded = nextReload();
    await edit(
      "book_controller.ts",
      "listing and details.",
      "listed and detailed.",
    );
    assert.equal((await reloaded).ok, true);
    const second = await get({ "if-none-match": first.etag });
    assert.equal(second.status, 200);
    assert.notEqual(second.etag, first.etag);
    assert.match(second.text, /listed and detailed/);

    reloaded = nextReload();
    await edit("entities.ts", "price!: number;", "price!: nmber;");
    assert.equal((await reloaded).ok, false);
    assert.deepEqual(await get(), second);
    assert.equal(
      (await get({ "if-none-match": second.etag })).status,
      304,
    );
    assert.ok(
      printed.some((line) => line.startsWith("entities.ts:60:11 - error")),
      printed.join("\n"),
    );
    assert.ok(
      printed.includes("2 error(s); still serving the last good artifacts."),
      printed.join("\n"),
    );
  } finally {
    console.error = originalError;
    controller.abort();
    await copy.remove();
  }
});

Deno.test("createServer watch with controllers: a route edit keeps the served document and says to restart; a doc edit is followed", async () => {
  const copy = await copyFixture("bookstore");
  const controller = new AbortController();
  const reloads: ((reload: Reload) => void)[] = [];
  const nextReload = () =>
    new Promise<Reload>((resolve) => reloads.push(resolve));
  const printed: string[] = [];
  const originalError = console.error;
  console.error = (line: string) => printed.push(line);
  const bookstore = bookstoreServing();
  try {
    const app = await createServer({
      project: copy.project,
      typeCheck: false,
      controllers: bookstore.controllers,
      fetcherOwners: bookstore.fetcherOwners,
      middleware: [bookstore.middleware],
      watch: {
        signal: controller.signal,
        onReload: (reload) => reloads.shift()?.(reload),
      },
    });
    const document = async () =>
      await (await app.request("/openapi.yml")).text();
    const edit = async (from: string, to: string) => {
      const path = `${copy.project}/book_controller.ts`;
      const text = await Deno.readTextFile(path);
      assert.ok(text.includes(from));
      const reloaded = nextReload();
      await Deno.writeTextFile(path, text.replace(from, to));
      assert.equal((await reloaded).ok, true);
    };

    await edit('@Get("/books")', '@Get("/book-list")');
    assert.equal(printed.filter((line) => line === RESTART_NEEDED).length, 1);
    const kept = await document();
    assert.match(kept, /\n {2}\/books:\n/);
    assert.doesNotMatch(kept, /book-list/);
    assert.equal((await app.request("/books")).status, 200);
    assert.equal((await app.request("/book-list")).status, 404);

    await edit('@Get("/book-list")', '@Get("/books")');
    await edit("listing and details.", "listed and detailed.");
    assert.match(await document(), /listed and detailed/);
  } finally {
    console.error = originalError;
    controller.abort();
    await copy.remove();
  }
});
