/**
 * `apiName` (`orm.client.ts.api-name`): the client class, its file and its
 * errors type and file are renamed as Jimmer renames them
 * (`<Name>.ts`, `<Name>Errors.ts`); nothing else changes.
 */

import assert from "node:assert/strict";
import { readGoldenModel } from "../../testing/golden.ts";
import { emitTypeScript } from "./emit_typescript.ts";
import { apiNameProblem } from "./names.ts";

const bookstore = await readGoldenModel("bookstore");

Deno.test("api-name: the class, its file and the errors type and file are renamed", () => {
  const plain = emitTypeScript(bookstore);
  const renamed = emitTypeScript(bookstore, { apiName: "BookStoreApi" });
  const rename = (path: string) =>
    path === "Api.ts"
      ? "BookStoreApi.ts"
      : path === "ApiErrors.ts"
      ? "BookStoreApiErrors.ts"
      : path;
  assert.deepEqual(
    [...renamed.keys()].sort(),
    [...plain.keys()].map(rename).sort(),
  );
  const api = renamed.get("BookStoreApi.ts")!;
  assert.match(api, /^export class BookStoreApi \{$/m);
  assert.match(
    api,
    /`new BookStoreApi\(createFetchExecutor\(\{ baseUrl \}\)\)`/,
  );
  const errors = renamed.get("BookStoreApiErrors.ts")!;
  assert.match(errors, /^export type BookStoreApiErrors = \{$/m);
  assert.match(errors, /error is BookStoreApiErrors\[S\]\[O\]/);
  assert.doesNotMatch(errors, /\bApiErrors\b/);
  const index = renamed.get("index.ts")!;
  assert.match(
    index,
    /^export \{ BookStoreApi, type BookStoreApiOptions \} from "\.\/BookStoreApi\.ts";$/m,
  );
  assert.match(
    index,
    /type BookStoreApiErrors,\n[^]*\} from "\.\/BookStoreApiErrors\.ts";/,
  );
  assert.match(renamed.get("Executor.ts")!, /`BookStoreApi` is constructed/);
  assert.match(renamed.get("FetchExecutor.ts")!, /`new BookStoreApi\(/);
  assert.match(
    renamed.get("queries.ts")!,
    /^export function createQueries\(api: BookStoreApi\) \{$/m,
  );
  const renamedFiles = [
    "Api.ts",
    "ApiErrors.ts",
    "index.ts",
    "Executor.ts",
    "FetchExecutor.ts",
    "queries.ts",
  ];
  for (const [path, text] of plain) {
    if (!renamedFiles.includes(path)) {
      assert.equal(renamed.get(path), text, path);
    }
  }
});

Deno.test("api-name: Api by default", () => {
  const files = emitTypeScript(bookstore);
  assert.match(files.get("Api.ts")!, /^export class Api \{$/m);
  assert.match(files.get("ApiErrors.ts")!, /^export type ApiErrors = \{$/m);
});

Deno.test("api-name: an identifier no client declaration or root file has", () => {
  for (const name of ["Api", "ShopApi", "$api", "_Client2"]) {
    assert.equal(apiNameProblem(name), undefined, name);
  }
  const problems: [string, RegExp][] = [
    ["", /not an identifier/],
    ["2Api", /not an identifier/],
    ["my-api", /not an identifier/],
    ["class", /not an identifier/],
    ["eval", /not an identifier/],
    ["Executor", /would declare Executor, which the client already declares/],
    ["ElementOf", /would declare ElementOf/],
    ["All", /would declare AllErrors/],
    ["createFetchExecutor", /would declare createFetchExecutor/],
    ["Promise", /would declare Promise/],
    ["index", /would write index\.ts, which is another file/],
    ["Index", /would write Index\.ts/],
    ["FetchExecutor", /would write FetchExecutor\.ts/],
    ["executor", /would write executor\.ts/],
    ["Multipart", /would write Multipart\.ts/],
    ["Queries", /would declare Queries/],
    ["QueryData", /would declare QueryData/],
    ["queries", /would write queries\.ts/],
  ];
  for (const [name, problem] of problems) {
    assert.match(apiNameProblem(name) ?? "", problem, name);
  }
});

Deno.test("api-name: a name the model declares is refused, naming the key", () => {
  assert.throws(
    () => emitTypeScript(bookstore, { apiName: "BookService" }),
    /would declare "BookService" twice: for the client class \(orm\.client\.ts\.api-name\) and for controller BookController/,
  );
  assert.throws(
    () => emitTypeScript(bookstore, { apiName: "BookNotFound" }),
    /"BookNotFound" twice/,
  );
  assert.throws(
    () => emitTypeScript(bookstore, { apiName: "Executor" }),
    /the Api class name: "Executor" would declare Executor/,
  );
});
