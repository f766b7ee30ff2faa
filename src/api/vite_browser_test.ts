/**
 * A front end that runs Vite against a client kept by `api --watch` picks
 * up a server edit: the page, in headless Chromium, shows the client's
 * service methods, and after a controller's method is renamed it shows the
 * new name without anyone touching the browser (Vite reloads it).
 */

import assert from "node:assert/strict";
import { createServer } from "../server/create_server.ts";
import { listen } from "../server/listen.ts";
import { CHROMIUM, launchBrowser, type Page } from "../testing/browser.ts";
import { copyFixture } from "../testing/fixture_copy.ts";
import { testWithTool } from "../testing/needs_tool.ts";
import { startVite } from "../testing/vite.ts";
import { parseCommandLine, resolveOptions } from "./args.ts";
import { watchClient } from "./watch_client.ts";

const INDEX = `<!doctype html>
<html><body><p id="methods">loading</p>
<script type="module" src="/src/main.ts"></script></body></html>
`;

/** Lists the methods of the generated BookService. */
const MAIN = `import { BookService } from "./api/services/BookService.ts";
import type { Executor } from "./api/Executor.ts";

const service = new BookService({} as Executor);
document.getElementById("methods")!.textContent = Object.keys(service)
  .sort()
  .join(",");
`;

/** Waits until the page lists `method`. */
async function shows(page: Page, method: string): Promise<void> {
  await page.waitForFunction(
    `(document.getElementById("methods")?.textContent ?? "").split(",").includes(${
      JSON.stringify(method)
    })`,
    undefined,
    { timeout: 30_000 },
  );
}

testWithTool(CHROMIUM, {
  name:
    "vite: a page served by Vite against an api --watch client follows a server edit",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const copy = await copyFixture("bookstore");
    const quiet = console.error;
    console.error = () => {};
    const watching = new AbortController();
    const stop = new AbortController();
    const app = await createServer({
      project: copy.project,
      typeCheck: false,
      watch: { signal: watching.signal, debounceMs: 10 },
    });
    const server = listen(app.fetch, { port: 0, hostname: "127.0.0.1" });
    const front = `${copy.dir}/front`;
    await Deno.mkdir(`${front}/src`, { recursive: true });
    await Deno.writeTextFile(`${front}/index.html`, INDEX);
    await Deno.writeTextFile(`${front}/src/main.ts`, MAIN);
    const updated = Promise.withResolvers<void>();
    const watched = watchClient(
      resolveOptions(parseCommandLine([
        `http://127.0.0.1:${server.port}/ts.zip`,
        `${front}/src/api`,
      ])),
      { signal: stop.signal, log: () => {}, onUpdate: () => updated.resolve() },
    );
    await updated.promise;
    const vite = await startVite(front);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(vite.url);
      const methods = page.locator("#methods");
      await shows(page, "findBooks");
      assert.match((await methods.textContent())!, /(^|,)findBooks(,|$)/);

      const controller = `${copy.project}/book_controller.ts`;
      const text = await Deno.readTextFile(controller);
      await Deno.writeTextFile(
        controller,
        text.replace("  findBooks(", "  findBooksLive("),
      );
      await shows(page, "findBooksLive");
      assert.doesNotMatch(
        (await methods.textContent())!,
        /(^|,)findBooks(,|$)/,
      );
    } finally {
      await browser.close();
      await vite.close();
      stop.abort();
      await watched;
      watching.abort();
      await server.shutdown();
      console.error = quiet;
      await copy.remove();
    }
  },
});
