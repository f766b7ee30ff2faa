/**
 * What makes the generated client fit every toolchain, checked on the text:
 * import extensions, erasable syntax only, input-side `| undefined`, doc
 * examples naming operations that exist, a stable header.
 */

import assert from "node:assert/strict";
import type { ApiModel } from "../../model/api_model.ts";
import { at, emptyModel, prop, string } from "../testdata/model_builders.ts";
import { sampleModel } from "../testdata/sample_model.ts";
import { emitTypeScript, IMPORT_EXTENSIONS } from "./emit_typescript.ts";
import { inputTypes } from "./input_types.ts";
import { withExtension } from "./import_extension.ts";
import { edgeModel } from "./testdata/edge_model.ts";

const MODELS: [string, ApiModel][] = [
  ["sample", sampleModel],
  ["edge", edgeModel],
  ["empty", emptyModel],
];

/** Every module specifier of `text`, from `from "x"` clauses. */
function specifiers(text: string): string[] {
  return [...text.matchAll(/\bfrom "([^"]*)"/g)].map((match) => match[1]!);
}

Deno.test("withExtension: ts kept, js swapped, none dropped", () => {
  assert.equal(withExtension("./Api.ts", "ts"), "./Api.ts");
  assert.equal(withExtension("../model/dto/A.ts", "js"), "../model/dto/A.js");
  assert.equal(
    withExtension("./model/dto/index.ts", "none"),
    "./model/dto/index",
  );
});

Deno.test("every relative import ends as the import extension asks", () => {
  const endings = {
    ts: /^\.\.?\/.*\.ts$/,
    js: /^\.\.?\/.*\.js$/,
    none: /^\.\.?\/(?:[^.]+\/)*[A-Za-z_][A-Za-z0-9_]*$/,
  };
  for (const [name, model] of MODELS) {
    for (const importExtension of IMPORT_EXTENSIONS) {
      const files = emitTypeScript(model, { importExtension });
      const all = [...files.values()].flatMap(specifiers);
      assert.ok(all.length > 5, `${name}: some imports`);
      for (const specifier of all) {
        assert.match(
          specifier,
          endings[importExtension],
          `${name}/${importExtension}`,
        );
      }
    }
  }
});

Deno.test("the import extension changes nothing but the specifiers", () => {
  const base = emitTypeScript(sampleModel);
  for (const importExtension of ["js", "none"] as const) {
    const files = emitTypeScript(sampleModel, { importExtension });
    assert.deepEqual([...files.keys()], [...base.keys()]);
    for (const [path, text] of files) {
      const normalized = text.replaceAll(
        /from "([^"]*)"/g,
        (_all, specifier: string) =>
          `from "${
            specifier.endsWith(".js")
              ? specifier.slice(0, -3) + ".ts"
              : specifier.endsWith(".ts")
              ? specifier
              : specifier + ".ts"
          }"`,
      );
      assert.equal(normalized, base.get(path), `${importExtension}: ${path}`);
    }
  }
});

Deno.test("only erasable syntax: no parameter properties, enum or namespace", () => {
  for (const [name, model] of MODELS) {
    for (const [path, text] of emitTypeScript(model)) {
      const where = `${name}: ${path}`;
      assert.doesNotMatch(
        text,
        /constructor\([^)]*\b(?:private|public|protected|readonly|override)\s/,
        where,
      );
      assert.doesNotMatch(
        text,
        /^\s*(?:export\s+)?(?:const\s+)?enum\s/m,
        where,
      );
      assert.doesNotMatch(
        text,
        /^\s*(?:export\s+)?(?:namespace|module)\s/m,
        where,
      );
      assert.doesNotMatch(text, /^\s*import\s+\w+\s*=/m, where);
    }
  }
});

Deno.test("input-side optional properties admit undefined, outputs do not", () => {
  const files = emitTypeScript(sampleModel);
  assert.match(
    files.get("model/static/BookInput.ts")!,
    /readonly storeId\?: number \| undefined;/,
  );
  assert.match(
    files.get("services/BookService.ts")!,
    /readonly requestId\?: string \| undefined;/,
  );
  for (
    const output of [
      "model/dto/BookDto.ts",
      "model/dynamic/Dynamic_TreeNode.ts",
    ]
  ) {
    const text = files.get(output)!;
    assert.match(text, /\?: /, output);
    assert.doesNotMatch(text, /\| undefined/, output);
  }
});

Deno.test("inputTypes: static and dynamic types reachable from parameters", () => {
  const model: ApiModel = {
    ...emptyModel,
    services: [{
      name: "SaveService",
      controller: "SaveController",
      source: at("save.ts", 1),
      operations: [{
        name: "save",
        httpMethod: "POST",
        path: "/save",
        groups: [],
        parameters: [{
          name: "body",
          in: "body",
          wireName: "body",
          type: {
            kind: "array",
            element: { kind: "static", name: "Outer", args: [] },
          },
          required: true,
        }],
        result: {
          type: { kind: "static", name: "Result", args: [] },
          nullable: false,
        },
        source: at("save.ts", 2),
      }],
    }],
    staticTypes: [
      {
        name: "Inner",
        origin: "plain",
        typeParameters: [],
        properties: [prop("book", { kind: "dynamic", entity: "Book" }, true)],
      },
      {
        name: "Outer",
        origin: "plain",
        typeParameters: [],
        properties: [
          prop("inner", {
            kind: "map",
            value: { kind: "static", name: "Inner", args: [] },
          }),
          prop("self", { kind: "static", name: "Outer", args: [] }, true),
        ],
      },
      {
        name: "Result",
        origin: "plain",
        typeParameters: [],
        properties: [prop("x", string, true)],
      },
    ],
    dynamicEntities: [{
      entity: "Book",
      properties: [prop("name", string, true)],
    }],
  };
  const inputs = inputTypes(model);
  assert.deepEqual([...inputs.statics].sort(), ["Inner", "Outer"]);
  assert.deepEqual([...inputs.dynamics], ["Book"]);
  const files = emitTypeScript(model);
  assert.match(
    files.get("model/dynamic/Dynamic_Book.ts")!,
    /name\?: string \| undefined;/,
  );
  assert.match(files.get("model/static/Result.ts")!, /readonly x\?: string;/);
});

Deno.test("doc examples name services and operations of the model", () => {
  for (const [name, model] of MODELS) {
    const files = emitTypeScript(model);
    const operations = new Set(
      model.services.flatMap((service) => {
        const property = service.name[0]!.toLowerCase() + service.name.slice(1);
        return [
          `api.${property}`,
          ...service.operations.map((op) => `api.${property}.${op.name}`),
        ];
      }),
    );
    for (
      const path of ["Api.ts", "ElementOf.ts", "RequestOf.ts", "ResponseOf.ts"]
    ) {
      for (const [example] of files.get(path)!.matchAll(/\bapi(?:\.\w+)+/g)) {
        assert.ok(operations.has(example), `${name}: ${path} names ${example}`);
      }
    }
  }
  const api = emitTypeScript(edgeModel).get("Api.ts")!;
  assert.match(api, /for example\n \* `api\.emptyService`/);
  assert.doesNotMatch(emitTypeScript(emptyModel).get("Api.ts")!, /api\.\w/);
});

Deno.test("the header names the source as given, whatever the working directory", () => {
  for (
    const text of emitTypeScript(sampleModel, { sourceName: "bookstore" })
      .values()
  ) {
    assert.ok(
      text.startsWith(
        "// Generated by Tailor from bookstore. Do not edit.\n\n",
      ),
    );
  }
});
