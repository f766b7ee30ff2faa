import assert from "node:assert/strict";
import { parse, stringify } from "yaml";
import type { ApiModel } from "../model/api_model.ts";
import { sampleModel } from "../emit/testdata/sample_model.ts";
import { emitOpenApi } from "../emit/openapi/emit_openapi.ts";
import { toJsonSchema } from "../emit/openapi/json_schema.ts";
import { responseValidator, validateOpenApi } from "./validate_openapi.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const sampleYaml = emitOpenApi(sampleModel, {
  info: { title: "Sample", description: "The sample.", version: "1.0.0" },
});

/** The sample document, changed by `change`, as YAML. */
function broken(change: (doc: Any) => void): string {
  const doc = parse(sampleYaml);
  change(doc);
  return stringify(doc);
}

Deno.test("the emitted sample document validates with zero errors", async () => {
  assert.deepEqual(await validateOpenApi(sampleYaml), []);
});

Deno.test("the document of a model with clashing operationIds validates", async () => {
  const model: ApiModel = {
    ...sampleModel,
    services: sampleModel.services.map((s) =>
      s.name !== "TreeService" ? s : {
        ...s,
        operations: s.operations.map((op) =>
          op.name === "hello" ? { ...op, name: "findBook" } : op
        ),
      }
    ),
  };
  const yaml = emitOpenApi(model, { info: { title: "T", version: "1" } });
  assert.deepEqual(await validateOpenApi(yaml), []);
});

Deno.test("every defect of a broken document is reported", async () => {
  const text = await Deno.readTextFile(
    new URL("./testdata/broken_openapi.yml", import.meta.url),
  );
  const errors = await validateOpenApi(text);
  const has = (pattern: RegExp) =>
    assert.ok(
      errors.some((e) => pattern.test(e)),
      `${pattern} not in:\n${errors.join("\n")}`,
    );
  has(/Missing/); // unresolved $ref
  has(/operation-operationId-unique/);
  has(/path-parameters-defined.*\{id\}/);
  has(/struct.*type/);
  has(/no-enum-type-mismatch/);
});

Deno.test("the official OpenAPI schema check reports structural defects", async () => {
  const errors = await validateOpenApi(broken((doc) => {
    delete doc.paths["/books"].get.responses;
    delete doc.info.version;
  }));
  assert.ok(
    errors.some((e) => e.startsWith("swagger-parser:")),
    errors.join("\n"),
  );
  assert.ok(errors.some((e) => /responses/.test(e)), errors.join("\n"));
  assert.ok(errors.some((e) => /version/.test(e)), errors.join("\n"));
});

Deno.test("semantic defects of an otherwise well-formed document are reported", async () => {
  const cases: [string, (doc: Any) => void, RegExp][] = [
    [
      "duplicate operationId",
      (d) => d.paths["/hello"].get.operationId = "pairs",
      /operation-operationId-unique/,
    ],
    [
      "undeclared path parameter",
      (d) => d.paths["/book/{id}"].get.parameters = [],
      /path-parameters-defined/,
    ],
    [
      "dangling reference",
      (d) =>
        d.components.schemas.Book_BookController_COMPLEX_FETCHER.properties.id =
          { $ref: "#/components/schemas/Nowhere" },
      /Nowhere/,
    ],
    [
      "bad component name",
      (d) => d.components.schemas["Page<Book>"] = { type: "object" },
      /spec-components-invalid-map-name/,
    ],
    [
      "required property not defined",
      (d) => d.components.schemas.BookInput.required.push("ghost"),
      /no-required-schema-properties-undefined/,
    ],
  ];
  for (const [name, change, pattern] of cases) {
    const errors = await validateOpenApi(broken(change));
    assert.ok(
      errors.some((e) => pattern.test(e)),
      `${name}: ${pattern} not in:\n${errors.join("\n")}`,
    );
  }
  const notYaml = await validateOpenApi("openapi: [unclosed\n");
  assert.ok(notYaml.length > 0 && notYaml[0]!.startsWith("yaml:"));
  assert.deepEqual(await validateOpenApi("- a list\n"), [
    "yaml: the document is not a mapping",
  ]);
});

Deno.test("response bodies: right ones pass", () => {
  const check = responseValidator(sampleYaml);
  const book = {
    id: 1,
    name: "Learning GraphQL",
    price: 50,
    store: { id: 1, name: "O'REILLY" },
    authors: [{ id: 1, gender: "FEMALE" }],
  };
  assert.deepEqual(check("findBook", 200, book), []);
  assert.deepEqual(check("GET /book/{id}", 200, book), []);
  assert.deepEqual(
    check("findBooks", 200, {
      rows: [{ id: 1, name: "A" }, { id: 2, name: "B" }],
      totalRowCount: 2,
      totalPageCount: 1,
    }),
    [],
  );
  assert.deepEqual(
    check("findTree", 200, {
      id: 1,
      name: "root",
      childNodes: [{ id: 2, name: "a", childNodes: [{ id: 3, name: "b" }] }],
    }),
    [],
  );
  assert.deepEqual(
    check("pairs", 200, {
      x: { _1: { id: 1, name: "root" }, _2: { name: "any subset" } },
    }),
    [],
  );
  assert.deepEqual(check("hello", 200, "Hello World!"), []);
  // Empty bodies: a nullable result, a void result.
  assert.deepEqual(check("findBook", 200, undefined), []);
  assert.deepEqual(check("findBook", 200, null), []);
  assert.deepEqual(check("saveBook", 200, undefined), []);
  // The server's bad-request body; any JSON body under `default`.
  assert.deepEqual(
    check("findBook", 400, {
      error: "bad-request",
      parameter: "id",
      message: "bad id",
    }),
    [],
  );
  assert.deepEqual(check("findBook", 500, { message: "bad id" }), []);
});

Deno.test("response bodies: an extra field, a missing field, a wrong value fail", () => {
  const validate = responseValidator(sampleYaml);
  // A result that may be absent is "null or the shape": its two lines of
  // "not null either" are left out here.
  const NOT_NULL = [
    "/ must be null",
    "/ must match a schema in anyOf",
    "/ must be equal to one of the allowed values (null)",
  ];
  const check: typeof validate = (...args) =>
    validate(...args).filter((line) => !NOT_NULL.includes(line));
  const extra = check("findBooks", 200, {
    rows: [{ id: 1, name: "A", price: 3 }],
    totalRowCount: 1,
    totalPageCount: 1,
  });
  assert.deepEqual(extra, [
    '/rows/0 must NOT have additional properties ("price")',
  ]);
  const missing = check("findBook", 200, { id: 1, price: 50, authors: [] });
  assert.deepEqual(missing, ["/ must have required property 'name'"]);
  const deep = check("findTree", 200, {
    id: 1,
    name: "root",
    childNodes: [{ id: 2, name: "a", childNodes: [{ id: 3 }] }],
  });
  assert.deepEqual(deep, [
    "/childNodes/0/childNodes/0 must have required property 'name'",
  ]);
  assert.deepEqual(
    check("findBook", 200, {
      id: 1,
      name: "A",
      price: "50",
      authors: [{ id: 1, gender: "OTHER" }],
    }),
    [
      "/price must be number",
      '/authors/0/gender must be equal to one of the allowed values ("MALE", "FEMALE")',
    ],
  );
  assert.deepEqual(check("findBooks", 200, undefined), [
    'status 200 of "findBooks" has a body, but none was given',
  ]);
  assert.deepEqual(check("saveBook", 200, { id: 1 }), [
    'status 200 of "saveBook" has no body, but one was given',
  ]);
  assert.deepEqual(check("hello", 200, 42), ["/ must be string"]);
  assert.deepEqual(check("pairs", 200, { x: { _1: { id: 1, name: "r" } } }), [
    "/x must have required property '_2'",
  ]);
  assert.deepEqual(check("nope", 200, {}), ['unknown operation "nope"']);
});

Deno.test("OpenAPI 3.0 schemas convert to JSON Schema", () => {
  assert.deepEqual(
    toJsonSchema({
      type: "object",
      nullable: true,
      "x-tailor-generic": { name: "Page" },
      properties: {
        "x-name": { type: "string", enum: ["A"], nullable: true, example: "A" },
        n: { type: "number", minimum: 0, exclusiveMinimum: true },
        i: { type: "integer", minimum: 1 },
        r: { $ref: "#/components/schemas/Book", description: "ignored" },
        any: { nullable: true, description: "anything or null" },
      },
      additionalProperties: false,
    }),
    {
      type: ["object", "null"],
      properties: {
        "x-name": { type: ["string", "null"], enum: ["A", null] },
        n: { type: "number", exclusiveMinimum: 0 },
        i: { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
        r: { $ref: "tailor-openapi-components.json#/definitions/Book" },
        any: {
          anyOf: [{ description: "anything or null" }, { type: "null" }],
        },
      },
      additionalProperties: false,
    },
  );
});

Deno.test("nullable schemas accept null through the response validator", () => {
  const yaml = broken((doc) => {
    doc.paths["/hello"].get.responses["200"].content["text/plain"]
      .schema = { type: "string", nullable: true };
  });
  const check = responseValidator(yaml);
  assert.deepEqual(check("hello", 200, null), []);
  assert.deepEqual(check("hello", 200, "x"), []);
  assert.deepEqual(check("hello", 200, 1), [
    "/ must be string,null",
  ]);
});
