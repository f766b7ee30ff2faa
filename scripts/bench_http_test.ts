import { deepStrictEqual, rejects } from "node:assert/strict";
import { startBareServer } from "./bench_http.ts";

Deno.test("the bare Hono server answers with the file's bytes", async () => {
  const file = await Deno.makeTempFile({ suffix: ".zip" });
  await Deno.writeFile(file, new Uint8Array([80, 75, 5, 6, 0, 1]));
  const server = await startBareServer(file, "/ts.zip");
  try {
    const response = await fetch(`http://127.0.0.1:${server.port}/ts.zip`);
    deepStrictEqual(response.headers.get("content-type"), "application/zip");
    deepStrictEqual(
      new Uint8Array(await response.arrayBuffer()),
      new Uint8Array([80, 75, 5, 6, 0, 1]),
    );
  } finally {
    await server.stop();
    await Deno.remove(file);
  }
});

Deno.test("a server that cannot start gives its first output line", async () => {
  await rejects(
    startBareServer("/nonexistent/file.zip", "/ts.zip"),
    /^Error: .*bench_http_server\.ts exited with 1: error: Uncaught \(in promise\) NotFound/,
  );
});
