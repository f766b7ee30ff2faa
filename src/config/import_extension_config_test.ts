/** The `orm.client.ts.import-extension` key. */

import assert from "node:assert/strict";
import {
  ConfigError,
  parsePropertiesConfig,
  parseYamlConfig,
} from "./config.ts";

Deno.test("orm.client.ts.import-extension: ts, js or none, unset by default", () => {
  assert.equal(
    parseYamlConfig("orm:\n  client:\n    ts:\n      import-extension: none\n")
      .tsImportExtension,
    "none",
  );
  assert.equal(
    parsePropertiesConfig("orm.client.ts.import-extension=js\n")
      .tsImportExtension,
    "js",
  );
  assert.ok(
    !("tsImportExtension" in parseYamlConfig("orm:\n  client: {}\n")),
    "unset: the emitter's default",
  );
});

Deno.test("orm.client.ts.import-extension: another value names the key", () => {
  for (const value of [".js", "TS", "mjs", ""]) {
    assert.throws(
      () => parsePropertiesConfig(`orm.client.ts.import-extension=${value}\n`),
      (error) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.key, "orm.client.ts.import-extension");
        assert.match(error.message, /must be one of ts, js, none/);
        return true;
      },
      value,
    );
  }
});
