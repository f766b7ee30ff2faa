import assert from "node:assert/strict";
import { isAlias, isNode, parse, parseDocument, visit } from "yaml";
import type {
  ApiModel,
  OperationModel,
  ServiceModel,
} from "../../model/api_model.ts";
import { constrainedModel } from "../testdata/constrained_model.ts";
import { sampleModel } from "../testdata/sample_model.ts";
import {
  docSummary,
  emitOpenApi,
  openApiOperationIds,
  shapeSchemaName,
} from "./emit_openapi.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const info = {
  title: "Sample API",
  description: "The sample model.\nTwo lines.\n",
  version: "2.1.0",
};
const emit = (model: ApiModel = sampleModel) => emitOpenApi(model, { info });
const doc = (model: ApiModel = sampleModel): Any => parse(emit(model));
const schemas = (model?: ApiModel): Record<string, Any> =>
  doc(model).components.schemas;

/** The sample model with one operation of one service replaced. */
function withOperation(
  service: string,
  name: string,
  change: (op: OperationModel) => OperationModel,
): ApiModel {
  return {
    ...sampleModel,
    services: sampleModel.services.map((s): ServiceModel =>
      s.name !== service ? s : {
        ...s,
        operations: s.operations.map((op) =>
          op.name === name ? change(op) : op
        ),
      }
    ),
  };
}

/** An integer's schema: the bounds the server takes, ±(2^53 - 1). */
const INTEGER = {
  type: "integer",
  minimum: -9007199254740991,
  maximum: 9007199254740991,
};

Deno.test("emitting twice, or from a copy, gives identical text", () => {
  const first = emit();
  assert.equal(emit(), first);
  assert.equal(emit(structuredClone(sampleModel) as ApiModel), first);
  assert.ok(first.startsWith('openapi: "3.0.3"\n'));
  assert.ok(first.endsWith("\n"));
});

Deno.test("info comes from the options, version always a string", () => {
  const d = doc();
  assert.deepEqual(d.info, info);
  const numeric = parse(emitOpenApi(sampleModel, {
    info: { title: "T", version: 3 as unknown as string },
  }));
  assert.deepEqual(numeric.info, { title: "T", version: "3" });
  assert.equal(typeof numeric.info.version, "string");
});

Deno.test("component schemas: one per shape, nested object, dynamic, static", () => {
  assert.deepEqual(Object.keys(schemas()), [
    "BadRequest",
    "BookInput",
    "Book_BookController_COMPLEX_FETCHER",
    "Book_BookController_COMPLEX_FETCHER_authors",
    "Book_BookController_COMPLEX_FETCHER_store",
    "Book_BookController_SIMPLE_FETCHER",
    "ConstraintViolation",
    "Dynamic_TreeNode",
    "FetcherBudget",
    "NotFound",
    "Page_Book_BookController_SIMPLE_FETCHER",
    "PayloadTooLarge",
    "ServiceUnavailable",
    "TreeNode_TreeController_TREE_FETCHER",
    "TreeNode_TreeController_TREE_FETCHER_childNodes",
    "Tuple2_TreeNode_TreeController_TREE_FETCHER_Dynamic_TreeNode",
  ]);
  assert.equal(
    shapeSchemaName("TreeNode", {
      owner: "TreeController",
      fetcher: "TREE_FETCHER",
      path: "childNodes.parent",
    }),
    "TreeNode_TreeController_TREE_FETCHER_childNodes_parent",
  );
});

Deno.test("every object schema is closed and lists its non-optional properties", () => {
  const s = schemas();
  for (const [name, schema] of Object.entries(s)) {
    assert.equal(schema.type, "object", name);
    assert.equal(schema.additionalProperties, false, name);
    assert.ok(
      !("required" in schema) || schema.required.length > 0,
      `${name}: no empty required list`,
    );
  }
  const complex = s.Book_BookController_COMPLEX_FETCHER;
  assert.deepEqual(complex.required, ["id", "name", "price", "authors"]);
  assert.deepEqual(Object.keys(complex.properties), [
    "id",
    "name",
    "price",
    "store",
    "authors",
  ]);
  assert.deepEqual(complex.properties.id, INTEGER);
  assert.deepEqual(complex.properties.price, { type: "number" });
  assert.deepEqual(complex.properties.name, {
    type: "string",
    description: "Title of the book.",
  });
  assert.equal(
    complex.description,
    "A book, in one edition.\n\nThe detail shape.",
  );
  // A documented reference keeps its doc beside an allOf, not beside $ref.
  assert.deepEqual(complex.properties.store, {
    description: "The store selling the book, if any.",
    allOf: [{
      $ref: "#/components/schemas/Book_BookController_COMPLEX_FETCHER_store",
    }],
  });
  assert.deepEqual(complex.properties.authors, {
    type: "array",
    items: {
      $ref: "#/components/schemas/Book_BookController_COMPLEX_FETCHER_authors",
    },
  });
  assert.deepEqual(s.Book_BookController_COMPLEX_FETCHER_store.required, [
    "id",
    "name",
  ]);
  assert.deepEqual(s.BookInput.required, ["name"]);
  assert.equal(s.Dynamic_TreeNode.required, undefined);
  assert.equal(s.Dynamic_TreeNode.description, "A node of a category tree.");
});

Deno.test("enums are inline string enums naming their enum", () => {
  const gender = schemas().Book_BookController_COMPLEX_FETCHER_authors
    .properties.gender;
  assert.deepEqual(gender, {
    type: "string",
    description: "Gender of an author.",
    enum: ["MALE", "FEMALE"],
    "x-tailor-enum": "Gender",
  });
});

Deno.test("recursive parts and dynamic entities refer to themselves", () => {
  const s = schemas();
  const self =
    "#/components/schemas/TreeNode_TreeController_TREE_FETCHER_childNodes";
  assert.equal(
    s.TreeNode_TreeController_TREE_FETCHER.properties.childNodes.items.$ref,
    self,
  );
  assert.equal(
    s.TreeNode_TreeController_TREE_FETCHER_childNodes.properties.childNodes
      .items.$ref,
    self,
  );
  assert.deepEqual(
    s.TreeNode_TreeController_TREE_FETCHER_childNodes.required,
    ["id", "name"],
  );
  assert.equal(
    s.Dynamic_TreeNode.properties.parent.$ref,
    "#/components/schemas/Dynamic_TreeNode",
  );
});

Deno.test("generic static types are instantiated with an x-tailor-generic hint", () => {
  const s = schemas();
  const page = s.Page_Book_BookController_SIMPLE_FETCHER;
  assert.deepEqual(page["x-tailor-generic"], {
    name: "Page",
    args: ["Book_BookController_SIMPLE_FETCHER"],
  });
  assert.deepEqual(page.required, ["rows", "totalRowCount", "totalPageCount"]);
  assert.equal(
    page.properties.rows.items.$ref,
    "#/components/schemas/Book_BookController_SIMPLE_FETCHER",
  );
  const pair = s.Tuple2_TreeNode_TreeController_TREE_FETCHER_Dynamic_TreeNode;
  assert.deepEqual(pair["x-tailor-generic"], {
    name: "Tuple2",
    args: ["TreeNode_TreeController_TREE_FETCHER", "Dynamic_TreeNode"],
  });
  assert.deepEqual(pair.properties, {
    _1: { $ref: "#/components/schemas/TreeNode_TreeController_TREE_FETCHER" },
    _2: { $ref: "#/components/schemas/Dynamic_TreeNode" },
  });
  assert.equal(s.BookInput["x-tailor-generic"], undefined);
});

Deno.test("nested generic instantiations get composed names", () => {
  const model = withOperation("TreeService", "pairs", (op) => ({
    ...op,
    result: {
      nullable: false,
      type: {
        kind: "static",
        name: "Page",
        args: [{
          kind: "static",
          name: "Tuple2",
          args: [
            { kind: "dynamic", entity: "TreeNode" },
            { kind: "array", element: { kind: "primitive", name: "string" } },
          ],
        }],
      },
    },
  }));
  const s = schemas(model);
  const page = s.Page_Tuple2_Dynamic_TreeNode_Array_string;
  assert.deepEqual(page["x-tailor-generic"], {
    name: "Page",
    args: ["Tuple2_Dynamic_TreeNode_Array_string"],
  });
  assert.deepEqual(s.Tuple2_Dynamic_TreeNode_Array_string.properties._2, {
    type: "array",
    items: { type: "string" },
  });
});

Deno.test("paths, operations, tags and docs", () => {
  const d = doc();
  assert.deepEqual(Object.keys(d.paths), [
    "/books",
    "/book/{id}",
    "/tree/{rootId}",
    "/tree/pairs",
    "/hello",
  ]);
  assert.deepEqual(Object.keys(d.paths["/book/{id}"]), ["get", "put"]);
  assert.deepEqual(d.tags, [
    {
      name: "BookService",
      description: "Books of the store: listing and details.",
    },
    { name: "TreeService" },
  ]);
  const findBooks = d.paths["/books"].get;
  assert.deepEqual(findBooks.tags, ["BookService"]);
  assert.equal(findBooks.operationId, "findBooks");
  assert.equal(findBooks.summary, "Lists books, one page at a time.");
  assert.equal(findBooks.description, undefined, "same as the summary");
  assert.equal(d.paths["/book/{id}"].put.summary, undefined, "no doc");

  const documented = doc(withOperation("BookService", "findBooks", (op) => ({
    ...op,
    doc: "Lists books. One page at a time.\n\nSorted by `sortCode`.",
  }))).paths["/books"].get;
  assert.equal(documented.summary, "Lists books.");
  assert.equal(
    documented.description,
    "Lists books. One page at a time.\n\nSorted by `sortCode`.",
  );
  assert.equal(docSummary("First line\nsecond line."), "First line");
  assert.equal(docSummary("Uses e.g.values. Then more."), "Uses e.g.values.");
});

Deno.test("parameters carry in, wire name, required, default and doc", () => {
  const d = doc();
  assert.deepEqual(d.paths["/books"].get.parameters, [
    {
      name: "pageIndex",
      in: "query",
      description: "Index of the page, from 0.",
      required: false,
      schema: { ...INTEGER, default: 0 },
    },
    {
      name: "sortCode",
      in: "query",
      required: false,
      schema: { type: "string", default: "name asc, edition desc" },
    },
    {
      name: "tags",
      in: "query",
      required: false,
      schema: { type: "array", items: { type: "string" } },
    },
  ]);
  const save = d.paths["/book/{id}"].put;
  assert.deepEqual(save.parameters, [
    { name: "id", in: "path", required: true, schema: INTEGER },
    {
      name: "x-request-id",
      in: "header",
      required: false,
      schema: { type: "string" },
    },
  ]);
  assert.deepEqual(save.requestBody, {
    required: true,
    content: {
      "application/json": {
        schema: { $ref: "#/components/schemas/BookInput" },
      },
    },
  });
  assert.equal(d.paths["/book/{id}"].get.requestBody, undefined);
});

Deno.test("responses: 200 with the result, nullable when absent, text for a string, the server's errors", () => {
  const d = doc();
  const ok = (path: string, method = "get") => d.paths[path][method].responses;
  assert.deepEqual(ok("/books")["200"].content, {
    "application/json": {
      schema: {
        $ref: "#/components/schemas/Page_Book_BookController_SIMPLE_FETCHER",
      },
    },
  });
  assert.equal(ok("/books")["200"]["x-tailor-nullable"], undefined);
  const single = ok("/book/{id}")["200"];
  assert.deepEqual(single.content["application/json"].schema, {
    anyOf: [
      { $ref: "#/components/schemas/Book_BookController_COMPLEX_FETCHER" },
      { type: "object", nullable: true, enum: [null] },
    ],
  });
  assert.equal(single["x-tailor-nullable"], true);
  assert.match(single.description, /the body is empty, without a content type/);
  assert.deepEqual(ok("/book/{id}", "put")["200"], {
    description: "Success, without a body.",
  });
  assert.deepEqual(ok("/hello")["200"].content, {
    "text/plain": { schema: { type: "string" } },
  });
  assert.deepEqual(
    ok("/tree/pairs")["200"].content["application/json"].schema,
    {
      type: "object",
      additionalProperties: {
        $ref:
          "#/components/schemas/Tuple2_TreeNode_TreeController_TREE_FETCHER_Dynamic_TreeNode",
      },
    },
  );
  const statuses = (path: string, method = "get") =>
    Object.keys(ok(path, method));
  assert.deepEqual(statuses("/hello"), ["200", "503", "default"]);
  // A page may skip more rows than the budget allows: a 422.
  assert.deepEqual(statuses("/books"), [
    "200",
    "400",
    "422",
    "503",
    "default",
  ]);
  assert.deepEqual(statuses("/book/{id}", "put"), [
    "200",
    "400",
    "404",
    "409",
    "413",
    "503",
    "default",
  ]);
  assert.deepEqual(ok("/books")["400"].content["application/json"].schema, {
    $ref: "#/components/schemas/BadRequest",
  });
  assert.ok(ok("/hello")["503"].headers["Retry-After"]);
  for (const item of Object.values<Any>(d.paths)) {
    for (const op of Object.values<Any>(item)) {
      assert.deepEqual(op.responses.default, {
        $ref: "#/components/responses/Error",
      });
    }
  }
  assert.ok(d.components.responses.Error.description);
});

Deno.test("operationIds clashing across services get the service as suffix", () => {
  const model = withOperation("TreeService", "hello", (op) => ({
    ...op,
    name: "findBook",
  }));
  const ids = openApiOperationIds(model);
  assert.equal(ids.get("BookService.findBook"), "findBook_BookService");
  assert.equal(ids.get("TreeService.findBook"), "findBook_TreeService");
  assert.equal(ids.get("BookService.findBooks"), "findBooks");
  const d = doc(model);
  assert.equal(d.paths["/book/{id}"].get.operationId, "findBook_BookService");
  assert.equal(d.paths["/hello"].get.operationId, "findBook_TreeService");
  const all = Object.values<Any>(d.paths).flatMap((item) =>
    Object.values<Any>(item).map((op) => op.operationId)
  );
  assert.equal(new Set(all).size, all.length);
  assert.equal(emit(model), emit(structuredClone(model) as ApiModel));
  // Without a clash, the method name alone.
  assert.deepEqual(
    [...openApiOperationIds(sampleModel).values()],
    ["findBooks", "findBook", "saveBook", "findTree", "pairs", "hello"],
  );
});

Deno.test("YAML has no anchors or aliases and reads the same as YAML 1.1", () => {
  const model: ApiModel = {
    ...sampleModel,
    enums: [{
      name: "Gender",
      values: ["Y", "N", "on", "no", "~", "1.0", "2024-01-01", "MALE"].map((
        value,
      ) => ({ value })),
    }],
  };
  const text = emit(model);
  const parsed = parseDocument(text);
  assert.deepEqual(parsed.errors, []);
  visit(parsed, (_key, node) => {
    assert.ok(!isAlias(node), "no alias");
    if (isNode(node)) assert.equal(node.anchor, undefined, "no anchor");
  });
  const in12 = parse(text);
  assert.deepEqual(parse(text, { version: "1.1" }), in12);
  assert.deepEqual(
    in12.components.schemas.Book_BookController_COMPLEX_FETCHER_authors
      .properties.gender.enum,
    ["Y", "N", "on", "no", "~", "1.0", "2024-01-01", "MALE"],
  );
  assert.ok(!text.includes("\n  &") && !/: [&*]\w/.test(text));
});

Deno.test("long descriptions are not folded", () => {
  const long = "word ".repeat(60).trim() + ".";
  const text = emitOpenApi(sampleModel, {
    info: { title: "T", description: long, version: "1" },
  });
  assert.ok(text.includes(`  description: ${long}\n`));
});

Deno.test("an inconsistent model is refused with a clear message", () => {
  assert.throws(
    () =>
      emit(withOperation("BookService", "findBook", (op) => ({
        ...op,
        result: {
          nullable: false,
          type: { kind: "fetched", entity: "Book", key: "Nowhere/NOTHING" },
        },
      }))),
    /unknown fetched shape Book Nowhere\/NOTHING/,
  );
  assert.throws(
    () =>
      emit(withOperation("BookService", "saveBook", (op) => ({
        ...op,
        httpMethod: "GET",
      }))),
    /two operations for GET \/book\/\{id\}/,
  );
});

Deno.test("openapi: constraints are schema keywords, exclusive bounds as booleans", () => {
  const document = doc(constrainedModel);
  const parameters = document.paths["/stickers"].get.parameters;
  assert.deepEqual(
    Object.fromEntries(parameters.map((p: Any) => [p.name, p.schema])),
    {
      page: { ...INTEGER, minimum: 1, maximum: 1000 },
      ratio: {
        type: "number",
        minimum: 0,
        exclusiveMinimum: true,
        maximum: 1,
        exclusiveMaximum: true,
      },
      weight: { type: "number", minimum: 0.5 },
      code: {
        type: "string",
        minLength: 2,
        maxLength: 5,
        pattern: "^[a-z]+$",
      },
      ids: {
        type: "array",
        items: INTEGER,
        minItems: 1,
        maxItems: 10,
      },
    },
  );
  assert.deepEqual(document.components.schemas.StickerOrder.properties, {
    email: { type: "string", format: "email" },
    label: { type: "string", pattern: "[a-z]" },
  });
});

Deno.test("request headers are parameters of every path, declared once", () => {
  const d: Any = parse(emitOpenApi(sampleModel, {
    info: { title: "T", version: "1" },
    requestHeaders: ["tenant"],
  }));
  for (const item of Object.values<Any>(d.paths)) {
    assert.deepEqual(item.parameters, [
      { $ref: "#/components/parameters/tenant" },
    ]);
  }
  assert.deepEqual(d.components.parameters.tenant.in, "header");
  assert.equal(d.components.parameters.tenant.required, false);
  assert.equal(doc().components.parameters, undefined);
});

Deno.test("absentResult null: a nullable JSON result is described exactly, a string result stays empty", () => {
  const d: Any = parse(emitOpenApi(sampleModel, {
    info: { title: "T", version: "1" },
    absentResult: "null",
  }));
  const single = d.paths["/book/{id}"].get.responses["200"];
  assert.equal(single["x-tailor-nullable"], undefined);
  assert.match(single.description, /`null` when the result is absent/);
  assert.equal(single.content["application/json"].schema.anyOf.length, 2);
  const byDefault: Any = parse(emitOpenApi(sampleModel, {
    info: { title: "T", version: "1" },
  }));
  assert.equal(
    byDefault.paths["/book/{id}"].get.responses["200"]["x-tailor-nullable"],
    true,
  );
});
