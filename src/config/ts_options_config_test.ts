/** The `orm.client.ts.mutable` and `orm.client.ts.api-name` keys. */

import assert from "node:assert/strict";
import {
  ConfigError,
  parsePropertiesConfig,
  parseYamlConfig,
} from "./config.ts";

const yaml = (key: string, value: string) =>
  `orm:\n  client:\n    ts:\n      ${key}: ${value}\n`;

/** Asserts that `text` (properties form) is a ConfigError naming `key`. */
function assertRefused(text: string, key: string, message: RegExp): void {
  assert.throws(
    () => parsePropertiesConfig(text),
    (error) => {
      assert.ok(error instanceof ConfigError);
      assert.equal(error.key, key);
      assert.match(error.message, message);
      return true;
    },
    text,
  );
}

Deno.test("orm.client.ts.mutable: true or false in both forms, unset by default", () => {
  assert.equal(parseYamlConfig(yaml("mutable", "true")).tsMutable, true);
  assert.equal(parseYamlConfig(yaml("mutable", "false")).tsMutable, false);
  assert.equal(
    parsePropertiesConfig("orm.client.ts.mutable=true\n").tsMutable,
    true,
  );
  assert.ok(!("tsMutable" in parseYamlConfig("orm:\n  client: {}\n")));
});

Deno.test("orm.client.ts.mutable: another value names the key", () => {
  for (const value of ["yes", "TRUE", "1", ""]) {
    assertRefused(
      `orm.client.ts.mutable=${value}\n`,
      "orm.client.ts.mutable",
      /"orm\.client\.ts\.mutable" must be one of true, false/,
    );
  }
});

Deno.test("orm.client.ts.api-name: an identifier, in both forms, unset by default", () => {
  assert.equal(
    parseYamlConfig(yaml("api-name", "BookStoreApi")).tsApiName,
    "BookStoreApi",
  );
  assert.equal(
    parsePropertiesConfig("orm.client.ts.api-name=ShopApi\n").tsApiName,
    "ShopApi",
  );
  assert.ok(!("tsApiName" in parseYamlConfig("orm:\n  client: {}\n")));
});

Deno.test("orm.client.ts.api-name: not an identifier, or a generated name, names the key", () => {
  const cases: [string, RegExp][] = [
    ["my-api", /"my-api" is not an identifier/],
    ["class", /"class" is not an identifier/],
    ["Executor", /would declare Executor, which the client already declares/],
    ["All", /would declare AllErrors/],
    ["index", /would write index\.ts, which is another file of the client/],
  ];
  for (const [value, message] of cases) {
    assertRefused(
      `orm.client.ts.api-name=${value}\n`,
      "orm.client.ts.api-name",
      message,
    );
  }
});
