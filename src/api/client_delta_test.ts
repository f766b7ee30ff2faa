import assert from "node:assert/strict";
import { createZip } from "../archive/zip.ts";
import { readTree } from "../fs/tree.ts";
import { parseCommandLine, resolveOptions } from "./args.ts";
import { updateClient } from "./client.ts";
import { DownloadError } from "./download.ts";

const WHOLE = new Map([
  ["index.ts", "export * from './a.ts';\n"],
  ["a.ts", "/** A. */\nexport const a = 1;\n"],
  ["b.ts", "export const b = 2;\n"],
]);

/**
 * A server holding version "v2": the whole archive, or, asked with
 * `A-IM: changed-files` from "v1", `delta` and `removed`.
 */
function serving(delta: ReadonlyMap<string, string>, removed = "") {
  const asked: string[] = [];
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    (request) => {
      const wantsDelta = request.headers.get("a-im") === "changed-files" &&
        request.headers.get("if-none-match") === '"v1"';
      asked.push(wantsDelta ? "delta" : "whole");
      if (!wantsDelta) {
        return new Response(createZip(WHOLE).slice(), {
          headers: { etag: '"v2"' },
        });
      }
      return new Response(createZip(delta).slice(), {
        status: 226,
        headers: {
          "etag": '"v2"',
          "im": "changed-files",
          "delta-base": '"v1"',
          ...(removed === "" ? {} : { "tailor-removed": removed }),
        },
      });
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}/ts.zip`,
    asked,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

async function clientDir(url: string): Promise<string> {
  const dir = `${await Deno.makeTempDir({ prefix: "tailor-delta-" })}/client`;
  await updateClient(resolveOptions(parseCommandLine([url, dir])));
  return dir;
}

Deno.test("client delta: the changed files are applied, the others kept", async () => {
  await using server = serving(
    new Map([["a.ts", "/** A, edited. */\nexport const a = 1;\n"]]),
    "b.ts",
  );
  const dir = await clientDir(server.url);
  const updated = await updateClient(
    resolveOptions(parseCommandLine([server.url, dir])),
    { ifNoneMatch: '"v1"', acceptDelta: true },
  );
  assert.deepEqual(server.asked, ["whole", "delta"]);
  assert.equal(updated?.etag, '"v2"');
  assert.deepEqual(updated?.changes, {
    added: [],
    changed: ["a.ts"],
    removed: ["b.ts"],
  });
  const tree = await readTree(dir);
  assert.equal(tree.get("a.ts"), "/** A, edited. */\nexport const a = 1;\n");
  assert.equal(tree.get("index.ts"), WHOLE.get("index.ts"));
  assert.equal(tree.has("b.ts"), false);
});

Deno.test("client delta: a directory gone since is fetched whole again", async () => {
  await using server = serving(new Map([["a.ts", "x"]]));
  const dir = await clientDir(server.url);
  await Deno.remove(dir, { recursive: true });
  await updateClient(
    resolveOptions(parseCommandLine([server.url, dir])),
    { ifNoneMatch: '"v1"', acceptDelta: true },
  );
  assert.deepEqual(server.asked, ["whole", "delta", "whole"]);
  const tree = await readTree(dir);
  assert.equal(tree.get("a.ts"), WHOLE.get("a.ts"));
  assert.equal(tree.get("b.ts"), WHOLE.get("b.ts"));
});

Deno.test("client delta: an unsafe path to remove is refused, the directory left as it was", async () => {
  await using server = serving(new Map([["a.ts", "x"]]), "..%2Foutside.ts");
  const dir = await clientDir(server.url);
  const before = await readTree(dir);
  await assert.rejects(
    updateClient(
      resolveOptions(parseCommandLine([server.url, dir])),
      { ifNoneMatch: '"v1"', acceptDelta: true },
    ),
    (error) => error instanceof DownloadError && /unsafe/.test(error.message),
  );
  assert.deepEqual(await readTree(dir), before);
});
