import assert from "node:assert/strict";
import { SHA256_SOURCE } from "./sha256_source.ts";

Deno.test("the client's SHA-256 is the text of src/runtime/sha256.ts", async () => {
  const runtime = await Deno.readTextFile(
    new URL("../../runtime/sha256.ts", import.meta.url),
  );
  const begin = "// --- sha256 begin ---\n";
  const start = runtime.indexOf(begin) + begin.length;
  const end = runtime.indexOf("// --- sha256 end ---");
  assert.equal(SHA256_SOURCE, runtime.slice(start, end));
});
