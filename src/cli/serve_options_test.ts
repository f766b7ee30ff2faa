import assert from "node:assert/strict";
import { corsOrigins, serveRequest } from "./serve_options.ts";
import { UsageError } from "./command.ts";

const request = (values: Record<string, string>) =>
  serveRequest({ values: { port: "0", ...values }, positionals: [] });

Deno.test("serve: --absent-result takes empty or null, and names a wrong value", () => {
  assert.equal(request({}).absentResult, undefined);
  assert.equal(request({ "absent-result": "null" }).absentResult, "null");
  assert.equal(request({ "absent-result": "empty" }).absentResult, "empty");
  assert.throws(
    () => request({ "absent-result": "none" }),
    (error) =>
      error instanceof UsageError &&
      error.message === '--absent-result must be empty or null, not "none"',
  );
});

Deno.test("--cors: origins as a browser sends them, or * alone; anything else is a usage error", () => {
  assert.deepEqual(corsOrigins(undefined), []);
  assert.deepEqual(
    corsOrigins("http://localhost:5173, https://app.example.com:8443"),
    ["http://localhost:5173", "https://app.example.com:8443"],
  );
  assert.deepEqual(corsOrigins("*"), ["*"]);
  const refused: [string, RegExp][] = [
    ["javascript:alert(1)", /not "javascript:alert\(1\)"$/],
    ["localhost:5173", /not "localhost:5173"$/],
    [
      "http://localhost:5173/",
      /not "http:\/\/localhost:5173\/" \(did you mean http:\/\/localhost:5173\?\)$/,
    ],
    ["file:///etc", /not "file:\/\/\/etc"$/],
    ["*, http://a.example", /--cors \* already lets every origin/],
  ];
  for (const [text, message] of refused) {
    assert.throws(() => corsOrigins(text), (error) => {
      assert.ok(error instanceof UsageError, text);
      assert.match((error as Error).message, message);
      return true;
    });
  }
});
