/**
 * Headless Chromium for browser tests, driven by playwright-core. Chromium
 * comes from Debian (`.ci/run` installs it); a test that needs it is
 * registered with `testWithTool(CHROMIUM, ...)`: ignored with a printed
 * reason where it is missing, failing under `REQUIRE_BROWSER=1` (CI).
 *
 * @module
 */

// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import { type Browser, chromium, type Page } from "npm:playwright-core@1.65.1";

/** A page of the browser, for tests that drive one. */
export type { Page };
import type { Tool } from "./needs_tool.ts";

/** Where Debian installs Chromium; `CHROMIUM` overrides it. */
export const CHROMIUM_PATH = Deno.env.get("CHROMIUM") ?? "/usr/bin/chromium";

/** Flags that keep Chromium from reaching outside this machine. */
const OFFLINE_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function chromiumInstalled(): boolean {
  try {
    return Deno.statSync(CHROMIUM_PATH).isFile;
  } catch {
    return false;
  }
}

/** Chromium, required when `REQUIRE_BROWSER=1` (CI); see needs_tool.ts. */
export const CHROMIUM: Tool = {
  problem: chromiumInstalled()
    ? undefined
    : `there is no Chromium at ${CHROMIUM_PATH}`,
  requiredBy: "REQUIRE_BROWSER",
  install: "apt-get install -y chromium, or set CHROMIUM to its path",
};

/** Launches headless Chromium with a fresh profile and no outside traffic. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: OFFLINE_FLAGS,
  });
}

/** Serves the files of `dir` on a loopback port; `stop()` ends it. */
export function serveDirectory(dir: string): {
  readonly base: string;
  readonly stop: () => Promise<void>;
} {
  const types: Record<string, string> = {
    html: "text/html; charset=utf-8",
    js: "text/javascript; charset=utf-8",
    css: "text/css; charset=utf-8",
    yml: "application/yaml; charset=utf-8",
    png: "image/png",
    txt: "text/plain; charset=utf-8",
  };
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (request) => {
      const path = decodeURIComponent(new URL(request.url).pathname);
      if (path.split("/").includes("..")) {
        return new Response("bad path", { status: 400 });
      }
      try {
        const body = await Deno.readFile(`${dir}${path}`);
        const type = types[path.slice(path.lastIndexOf(".") + 1)] ??
          "application/octet-stream";
        return new Response(body, { headers: { "content-type": type } });
      } catch {
        return new Response("not found", { status: 404 });
      }
    },
  );
  return {
    base: `http://127.0.0.1:${server.addr.port}`,
    stop: () => server.shutdown(),
  };
}
