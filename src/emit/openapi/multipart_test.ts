/** The multipart request body of operations with `RequestPart<T>` parameters. */
import assert from "node:assert/strict";
import type { ParameterModel, TypeRef } from "../../model/api_model.ts";
import { validateOpenApi } from "../../testing/validate_openapi.ts";
import { uploadModel } from "../testdata/upload_model.ts";
import { emitOpenApi } from "./emit_openapi.ts";
import { multipartRequestBody } from "./multipart.ts";

const part = (
  name: string,
  type: TypeRef,
  required: boolean,
  doc?: string,
): ParameterModel => ({
  name,
  in: "part",
  wireName: `${name}-part`,
  type,
  required,
  ...(doc === undefined ? {} : { doc }),
});

const schema = (type: TypeRef) =>
  type.kind === "static"
    ? { $ref: `#/components/schemas/${type.name}` }
    : type.kind === "file"
    ? { type: "string", format: "binary" }
    : { type: "string" };

Deno.test("multipart body: a property per part, JSON parts encoded as JSON", () => {
  assert.deepEqual(
    multipartRequestBody([
      part("file", { kind: "file" }, true, "The file."),
      part("meta", { kind: "static", name: "Meta", args: [] }, false, "Meta."),
      part("note", { kind: "primitive", name: "string" }, true),
    ], schema),
    {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required: ["file-part", "note-part"],
            properties: {
              "file-part": {
                type: "string",
                format: "binary",
                description: "The file.",
              },
              "meta-part": {
                allOf: [{ $ref: "#/components/schemas/Meta" }],
                description: "Meta.",
              },
              "note-part": { type: "string" },
            },
            additionalProperties: false,
          },
          encoding: {
            "meta-part": { contentType: "application/json" },
            "note-part": { contentType: "application/json" },
          },
        },
      },
    },
  );
});

Deno.test("multipart body: only optional files, no required list or encoding", () => {
  assert.deepEqual(
    multipartRequestBody([part("file", { kind: "file" }, false)], schema),
    {
      required: false,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: { "file-part": { type: "string", format: "binary" } },
            additionalProperties: false,
          },
        },
      },
    },
  );
});

Deno.test("multipart body: the document of an upload model validates", async () => {
  const yaml = emitOpenApi(uploadModel, {
    info: { title: "up", version: "1" },
  });
  assert.match(yaml, /multipart\/form-data:/);
  assert.deepEqual(await validateOpenApi(yaml), []);
});

Deno.test("multipart body: a part's constraints are in its schema", () => {
  const note = {
    ...part("note", { kind: "primitive", name: "string" }, true),
    constraints: { maxLength: 200 },
  };
  const body = multipartRequestBody([note], schema) as {
    content: Record<string, { schema: { properties: object } }>;
  };
  assert.deepEqual(body.content["multipart/form-data"]!.schema.properties, {
    "note-part": { type: "string", maxLength: 200 },
  });
});
