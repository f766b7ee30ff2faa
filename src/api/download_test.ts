import assert from "node:assert/strict";
import { download, DownloadError } from "./download.ts";

const LIMITS = {
  connectTimeoutMs: 5000,
  idleTimeoutMs: 5000,
  maxBytes: 1 << 20,
};

/** A server answering every request with `answer`; the last request's headers. */
function serving(answer: () => Response) {
  let last: Headers | undefined;
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    (request) => {
      last = new Headers(request.headers);
      return answer();
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}/ts.zip`,
    last: () => last!,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

const DELTA_HEADERS = {
  "etag": '"new"',
  "im": "changed-files",
  "delta-base": '"old"',
  "tailor-removed": "a.ts,d%C3%A9j%C3%A0%2Cvu.ts",
};

Deno.test("download: a delta asked for comes with the paths it removes", async () => {
  await using server = serving(() =>
    new Response("zip", { status: 226, headers: DELTA_HEADERS })
  );
  const got = await download(server.url, {
    ...LIMITS,
    ifNoneMatch: '"old"',
    acceptDelta: true,
  });
  assert.equal(server.last().get("a-im"), "changed-files");
  assert.equal(server.last().get("if-none-match"), '"old"');
  assert.equal(got?.etag, '"new"');
  assert.deepEqual(got?.delta, { removed: ["a.ts", "déjà,vu.ts"] });
});

Deno.test("download: a 226 not asked for, or from another base, is refused", async () => {
  await using server = serving(() =>
    new Response("zip", { status: 226, headers: DELTA_HEADERS })
  );
  await assert.rejects(
    download(server.url, { ...LIMITS, ifNoneMatch: '"old"' }),
    DownloadError,
  );
  assert.equal(server.last().get("a-im"), null);
  await assert.rejects(
    download(server.url, {
      ...LIMITS,
      ifNoneMatch: '"other"',
      acceptDelta: true,
    }),
    /226 with IM changed-files from "old"/,
  );
});
