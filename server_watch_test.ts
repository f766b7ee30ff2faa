/**
 * `deno task serve --watch` as a user runs it: a real process whose routes
 * reload on each edit of the bookstore, without a restart. The example
 * serves the repository's own bookstore, so the test runs a copy of
 * `server.ts` beside a copy of the bookstore (`src/`, `mod.ts` and
 * `runtime.ts` linked), which it edits.
 */
import assert from "node:assert/strict";
import { cp } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { lineProcess } from "./src/testing/line_process.ts";

const ROOT = fileURLToPath(new URL("./", import.meta.url));

/** A slow route, to have a request in flight across an edit. */
const SLOW = `  /** Answers late. */
  @Get("/slow")
  async slow(): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 700));
    return "v1";
  }

  /** Says hello. */`;

/** A route that writes: a new store, then how many there are. */
const ADDED = `  /** Opens a store; answers how many there are. */
  @Post("/added")
  async added(): Promise<Int> {
    await this.store.insert(BookStore, { id: 99, name: "NEW", website: null });
    return await this.store.count(BookStore);
  }

  private readonly store: Store;`;

/** A route that only reads. */
const COUNTED = `  /** How many stores there are. */
  @Get("/count")
  async counted(): Promise<Int> {
    return await this.store.count(BookStore);
  }

  private readonly store: Store;`;

/** The example's sources, copied beside links to Tailor's own modules. */
async function exampleCopy(): Promise<{ dir: string; bookstore: string }> {
  const dir = await Deno.makeTempDir({ dir: ROOT, prefix: ".tmp-" });
  for (const linked of ["src", "mod.ts", "runtime.ts"]) {
    await Deno.symlink(`${ROOT}${linked}`, `${dir}/${linked}`);
  }
  // Its own deno.json: the copy is the package that holds Tailor's runtime.
  for (
    const copied of ["server.ts", "server_app.ts", "deno.json", "deno.lock"]
  ) {
    await Deno.copyFile(`${ROOT}${copied}`, `${dir}/${copied}`);
  }
  const bookstore = `${dir}/fixtures/bookstore`;
  await cp(`${ROOT}fixtures/bookstore`, bookstore, { recursive: true });
  return { dir, bookstore };
}

Deno.test("serve --watch: an edit's routes are served on the next request, requests in flight end on the old code, the in-memory data survives, a bad edit keeps the last good version", async () => {
  const { dir, bookstore } = await exampleCopy();
  const edit = async (file: string, from: string, to: string) => {
    const path = `${bookstore}/${file}`;
    const text = await Deno.readTextFile(path);
    assert.ok(text.includes(from), from);
    await Deno.writeTextFile(path, text.replace(from, to));
  };
  await edit("app.ts", "  /** Says hello. */", SLOW);
  const server = lineProcess([
    "run",
    "-A",
    "server.ts",
    "--watch",
    "--skip-type-check",
    "--port",
    "0",
  ], dir);
  try {
    const base = (await server.line(/ on http:/)).match(/(http:\S+?)\/$/)![1];
    const folder = (await server.line(/^note: --watch keeps/))
      .match(/in (\S+)\/books\.db/)![1]!;
    await server.line(/^Ctrl-C stops it\./);
    const call = async (path: string, method = "GET") => {
      const response = await fetch(`${base}${path}`, { method });
      return `${response.status} ${await response.text()}`;
    };
    assert.equal(await call("/helloworld"), "200 Hello World!");
    assert.match(await call("/stores/added", "POST"), /^404 /);

    // An edit while a request is in flight: a new route, a new answer.
    const inFlight = call("/slow");
    inFlight.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 150));
    let logged = server.lines.length;
    await edit("app.ts", `return "v1";`, `return "v2";`);
    await edit(
      "store_controller.ts",
      "  private readonly store: Store;",
      ADDED,
    );
    await edit("store_controller.ts", "  Get,\n", "  Get,\n  Post,\n");
    // Asked once the watcher has seen the edit: it waits for the new code.
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(await call("/stores/added", "POST"), "200 4");
    assert.equal(await inFlight, "200 v1");
    assert.equal(await call("/slow"), "200 v2");
    await server.line(/routes reloaded in \d+ ms/, logged);
    assert.match(await call("/openapi.yml"), /\/stores\/added:/);

    // Another version: the row the last one wrote is still there.
    logged = server.lines.length;
    await edit(
      "store_controller.ts",
      "  private readonly store: Store;",
      COUNTED,
    );
    await server.line(/routes reloaded in \d+ ms/, logged);
    assert.equal(await call("/stores/count"), "200 4");

    // A new nullable property: its column is added to the table, which
    // keeps its rows (the book's shape takes every scalar).
    logged = server.lines.length;
    await edit(
      "entities.ts",
      "  /** Price in the store's currency. */",
      "  /** A subtitle. */\n  @Column({ nullable: true })\n  subtitle!: string | null;\n\n  /** Price in the store's currency. */",
    );
    await server.line(/routes reloaded in \d+ ms/, logged);
    assert.match(
      await call("/book/1"),
      /^200 \{"id":1,"name":"Learning GraphQL"/,
    );
    assert.equal(await call("/stores/count"), "200 4");

    // Code that does not start: the last good version serves, and says why.
    logged = server.lines.length;
    await edit(
      "app.ts",
      "/** A greeting",
      `throw new Error("boom at import");\n\n/** A greeting`,
    );
    await server.line(/the new code did not start: .*boom at import/, logged);
    assert.equal(await call("/stores/count"), "200 4");
    assert.equal(await call("/slow"), "200 v2");

    server.child.kill("SIGINT");
    assert.equal((await server.child.status).code, 0);
    await assert.rejects(Deno.stat(folder), Deno.errors.NotFound);
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
