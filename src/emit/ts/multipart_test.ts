/**
 * Multipart operations in the TypeScript client: `Multipart.ts` only when an
 * operation has parts, and at run time the service hands the executor a
 * `FormData` with files as they are and JSON parts as `application/json`.
 */

import assert from "node:assert/strict";
import { sampleModel } from "../testdata/sample_model.ts";
import { uploadModel } from "../testdata/upload_model.ts";
import { emitTypeScript } from "./emit_typescript.ts";
import { checkDeno, createWorkspace } from "./testdata/tools.ts";

type Args = { uri: string; method: string; body?: unknown };

Deno.test("multipart: Multipart.ts and UploadFile only when an operation has parts", () => {
  const plain = emitTypeScript(sampleModel);
  assert.equal(plain.has("Multipart.ts"), false);
  assert.doesNotMatch(plain.get("index.ts")!, /UploadFile/);
  const upload = emitTypeScript(uploadModel);
  assert.match(upload.get("Multipart.ts")!, /export function multipart\(/);
  assert.match(
    upload.get("index.ts")!,
    /export type \{ UploadFile \} from "\.\/Multipart\.ts";/,
  );
  const service = upload.get("services/FileService.ts")!;
  assert.match(service, /readonly file: UploadFile;/);
  assert.match(service, /readonly thumb\?: UploadFile \| undefined;/);
  assert.match(
    service,
    /multipart\(\{ file: options\.file, "thumb-nail": options\.thumb \}, \{\s*count: options\.count,\s*tags: options\.tags,?\s*\}\)/,
  );
});

Deno.test("multipart: the service sends a FormData; the client type-checks", async () => {
  const workspace = await createWorkspace(emitTypeScript(uploadModel));
  try {
    await checkDeno(workspace);
    const { Api } = await import(
      new URL(`file://${workspace.dir}/client/index.ts`).href
    ) as {
      Api: new (executor: (args: Args) => Promise<unknown>) => {
        fileService: { upload(options: unknown): Promise<void> };
      };
    };
    const seen: Args[] = [];
    const api = new Api((args) => {
      seen.push(args);
      return Promise.resolve(null);
    });
    const file = new File(["hello"], "h.txt", { type: "text/plain" });
    await api.fileService.upload({ file, count: 3 });
    await api.fileService.upload({
      file,
      thumb: new Blob([new Uint8Array([1])]),
      count: 4,
      tags: ["a", "b"],
    });
    assert.deepEqual(seen.map((s) => [s.uri, s.method]), [
      ["/files", "PUT"],
      ["/files", "PUT"],
    ]);
    const [first, second] = seen.map((s) => s.body as FormData);
    assert.ok(first instanceof FormData);
    assert.deepEqual([...first.keys()], ["file", "count"]);
    assert.equal(first.get("file"), file);
    const count = first.get("count") as File;
    assert.equal(count.type, "application/json");
    assert.equal(await count.text(), "3");
    assert.deepEqual([...second!.keys()], [
      "file",
      "thumb-nail",
      "count",
      "tags",
    ]);
    assert.equal(await (second!.get("tags") as File).text(), '["a","b"]');
  } finally {
    await workspace.dispose();
  }
});
