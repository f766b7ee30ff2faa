/**
 * The OpenAPI page served by a running server, driven in Chromium: its
 * "Authorize" button takes a bearer token (the `bearer` scheme of the
 * treeshop's `orm.client.openapi.properties.components.securitySchemes`)
 * and "Try it out" then sends it to the server, which answers 200 instead of
 * 401.
 */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import type { Hono } from "hono";
import {
  treeshopAuthenticators,
  treeshopInjectors,
} from "../../fixtures/treeshop/injectors.ts";
import {
  HiddenController,
  TreeController,
} from "../../fixtures/treeshop/tree_controller.ts";
import { loadConfig } from "../config/config.ts";
import { CHROMIUM, launchBrowser, type Page } from "../testing/browser.ts";
import { testWithTool } from "../testing/needs_tool.ts";
import { createServer } from "./create_server.ts";

const TREESHOP = fileURLToPath(
  new URL("../../fixtures/treeshop", import.meta.url),
);

/** Fills and runs "Try it out" of `POST /tree/nodes`; returns the status shown. */
async function tryCreateNode(page: Page, requestId: string): Promise<string> {
  const operation = page.locator("#operations-TreeService-createNode");
  // The operation renders its "Try it out" / "Cancel" toggle some time after
  // it is expanded: wait for it, then switch it on unless it is on already.
  const toggle = operation.locator("button.try-out__btn").first();
  await toggle.waitFor({ timeout: 20_000 });
  if ((await toggle.textContent())?.trim() === "Try it out") {
    await toggle.click();
  }
  await operation.locator("textarea.body-param__text").fill(
    JSON.stringify({ name: "Socks", parentId: 1 }),
  );
  await operation.locator('tr[data-param-name="x-request-id"] input').fill(
    requestId,
  );
  await operation.locator("button.execute").click();
  const status = operation.locator(
    ".live-responses-table tr.response .response-col_status",
  );
  await status.first().waitFor({ timeout: 20_000 });
  // The table shows the previous answer until the new one arrives.
  await page.waitForTimeout(200);
  return (await status.first().textContent())?.trim() ?? "";
}

testWithTool(CHROMIUM, {
  name:
    "openapi page: Authorize sends a bearer token that the running server accepts",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const tree = new TreeController();
    // The app needs the server's URL, which only the started server knows.
    const served: { app?: Hono } = {};
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      (request) => served.app!.fetch(request),
    );
    const base = `http://127.0.0.1:${server.addr.port}`;
    // The document lists this server, as a deployment lists its own URL.
    const config = await loadConfig(TREESHOP);
    served.app = await createServer({
      project: TREESHOP,
      config: {
        ...config,
        openapiExtras: { ...config.openapiExtras, servers: [{ url: base }] },
      },
      typeCheck: false,
      controllers: [tree, new HiddenController()],
      inject: treeshopInjectors,
      authenticate: treeshopAuthenticators,
    });
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const authorizations: (string | undefined)[] = [];
      await page.route("**/*", async (route) => {
        const request = route.request();
        if (!request.url().startsWith(base)) return await route.abort();
        if (request.url() === `${base}/tree/nodes`) {
          authorizations.push(request.headers()["authorization"]);
        }
        return await route.continue();
      });
      await page.goto(`${base}/openapi.html`);
      const operation = page.locator("#operations-TreeService-createNode");
      await operation.waitFor({ timeout: 30_000 });
      // Expanded by a click unless the page opened it already.
      if (!(await operation.getAttribute("class"))?.includes("is-open")) {
        await operation.locator(".opblock-summary").first().click();
      }

      assert.equal(await tryCreateNode(page, "r-1"), "401");

      await page.locator("button.authorize").first().click();
      const dialog = page.locator(".dialog-ux");
      await dialog.locator("input").first().fill("ann");
      await dialog.locator("button.authorize").click();
      await dialog.locator("button.btn-done").click();

      assert.equal(await tryCreateNode(page, "r-2"), "200");
      assert.deepEqual(authorizations, [undefined, "Bearer ann"]);
      assert.deepEqual(tree.log, ["ann added 7 (r-2)"]);
    } finally {
      await browser.close();
      await server.shutdown();
    }
  },
});
