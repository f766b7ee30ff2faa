/**
 * `tailor dev main.ts` as a user runs it: a real process, an edit's route
 * served without a restart, and an app whose store is in memory told so on
 * each reload, not left to lose its data silently.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { copyFixture } from "../testing/fixture_copy.ts";
import { lineProcess } from "../testing/line_process.ts";
import { IN_MEMORY_RELOAD } from "../store/driver.ts";

const CLI = fileURLToPath(new URL("../../cli.ts", import.meta.url));

/** The bookstore as a user's app, its store in memory. */
const MAIN = `import { createServer } from "../../mod.ts";
import { bookstoreServing } from "./serving.ts";

const bookstore = bookstoreServing();
await bookstore.store.ready();
const app = await createServer({
  project: import.meta.dirname!,
  controllers: bookstore.controllers,
  fetcherOwners: bookstore.fetcherOwners,
  middleware: [bookstore.middleware],
});
export default app;
`;

Deno.test("tailor dev: a reload serves the edit's route; an in-memory store says it starts over", async () => {
  const copy = await copyFixture("bookstore");
  await Deno.writeTextFile(`${copy.project}/main.ts`, MAIN);
  const dev = lineProcess([
    "run",
    "-A",
    CLI,
    "dev",
    "main.ts",
    "--skip-type-check",
    "--port",
    "0",
  ], copy.project);
  try {
    const base = (await dev.line(/ on http:/)).match(/(http:\S+?)\/$/)![1];
    await dev.line(/^Routes reload on each save\./);
    const get = async (path: string) => {
      const response = await fetch(`${base}${path}`);
      return `${response.status} ${await response.text()}`;
    };
    assert.equal(await get("/helloworld"), "200 Hello World!");
    assert.equal((await get("/added")).slice(0, 3), "404");
    // The first version's store is new anyway: nothing to say.
    assert.ok(!dev.lines.includes(IN_MEMORY_RELOAD), dev.lines.join("\n"));

    const logged = dev.lines.length;
    const app = `${copy.project}/app.ts`;
    const text = await Deno.readTextFile(app);
    await Deno.writeTextFile(
      app,
      text.replace(
        "  /** Says hello. */",
        `  /** New. */\n  @Get("/added")\n  added(): string {\n    return "added";\n  }\n\n  /** Says hello. */`,
      ),
    );
    await dev.line(/^routes reloaded in \d+ ms \(analysis/, logged);
    assert.equal(await get("/added"), "200 added");
    await dev.line(/^warning: the reloaded app opened an in-memory/, logged);

    dev.child.kill("SIGINT");
    assert.equal((await dev.child.status).code, 0);
  } finally {
    await dev.stop();
    await copy.remove();
  }
});
