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

Deno.test("invalid YAML is a ConfigError", () => {
  assert.throws(() => parseYamlConfig("orm: [unclosed"), ConfigError);
  assert.throws(() => parseYamlConfig("- a\n- b\n"), ConfigError);
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
