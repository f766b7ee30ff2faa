/**
 * A browser app of another origin calls the server through the generated
 * client, as a Vite app on `localhost:5173` calls its API: a page served by
 * a second server on another 127.0.0.1 port loads the bundled TypeScript
 * client in Chromium and creates a node (a preflighted POST with a bearer
 * token, a JSON body and a header parameter). The same page from an origin
 * the `cors` option does not list cannot.
 */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  treeshopAuthenticators,
  treeshopInjectors,
} from "../../fixtures/treeshop/injectors.ts";
import {
  HiddenController,
  TreeController,
} from "../../fixtures/treeshop/tree_controller.ts";
import { CHROMIUM, launchBrowser } from "../testing/browser.ts";
import { testWithTool } from "../testing/needs_tool.ts";
import { assertSucceeded, runDeno } from "../testing/run.ts";
import { createServer } from "./create_server.ts";
import { listen } from "./listen.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The client of `api`, downloaded and bundled into one browser script. */
async function bundledClient(api: string, dir: string): Promise<string> {
  assertSucceeded(
    "deno task api",
    await runDeno([
      "run",
      "-A",
      "cli.ts",
      "api",
      `${api}/ts.zip`,
      `${dir}/gen`,
    ], {
      cwd: ROOT,
    }),
  );
  await Deno.writeTextFile(
    `${dir}/main.ts`,
    'import * as client from "./gen/index.ts";\n' +
      "(globalThis as Record<string, unknown>).client = client;\n",
  );
  assertSucceeded(
    "deno bundle",
    await runDeno([
      "bundle",
      "--platform",
      "browser",
      "-o",
      `${dir}/client.js`,
      `${dir}/main.ts`,
    ]),
  );
  return await Deno.readTextFile(`${dir}/client.js`);
}

/** A page server on a free port: `/` loads `/client.js`, `script.text`. */
function pageServer(
  script: { text: string },
): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (request) =>
      new URL(request.url).pathname === "/client.js"
        ? new Response(script.text, {
          headers: { "content-type": "text/javascript" },
        })
        : new Response('<!doctype html><script src="/client.js"></script>', {
          headers: { "content-type": "text/html" },
        }),
  );
}

testWithTool(CHROMIUM, {
  name:
    "cors: a page of an allowed origin calls the server through the generated client; another origin cannot",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "tailor_cors_" });
    const script = { text: "" };
    // Two page origins: the first is listed, the second is not.
    const pages = [pageServer(script), pageServer(script)];
    const origins = pages.map((p) => `http://127.0.0.1:${p.addr.port}`);
    const tree = new TreeController();
    const app = await createServer({
      project: `${ROOT}fixtures/treeshop`,
      typeCheck: false,
      controllers: [tree, new HiddenController()],
      inject: treeshopInjectors,
      authenticate: treeshopAuthenticators,
      cors: { origins: [origins[0]!] },
    });
    const server = listen(app.fetch, { port: 0, hostname: "127.0.0.1" });
    const api = `http://127.0.0.1:${server.port}`;
    const browser = await launchBrowser();
    try {
      script.text = await bundledClient(api, dir);
      const results: string[] = [];
      for (const origin of origins) {
        const page = await browser.newPage();
        // No page.route here: with request interception on, Chromium sends
        // the cross-origin POST even when its preflight fails.
        const outside: string[] = [];
        page.on("request", (request) => {
          if (!request.url().startsWith("http://127.0.0.1:")) {
            outside.push(request.url());
          }
        });
        await page.goto(`${origin}/`);
        results.push(
          await page.evaluate(async (base) => {
            // deno-lint-ignore no-explicit-any
            const { Api, createFetchExecutor } = (globalThis as any).client;
            const api = new Api(createFetchExecutor({
              baseUrl: base,
              headers: { authorization: "Bearer ann" },
            }));
            try {
              const node = await api.treeService.createNode({
                body: { name: "Socks", parentId: 1 },
                requestId: "r-1",
              });
              return JSON.stringify(node);
            } catch (error) {
              return `refused: ${(error as Error).message}`;
            }
          }, api),
        );
        assert.deepEqual(outside, []);
      }
      assert.equal(results[0], '{"id":7,"name":"Socks","parent":{"id":1}}');
      assert.match(results[1]!, /^refused: .*fetch/i);
      assert.deepEqual(tree.log, ["ann added 7 (r-1)"]);
    } finally {
      await browser.close();
      for (const page of pages) await page.shutdown();
      await server.shutdown();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
