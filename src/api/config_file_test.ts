import assert from "node:assert/strict";
import { UsageError } from "./args.ts";
import { parseApiConfig, readApiConfig } from "./config_file.ts";

const FILE = "tailor.config.json";

Deno.test("config file: keys as settings, numbers and group lists as text", () => {
  assert.deepEqual(
    parseApiConfig(
      JSON.stringify({
        url: "http://h/ts.zip",
        dir: "src/api",
        groups: ["admin", "web"],
        importExtension: "none",
        connectTimeout: 0.5,
        idleTimeout: "30",
        maxSize: "16M",
        maxEntries: 500,
        maxUnpackedSize: 1048576,
      }),
      FILE,
    ),
    {
      url: "http://h/ts.zip",
      dir: "src/api",
      groups: "admin,web",
      importExtension: "none",
      connectTimeout: "0.5",
      idleTimeout: "30",
      maxSize: "16M",
      maxEntries: "500",
      maxUnpackedSize: "1048576",
    },
  );
  assert.deepEqual(parseApiConfig("{}", FILE), {});
});

Deno.test("config file: unknown keys, wrong types and bad JSON name the file", () => {
  for (
    const [text, message] of [
      [
        '{ "ur": "x" }',
        /^tailor\.config\.json: unknown key "ur" \(known: url,/,
      ],
      ['{ "force": true }', /unknown key "force"/],
      ['{ "dir": 3 }', /"dir" must be a string, not 3$/],
      ['{ "groups": [1] }', /"groups" must be a list of group names/],
      ['{ "maxSize": true }', /"maxSize" must be a number or a string/],
      ["[1]", /must hold one JSON object/],
      ["{ url: 1 }", /^tailor\.config\.json: not valid JSON \(/],
    ] as const
  ) {
    assert.throws(
      () => parseApiConfig(text, FILE),
      (error) =>
        error instanceof UsageError && message.test(error.message) &&
        !error.message.includes("\n"),
      text,
    );
  }
});

Deno.test("config file: absent is undefined, present is read", async () => {
  const dir = await Deno.makeTempDir();
  try {
    assert.equal(await readApiConfig(`${dir}/${FILE}`), undefined);
    await Deno.writeTextFile(`${dir}/${FILE}`, '{ "dir": "out" }');
    assert.deepEqual(await readApiConfig(`${dir}/${FILE}`), {
      file: `${dir}/${FILE}`,
      settings: { dir: "out" },
    });
    await assert.rejects(readApiConfig(dir), UsageError);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
