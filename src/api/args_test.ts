import assert from "node:assert/strict";
import { DEFAULT_DIR, DEFAULT_URL, parseApiArgs, UsageError } from "./args.ts";

Deno.test("api args: defaults", () => {
  assert.deepEqual(parseApiArgs([]), {
    url: DEFAULT_URL,
    dir: DEFAULT_DIR,
    force: false,
    connectTimeoutMs: 10_000,
    idleTimeoutMs: 30_000,
    maxBytes: 64 * 1024 * 1024,
    maxEntries: 20_000,
    maxUnpackedBytes: 64 * 1024 * 1024,
  });
  assert.equal(parseApiArgs(["--help"]), undefined);
});

Deno.test("api args: flags become options and query parameters", () => {
  const options = parseApiArgs([
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
  ])!;
  assert.equal(
    options.url,
    "http://h:1/ts.zip?x=1&groups=a%2Cb&importExtension=none",
  );
  assert.equal(options.dir, "out");
  assert.equal(options.connectTimeoutMs, 250);
  assert.equal(options.maxBytes, 2048);
  assert.equal(options.maxUnpackedBytes, 3 * 1024 * 1024);
  assert.equal(options.maxEntries, 5);
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
    ]
  ) {
    assert.throws(() => parseApiArgs(args), UsageError, args.join(" "));
  }
});
