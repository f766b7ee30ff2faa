import assert from "node:assert/strict";
import { serveRequest } from "./serve_options.ts";
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
