import assert from "node:assert/strict";
import { main } from "../../../cli.ts";
import {
  CHROMIUM,
  launchBrowser,
  serveDirectory,
} from "../../testing/browser.ts";
import { testWithTool } from "../../testing/needs_tool.ts";

/**
 * Where the screenshots of the page are kept as test artifacts: the whole
 * page, and its first screen (the picture docs/openapi-page.png is copied
 * from).
 */
const SCREENSHOT = "out/test-artifacts/openapi-page.png";
const FIRST_SCREEN = "out/test-artifacts/openapi-page-first-screen.png";

testWithTool(CHROMIUM, {
  name:
    "openapi page: the generated page lists the operations and expands a schema, offline",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const out = await Deno.makeTempDir();
    const status = await main([
      "generate",
      "--project",
      "fixtures/bookstore",
      "--out",
      out,
      "--target",
      "openapi",
    ]);
    assert.equal(status, 0);
    const server = serveDirectory(out);
    const browser = await launchBrowser();
    const outside: string[] = [];
    try {
      const page = await browser.newPage();
      await page.route("**/*", (route) => {
        const url = route.request().url();
        if (url.startsWith(server.base)) return route.continue();
        outside.push(url);
        return route.abort();
      });
      await page.goto(`${server.base}/openapi.html`);
      await page.waitForSelector(".opblock-summary-path", { timeout: 30_000 });
      const paths = await page.locator(".opblock-summary-path")
        .allTextContents();
      const listed = paths.map((p) => p.replace(/\u200b/g, "").trim());
      for (
        const path of [
          "/books",
          "/book/{id}",
          "/authors/mostActive",
          "/helloworld",
        ]
      ) {
        assert.ok(
          listed.includes(path),
          `${path} not among ${listed.join(", ")}`,
        );
      }
      const model = page.locator("#model-Book_BookController_COMPLEX_FETCHER");
      await model.scrollIntoViewIfNeeded();
      await model.locator("button").first().click();
      await model.locator("tr.property-row").first().waitFor({
        timeout: 10_000,
      });
      const rows = await model.locator("tr.property-row > td:first-child")
        .allTextContents();
      assert.deepEqual(
        rows.map((row) => row.replace("*", "").trim()),
        ["id", "name", "edition", "price", "store", "authors"],
      );
      await Deno.mkdir("out/test-artifacts", { recursive: true });
      await page.screenshot({ path: SCREENSHOT, fullPage: true });
      await page.evaluate("window.scrollTo(0, 0)");
      await page.screenshot({ path: FIRST_SCREEN });
      assert.deepEqual(outside, [], "the page reached outside localhost");
    } finally {
      await browser.close();
      await server.stop();
      await Deno.remove(out, { recursive: true });
    }
  },
});
