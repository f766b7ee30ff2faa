import assert from "node:assert/strict";
import { zipSync } from "fflate";
import { createZip } from "../src/archive/zip.ts";
import { readTree, writeTree } from "../src/fs/tree.ts";
import { downloadClient, DownloadError } from "./api.ts";

/** Serves fixed answers on a loopback port for the duration of `body`. */
async function withServer(
  answers: Record<string, () => Response>,
  body: (base: string) => Promise<void>,
): Promise<void> {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (request) => {
      const answer = answers[new URL(request.url).pathname];
      return answer ? answer() : new Response("not found", { status: 404 });
    },
  );
  try {
    await body(`http://127.0.0.1:${server.addr.port}`);
  } finally {
    await server.shutdown();
  }
}

async function existingClient(): Promise<string> {
  const dir = `${await Deno.makeTempDir()}/__generated`;
  await writeTree(dir, new Map([["index.ts", "// old client\n"]]));
  return dir;
}

Deno.test("api: a good archive replaces the generated directory", async () => {
  const dir = await existingClient();
  const zip = createZip(
    new Map([["index.ts", "// new\n"], ["services/A.ts", "a"]]),
  );
  await withServer(
    { "/ts.zip": () => new Response(zip.slice()) },
    async (base) => {
      assert.equal(await downloadClient(`${base}/ts.zip`, dir), 2);
    },
  );
  assert.deepEqual([...await readTree(dir)], [["index.ts", "// new\n"], [
    "services/A.ts",
    "a",
  ]]);
});

Deno.test("api: failures leave the existing directory untouched", async () => {
  const dir = await existingClient();
  const evil = zipSync({ "../escaped.ts": new Uint8Array([1]) });
  await withServer({
    "/500": () => new Response("boom", { status: 500 }),
    "/html": () => new Response("<html></html>"),
    "/evil": () => new Response(evil.slice()),
    "/empty": () => new Response(zipSync({}).slice()),
  }, async (base) => {
    for (const path of ["/500", "/html", "/evil", "/empty", "/missing"]) {
      await assert.rejects(
        () => downloadClient(`${base}${path}`, dir),
        DownloadError,
        path,
      );
    }
  });
  await assert.rejects(
    () => downloadClient("http://127.0.0.1:1/ts.zip", dir),
    DownloadError,
  );
  assert.deepEqual([...await readTree(dir)], [["index.ts", "// old client\n"]]);
  const parent = dir.slice(0, dir.lastIndexOf("/"));
  const names = (await Array.fromAsync(Deno.readDir(parent))).map((e) =>
    e.name
  );
  assert.deepEqual(names, ["__generated"]);
});
