import assert from "node:assert/strict";
import {
  ConfigError,
  loadConfig,
  parsePropertiesConfig,
  parseYamlConfig,
} from "./config.ts";

Deno.test("the bookstore orm.yml gives every key", async () => {
  const config = await loadConfig("fixtures/bookstore");
  assert.deepEqual(config, {
    requestHeaders: ["tenant"],
    tsPath: "/ts.zip",
    javaPath: "/java-http-client.zip",
    javaBasePackage: "com.example.bookstore.client",
    openapiPath: "/openapi.yml",
    openapiUiPath: "/openapi.html",
    info: {
      title: "Bookstore API",
      description:
        "The bookstore example of the specification.\nBooks, stores and authors in server-enumerated shapes.\n",
      version: "1.0.0",
    },
    openapiExtras: {
      contact: {
        name: "Bookstore team",
        url: "https://example.com/bookstore",
        email: "books@example.com",
      },
      license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
      servers: [{
        url: "/",
        description: "the server that serves this document",
      }],
      security: [],
    },
  });
});

Deno.test("properties form, with a numeric version and a continued line", () => {
  const config = parsePropertiesConfig([
    "# comment",
    "orm.client.ts.path=/ts.zip",
    "orm.client.openapi.properties.info.title = Shop \\",
    "    API",
    "orm.client.openapi.properties.info.description: line one\\nline two",
    "orm.client.openapi.properties.info.version=2",
    "server.port=8080",
  ].join("\n"));
  assert.deepEqual(config, {
    tsPath: "/ts.zip",
    info: {
      title: "Shop API",
      description: "line one\nline two",
      version: "2",
    },
  });
});

Deno.test("a numeric YAML version is kept as written", () => {
  const config = parseYamlConfig(
    "orm:\n  client:\n    openapi:\n      properties:\n        info:\n          version: 1.0\n",
  );
  assert.equal(config.info.version, "1.0");
});

Deno.test("an empty file serves nothing", () => {
  assert.deepEqual(parseYamlConfig(""), {
    info: { title: "API", version: "1.0.0" },
  });
});

Deno.test("bad keys and values name the key", () => {
  const cases: [string, string, RegExp][] = [
    [
      "orm:\n  client:\n    ts:\n      pth: /x\n",
      "orm.client.ts.pth",
      /unknown configuration key/,
    ],
    [
      "orm:\n  client:\n    ts:\n      path: ts.zip\n",
      "orm.client.ts.path",
      /must be a URL path/,
    ],
    [
      "orm:\n  client:\n    ts:\n      path: [1]\n",
      "orm.client.ts.path",
      /must be a string/,
    ],
    [
      "orm:\n  client:\n    java-http-client:\n      base-package: com.1x\n",
      "orm.client.java-http-client.base-package",
      /not a Java package name/,
    ],
    [
      "orm:\n  client:\n    java-http-client:\n      base-package: com.example.int\n",
      "orm.client.java-http-client.base-package",
      /"int" is a Java keyword/,
    ],
    [
      "orm:\n  client:\n    ts:\n      path: /a\n    openapi:\n      path: /a\n",
      "orm.client.openapi.path",
      /two artifacts/,
    ],
  ];
  for (const [text, key, message] of cases) {
    assert.throws(
      () => parseYamlConfig(text),
      (error: unknown) =>
        error instanceof ConfigError && error.key === key &&
        message.test(error.message),
      text,
    );
  }
});

Deno.test("invalid YAML is a one-line ConfigError", () => {
  assert.throws(() => parseYamlConfig("orm: [unclosed"), {
    name: "ConfigError",
    message:
      "invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ] at line 1, column 15",
  });
  assert.throws(() => parseYamlConfig("- a\n- b\n"), ConfigError);
});

/** A project directory holding the given files, removed after `use`. */
async function withProject(
  files: Record<string, string>,
  use: (dir: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "tailor-config-" });
  try {
    for (const [name, text] of Object.entries(files)) {
      await Deno.writeTextFile(`${dir}/${name}`, text);
    }
    await use(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("a cyclic YAML alias is a one-line ConfigError naming the file", async () => {
  await withProject({ "orm.yml": "a: &a\n  b: *a\n" }, async (dir) => {
    await assert.rejects(() => loadConfig(dir), {
      name: "ConfigError",
      message:
        `${dir}/orm.yml: the YAML alias at "a.b" refers to a mapping that contains it; remove the cyclic alias`,
    });
  });
  // A shared, acyclic alias is fine.
  const shared = parseYamlConfig(
    "paths: &p\n  path: /ts.zip\norm:\n  client:\n    ts: *p\n",
  );
  assert.equal(shared.tsPath, "/ts.zip");
});

Deno.test("properties: continued lines parse in linear time (3 MB)", () => {
  // 100,000 continued lines of 30 characters: the quadratic parser took
  // minutes; a linear one takes milliseconds (the bound is loose on purpose).
  const lines = 100_000;
  const text = [
    "orm.client.openapi.properties.info.description = \\",
    ...Array.from({ length: lines }, () => "    abcdefghijklmnopqrstuvwxyz\\"),
    "    end",
    ...Array.from({ length: 20_000 }, (_, i) => `# comment ${i}`),
  ].join("\n");
  assert.ok(text.length > 3_000_000);
  const started = performance.now();
  const config = parsePropertiesConfig(text);
  const elapsed = performance.now() - started;
  assert.equal(
    config.info?.description,
    `${"abcdefghijklmnopqrstuvwxyz".repeat(lines)}end`,
  );
  assert.ok(elapsed < 3000, `${elapsed} ms`);
});

Deno.test("properties: an even run of backslashes ends the line", () => {
  const config = parsePropertiesConfig([
    "orm.client.openapi.properties.info.title = a\\\\",
    "orm.client.openapi.properties.info.version = \\\\\\",
    "    2",
  ].join("\n"));
  assert.deepEqual(config.info, { title: "a\\", version: "\\2" });
});

Deno.test("orm.yml and orm.properties both present: an error naming both", async () => {
  const files = {
    "orm.yml": "orm:\n  client:\n    ts:\n      path: /a.zip\n",
    "orm.properties": "orm.client.ts.path=/b.zip\n",
  };
  await withProject(files, async (dir) => {
    await assert.rejects(() => loadConfig(dir), {
      name: "ConfigError",
      message:
        `both ${dir}/orm.yml and ${dir}/orm.properties are present; keep one configuration file`,
    });
    // --config names the one to use.
    const chosen = await loadConfig(dir, `${dir}/orm.properties`);
    assert.equal(chosen.tsPath, "/b.zip");
  });
});

Deno.test("a bad value in a file names the file and the key", async () => {
  const text = "orm.client.ts.path=ts.zip\n";
  await withProject({ "orm.properties": text }, async (dir) => {
    await assert.rejects(() => loadConfig(dir), {
      name: "ConfigError",
      key: "orm.client.ts.path",
      message:
        `${dir}/orm.properties: "orm.client.ts.path" must be a URL path starting with "/" and without spaces, got "ts.zip"`,
    });
  });
});

Deno.test("a missing --config file is an error, a missing default is not", async () => {
  await assert.rejects(
    () => loadConfig("fixtures/bookstore", "fixtures/bookstore/nope.yml"),
    ConfigError,
  );
  assert.deepEqual(await loadConfig("fixtures/errors-none-here"), {
    info: { title: "API", version: "1.0.0" },
  });
});

Deno.test("request headers: a comma-separated list of names, lower case", () => {
  assert.deepEqual(
    parsePropertiesConfig("orm.client.request-headers=Tenant, x-region")
      .requestHeaders,
    ["tenant", "x-region"],
  );
  for (
    const [value, message] of [
      ["authorization", /security scheme/],
      ["tenant,,x", /is not a header name/],
      ["a b", /is not a header name/],
      ["tenant, Tenant", /listed twice/],
      ["content-type", /media type/],
    ] as const
  ) {
    assert.throws(
      () => parsePropertiesConfig(`orm.client.request-headers=${value}`),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.key === "orm.client.request-headers" &&
        message.test(error.message),
      value,
    );
  }
});

Deno.test("orm.client.absent-result: empty or null; anything else names the key", () => {
  assert.equal(
    parseYamlConfig("orm:\n  client:\n    absent-result: 'null'\n")
      .absentResult,
    "null",
  );
  assert.equal(
    parsePropertiesConfig("orm.client.absent-result=empty\n").absentResult,
    "empty",
  );
  assert.equal(parseYamlConfig("orm: {}\n").absentResult, undefined);
  assert.throws(
    () => parsePropertiesConfig("orm.client.absent-result=none\n"),
    (error) =>
      error instanceof ConfigError &&
      error.key === "orm.client.absent-result" &&
      /must be one of empty, null, got "none"/.test(error.message),
  );
});
