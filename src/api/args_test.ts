import assert from "node:assert/strict";
import {
  type ApiOptions,
  DEFAULT_DIR,
  DEFAULT_URL,
  type FileSettings,
  parseCommandLine,
  resolveOptions,
  UsageError,
} from "./args.ts";

/** The options of `args`, over `config` when given. */
function options(args: string[], config?: FileSettings): ApiOptions {
  return resolveOptions(parseCommandLine(args), config);
}

Deno.test("api args: defaults", () => {
  assert.deepEqual(options([]), {
    url: DEFAULT_URL,
    dir: DEFAULT_DIR,
    force: false,
    watch: false,
    connectTimeoutMs: 10_000,
    idleTimeoutMs: 30_000,
    maxBytes: 64 * 1024 * 1024,
    maxEntries: 20_000,
    maxUnpackedBytes: 64 * 1024 * 1024,
  });
  assert.equal(parseCommandLine(["--help"]).help, true);
  assert.equal(parseCommandLine(["-h"]).help, true);
});

Deno.test("api args: flags become options and query parameters", () => {
  const parsed = options([
    "http://h:1/ts.zip?x=1",
    "out",
    "--groups",
    "a, b",
    "--import-extension=none",
    "--connect-timeout",
    "0.25",
    "--max-size",
    "2k",
    "--max-unpacked-size",
    "3MiB",
    "--max-entries",
    "5",
    "--force",
  ]);
  assert.equal(
    parsed.url,
    "http://h:1/ts.zip?x=1&groups=a%2Cb&importExtension=none",
  );
  assert.equal(parsed.dir, "out");
  assert.equal(parsed.force, true);
  assert.equal(parsed.connectTimeoutMs, 250);
  assert.equal(parsed.maxBytes, 2048);
  assert.equal(parsed.maxUnpackedBytes, 3 * 1024 * 1024);
  assert.equal(parsed.maxEntries, 5);
});

Deno.test("api args: bad command lines are UsageErrors", () => {
  for (
    const args of [
      ["a", "b", "c"],
      ["not a url"],
      ["file:///x.zip"],
      ["http://h/ts.zip", ""],
      ["--groups", "a,,b"],
      ["--import-extension", "mjs"],
      ["--connect-timeout", "0"],
      ["--idle-timeout", "1e3"],
      ["--max-size", "12X"],
      ["--max-entries", "0"],
      ["--what"],
      ["--force=yes"],
    ]
  ) {
    assert.throws(() => options(args), UsageError, args.join(" "));
  }
});

const CONFIG: FileSettings = {
  file: "tailor.config.json",
  settings: {
    url: "http://c:2/ts.zip",
    dir: "src/api",
    groups: "admin",
    idleTimeout: "5",
    maxSize: "1M",
  },
};

Deno.test("api args: the config file's settings, the flags winning", () => {
  const fromFile = options([], CONFIG);
  assert.equal(fromFile.url, "http://c:2/ts.zip?groups=admin");
  assert.equal(fromFile.dir, "src/api");
  assert.equal(fromFile.idleTimeoutMs, 5000);
  assert.equal(fromFile.maxBytes, 1024 * 1024);
  assert.equal(fromFile.connectTimeoutMs, 10_000);
  const flagged = options(["--groups", "web", "--max-size", "2M"], CONFIG);
  assert.equal(flagged.url, "http://c:2/ts.zip?groups=web");
  assert.equal(flagged.maxBytes, 2 * 1024 * 1024);
  assert.equal(flagged.idleTimeoutMs, 5000);
});

Deno.test("api args: a bad value names the flag, or the file and the key", () => {
  const bad = (settings: FileSettings["settings"], args: string[] = []) =>
    assert.throws(
      () => options(args, { file: "tailor.config.json", settings }),
      UsageError,
    );
  assert.throws(
    () => options([], { ...CONFIG, settings: { maxSize: "12X" } }),
    /^UsageError: tailor\.config\.json: "maxSize" takes a positive count/,
  );
  assert.throws(
    () => options([], { ...CONFIG, settings: { url: "ftp://x" } }),
    /tailor\.config\.json: "url" is not an http\(s\) URL/,
  );
  assert.throws(
    () => options(["--max-size", "12X"], CONFIG),
    /^UsageError: --max-size takes/,
  );
  bad({ importExtension: "mjs" });
  bad({ groups: "a,,b" });
  bad({ dir: "" });
  bad({ connectTimeout: "-1" });
});
