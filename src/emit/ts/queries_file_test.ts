/**
 * `queries.ts` beyond the fixtures (golden/ pins theirs; queries_types_test.ts
 * and queries_live_test.ts use the bookstore's): a client without services,
 * one with mutations only, and the names it refuses.
 */

import assert from "node:assert/strict";
import type { ApiModel, OperationModel } from "../../model/api_model.ts";
import { at, emptyModel, string } from "../testdata/model_builders.ts";
import { emitTypeScript } from "./emit_typescript.ts";

/** A model of one service `ShopService` with `operations`. */
function shop(operations: Partial<OperationModel>[]): ApiModel {
  return {
    ...emptyModel,
    services: [{
      name: "ShopService",
      controller: "ShopController",
      source: at("shop.ts", 1),
      operations: operations.map((operation) => ({
        name: "op",
        httpMethod: "POST",
        path: "/op",
        groups: [],
        parameters: [],
        result: { type: string, nullable: false },
        source: at("shop.ts", 2),
        ...operation,
      })),
    }],
  };
}

Deno.test("queries.ts: no services, no helpers", () => {
  const text = emitTypeScript(emptyModel).get("queries.ts")!;
  assert.match(
    text,
    /^export function createQueries\(_api: Api\) \{\n {2}return \{\};\n\}$/m,
  );
  assert.doesNotMatch(text, /Executor|function query|type Operation/);
});

Deno.test("queries.ts: only the helpers the operations use", () => {
  const text = emitTypeScript(shop([{ name: "buy" }])).get("queries.ts")!;
  assert.match(
    text,
    /^import type \{ CallOptions \} from "\.\/Executor\.ts";$/m,
  );
  assert.match(
    text,
    /^ {6}buy: mutation\("shopService", "buy", api\.shopService\.buy\),$/m,
  );
  assert.doesNotMatch(text, /function query|function infiniteQuery|CallSignal/);
});

Deno.test("queries.ts: an operation cannot take the name of another entry", () => {
  assert.throws(
    () => emitTypeScript(shop([{ name: "queryKey", httpMethod: "GET" }])),
    /ShopService: in queries\.ts, "queryKey" would name both an operation and the service's key prefix/,
  );
  assert.throws(
    () => emitTypeScript(shop([{ name: "list" }, { name: "listInfinite" }])),
    /"listInfinite" would name both an operation and the infinite query of list/,
  );
});
