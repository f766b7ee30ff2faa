/**
 * `mutable: true` (`orm.client.ts.mutable`): the data types of the client
 * lose `readonly` and their arrays are `Array`, in every file they are
 * declared in; the client's own members keep theirs, as in Jimmer.
 */

import assert from "node:assert/strict";
import type { ApiModel } from "../../model/api_model.ts";
import { readGoldenModel } from "../../testing/golden.ts";
import { sampleModel } from "../testdata/sample_model.ts";
import { emitTypeScript } from "./emit_typescript.ts";
import { edgeModel } from "./testdata/edge_model.ts";

const MODELS: [string, ApiModel][] = [
  ["sample", sampleModel],
  ["edge", edgeModel],
  ["bookstore", await readGoldenModel("bookstore")],
  ["treeshop", await readGoldenModel("treeshop")],
];

/**
 * The executor's plumbing, not data the server sends or receives: it keeps
 * `readonly` in both modes, as Jimmer's `Executor` does.
 */
const PLUMBING = new Set([
  "Executor.ts",
  "FetchExecutor.ts",
  "Multipart.ts",
  // The builder's own API types; the shapes it loads follow the style.
  "fetchers.ts",
]);

/** What may stay `readonly` in a mutable client: the client's own members. */
function ownMembers(path: string, text: string): string {
  if (path === "Api.ts") {
    return text.replaceAll(/^ {2}readonly \w+:\s+\w+;$/gm, "");
  }
  if (path === "ApiErrors.ts") {
    // The guard's table and its body are code, not types of data.
    return text.split("const DECLARED")[0]!;
  }
  if (path === "ElementOf.ts") {
    // Matches both array kinds; it makes nothing readonly.
    return text.replace("T extends ReadonlyArray<infer E>", "");
  }
  return text.replaceAll(
    /^ {2}readonly (#executor:|#fetcherIds:|\w+ = async [(<])/gm,
    "",
  );
}

for (const [name, model] of MODELS) {
  Deno.test(`mutable: the ${name} client's data types have no readonly, arrays are Array`, () => {
    const files = emitTypeScript(model, { mutable: true });
    for (const [path, text] of files) {
      if (PLUMBING.has(path)) continue;
      assert.doesNotMatch(ownMembers(path, text), /\breadonly\b/, path);
      assert.doesNotMatch(ownMembers(path, text), /ReadonlyArray/, path);
    }
  });
}

Deno.test("mutable: the default client stays readonly", () => {
  const files = emitTypeScript(sampleModel);
  assert.match(files.get("model/dto/BookDto.ts")!, /readonly id: number;/);
  assert.match(files.get("model/static/Page.ts")!, /ReadonlyArray<T>/);
});

Deno.test("mutable: only readonly and ReadonlyArray differ from the default", () => {
  for (const [name, model] of MODELS) {
    const readonly = emitTypeScript(model);
    const mutable = emitTypeScript(model, { mutable: true });
    assert.deepEqual([...mutable.keys()], [...readonly.keys()], name);
    const words = (text: string) =>
      text.replaceAll(/\breadonly\b|ReadonlyArray|\bArray\b/g, "")
        // The layout differs where a line got shorter: line breaks, a
        // leading `|`, the `;` of a member on a line of its own, the
        // trailing `,` of an argument, property or type argument on a line
        // of its own.
        .replaceAll(/\s+/g, "").replaceAll(":|", ":").replaceAll(";}", "}")
        .replaceAll(",}", "}").replaceAll(",)", ")").replaceAll(",>", ">");
    for (const [path, text] of mutable) {
      assert.equal(words(text), words(readonly.get(path)!), `${name} ${path}`);
    }
  }
});
