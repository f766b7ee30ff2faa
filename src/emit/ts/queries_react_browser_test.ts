/**
 * A React app built by Vite with `@tanstack/react-query` and the generated
 * bookstore client's `createQueries`, run in headless Chromium against the
 * live example server: the React example of docs/typescript-client.md as
 * written (its list, and an order that invalidates the list), plus the
 * harness of testdata/react_app/main.tsx (a detail, an absent book, a
 * declared error narrowed by `isApiError`, and a query unmounted in flight,
 * which the server in front sees as a closed connection).
 *
 * The app's packages come in through its own import map (`npm:` specifiers,
 * locked in dev.lock) into a `node_modules` that `deno install` makes for
 * Vite.
 */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { CHROMIUM, launchBrowser } from "../../testing/browser.ts";
import { startExampleServer } from "../../testing/example_server.ts";
import { testWithTool } from "../../testing/needs_tool.ts";
import { emitTypeScript } from "./emit_typescript.ts";
import { deno, fixtureModelUrl, loadModel } from "./testdata/tools.ts";

const APP = new URL("./testdata/react_app/", import.meta.url);
const DEV_LOCK = fileURLToPath(new URL("../../../dev.lock", import.meta.url));
const DOCS = new URL("../../../docs/typescript-client.md", import.meta.url);

/** The app's import map: what Vite resolves from `node_modules`. */
const APP_CONFIG = {
  nodeModulesDir: "auto",
  imports: {
    "@tanstack/react-query": "npm:@tanstack/react-query@5.108.0",
    "@vitejs/plugin-react": "npm:@vitejs/plugin-react@6.3.0",
    "react": "npm:react@19.3.1",
    "react-dom": "npm:react-dom@19.3.1",
    "vite": "npm:vite@8.3.8",
  },
};

/** The `tsx` block under the docs' "React (TanStack Query)" heading. */
async function reactExample(): Promise<string> {
  const docs = await Deno.readTextFile(DOCS);
  const section = docs.split("\n## React (TanStack Query)\n")[1];
  const block = /```tsx\n([^]*?)\n```/.exec(section ?? "");
  assert.ok(block, "docs/typescript-client.md has a React example");
  return block[1]! + "\n";
}

/** `name@version` -> integrity of the npm packages of a lock file. */
async function lockedPackages(path: string): Promise<Map<string, string>> {
  const lock = JSON.parse(await Deno.readTextFile(path)) as {
    npm?: Record<string, { integrity?: string }>;
  };
  return new Map(
    Object.entries(lock.npm ?? {}).map(([key, entry]) => [
      // Without the peers: `vite@8.3.8_yaml@2.9.1` is `vite@8.3.8`.
      key.replace(/^(@?[^@]+@[^_]+)_.*$/, "$1"),
      entry.integrity ?? "",
    ]),
  );
}

/** Writes the app's project into `dir` and builds it into `dir/dist`. */
async function buildApp(dir: string): Promise<void> {
  const files = new Map<string, string>([
    ["deno.json", JSON.stringify(APP_CONFIG, null, 2)],
    ["index.html", await Deno.readTextFile(new URL("index.html", APP))],
    ["vite.config.ts", await Deno.readTextFile(new URL("vite.config.ts", APP))],
    ["src/main.tsx", await Deno.readTextFile(new URL("main.tsx", APP))],
    ["src/App.tsx", await reactExample()],
  ]);
  const client = emitTypeScript(
    await loadModel(fixtureModelUrl("bookstore")),
    { sourceName: "bookstore", importExtension: "none" },
  );
  for (const [path, text] of client) files.set(`src/__generated/${path}`, text);
  for (const [path, text] of files) {
    const full = `${dir}/${path}`;
    await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(full, text);
  }
  // `deno install` drops from a lock file what this import map does not
  // name: it gets a copy of dev.lock, and every package it then holds must
  // be in dev.lock with the same integrity.
  await Deno.copyFile(DEV_LOCK, `${dir}/dev.lock`);
  const install = await deno(["install", "--lock=dev.lock"], dir);
  assert.equal(install.code, 0, install.output);
  const locked = await lockedPackages(DEV_LOCK);
  for (const [name, integrity] of await lockedPackages(`${dir}/dev.lock`)) {
    assert.equal(locked.get(name), integrity, `${name} is locked in dev.lock`);
  }
  const lock = ["--frozen", "--lock=dev.lock"];
  const build = await deno(
    ["run", "-A", ...lock, "npm:vite@8.3.8", "build"],
    dir,
  );
  assert.equal(build.code, 0, build.output);
}

/**
 * Serves the built app, and `/api/...` from the bookstore at `api`; a
 * request with `pageSize=7` is held unanswered until its client goes.
 */
function serveApp(dist: string, api: string) {
  const requests: string[] = [];
  const held = Promise.withResolvers<void>();
  const closed = Promise.withResolvers<void>();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (request) => {
      const url = new URL(request.url);
      if (url.pathname.startsWith("/api/")) {
        const target = url.pathname.slice(4) + url.search;
        requests.push(target);
        if (url.searchParams.get("pageSize") === "7") {
          held.resolve();
          // Answered once the client has gone, or (a loose bound, so that
          // a client that never aborts fails the test instead of hanging
          // the server's shutdown) after 15 s.
          return await new Promise<Response>((resolve) => {
            const late = setTimeout(
              () => resolve(new Response(null, { status: 504 })),
              15_000,
            );
            request.signal.addEventListener("abort", () => {
              clearTimeout(late);
              closed.resolve();
              resolve(new Response(null, { status: 504 }));
            });
          });
        }
        return await fetch(api + target, {
          method: request.method,
          headers: request.headers,
          body: request.body,
        });
      }
      const path = url.pathname === "/" ? "/index.html" : url.pathname;
      if (path.includes("..")) return new Response(null, { status: 400 });
      try {
        const body = await Deno.readFile(`${dist}${path}`);
        const type = path.endsWith(".js")
          ? "text/javascript"
          : "text/html; charset=utf-8";
        return new Response(body, { headers: { "content-type": type } });
      } catch {
        return new Response(null, { status: 404 });
      }
    },
  );
  return {
    base: `http://127.0.0.1:${server.addr.port}`,
    requests,
    held: held.promise,
    closed: closed.promise,
    stop: () => server.shutdown(),
  };
}

/** `promise`, or a failure after `ms` (a loose bound, not a timing). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: not within ${ms} ms`)),
      ms,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

testWithTool(CHROMIUM, {
  name:
    "a Vite React app on @tanstack/react-query and createQueries, in Chromium",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async (t) => {
    const dir = await Deno.makeTempDir({ prefix: "tailor_react_" });
    const bookstore = await startExampleServer();
    const browser = await launchBrowser();
    try {
      await buildApp(dir);
      const app = serveApp(`${dir}/dist`, bookstore.base);
      try {
        const page = await browser.newPage();
        const failures: string[] = [];
        page.on("pageerror", (error) => failures.push(error.message));
        await page.goto(app.base);

        await t.step("the docs' example lists books", async () => {
          await page.locator("#app li").first().waitFor();
          assert.ok(await page.locator("#app li button").count() >= 2);
        });

        await t.step("an order invalidates the list", async () => {
          const lists = () =>
            app.requests.filter((r) => r === "/books?pageSize=10").length;
          const before = lists();
          await page.locator("#app li button").first().click();
          await within(
            (async () => {
              while (lists() === before) await page.waitForTimeout(20);
            })(),
            10_000,
            "the list fetched again",
          );
          assert.ok(app.requests.some((r) => /^\/book\/\d+\/order$/.test(r)));
        });

        await t.step("a detail and an absent book (null)", async () => {
          await page.locator("#detail", { hasText: "authors" }).waitFor();
          assert.match(
            await page.locator("#detail").innerText(),
            /^\d+ \d+ authors$/,
          );
          await page.locator("#absent", { hasText: "null" }).waitFor();
        });

        await t.step("a declared error narrowed by isApiError", async () => {
          await page.locator("#refuse").click();
          await page.locator("#refusal", { hasText: "NOT_FOUND 987654" })
            .waitFor();
        });

        await t.step("unmounting cancels the request in flight", async () => {
          await page.locator("#show").click();
          await within(app.held, 10_000, "the held request arrived");
          await page.locator("#hide").click();
          await within(
            app.closed,
            10_000,
            "the server saw the connection close",
          );
        });

        assert.deepEqual(failures, []);
      } finally {
        await app.stop();
      }
    } finally {
      await browser.close();
      await bookstore.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
