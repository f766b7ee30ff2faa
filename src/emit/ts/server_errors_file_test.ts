import assert from "node:assert/strict";
import { SERVER_ERRORS } from "../../model/server_errors.ts";
import { serverErrorsFileText } from "./server_errors_file.ts";

/** Imports the file's text as a module (type annotations stripped by Deno). */
async function load(text: string) {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/ServerErrors.ts`, text);
    return await import(`file://${dir}/ServerErrors.ts`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("isServerError tells every body of the server, and one code from another", async () => {
  const { isServerError } = await load(serverErrorsFileText(false));
  for (const code of SERVER_ERRORS.flatMap((e) => e.codes)) {
    assert.ok(isServerError({ error: code }), code);
    assert.ok(isServerError({ error: code }, code), code);
  }
  const badRequest = { error: "bad-request", parameter: "id", message: "x" };
  assert.ok(!isServerError(badRequest, "not-found"));
  assert.ok(!isServerError({ family: "BOOK", code: "NOT_FOUND" }));
  assert.ok(!isServerError({ error: "internal" }));
  assert.ok(!isServerError("bad-request"));
  assert.ok(!isServerError(null));
});

Deno.test("the types list each body's fields, readonly unless mutable", () => {
  const text = serverErrorsFileText(false);
  assert.match(
    text,
    /readonly "bad-request": \{\n\s+readonly error: "bad-request";\n\s+readonly parameter: string;\n\s+readonly message: string;\n\s+readonly line\?: number;/,
  );
  assert.match(
    text,
    /readonly limit: "maxObjects" \| "maxBytes" \| "maxOffset" \| "maxSortedRows";/,
  );
  assert.doesNotMatch(serverErrorsFileText(true), /readonly (\w+|"[^"]+"):/);
});
