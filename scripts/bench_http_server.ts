/**
 * The baseline server of the benchmark's load tests: a bare Hono route
 * serving the bytes of FILE at PATH on 127.0.0.1:PORT (Tailor's side is its
 * own server.ts).
 *
 *   deno run -A scripts/bench_http_server.ts FILE PATH PORT
 *
 * @module
 */

import { Hono } from "hono";

if (import.meta.main) {
  const [file = "", path = "/", port = "0"] = Deno.args;
  const bytes = await Deno.readFile(file);
  const type = path.endsWith(".zip") ? "application/zip" : "text/plain";
  const app = new Hono().get(
    path,
    (c) => c.body(bytes, 200, { "content-type": type }),
  );
  Deno.serve(
    { hostname: "127.0.0.1", port: Number(port), onListen() {} },
    app.fetch,
  );
}
