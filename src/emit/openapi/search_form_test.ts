/**
 * Search forms (`RequestParam<Filter>`) in the document: one query
 * parameter per property, with its description, constraints and
 * `required`; the form's type a component only where something else (here
 * a body) refers to it.
 */
import assert from "node:assert/strict";
import { parse } from "yaml";
import { searchFormModel } from "../testdata/search_form_model.ts";
import { emitOpenApi } from "./emit_openapi.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const emit = (model = searchFormModel): Any =>
  parse(emitOpenApi(model, { info: { title: "t", version: "1" } }));

Deno.test("search form: one query parameter per property, then the others", () => {
  const parameters = emit().paths["/items"].get.parameters;
  assert.deepEqual(parameters.map((p: Any) => [p.name, p.in, p.required]), [
    ["name", "query", false],
    ["order", "query", false],
    ["page", "query", false],
  ]);
  assert.deepEqual(parameters[0].description, "Part of the name.");
  assert.deepEqual(parameters[0].schema, { type: "string", maxLength: 20 });
  assert.deepEqual(parameters[1].schema.enum, ["NAME", "DATE"]);
});

Deno.test("search form: a required form's required properties are required", () => {
  const [search, save] = searchFormModel.services[0]!.operations;
  const form = { ...search!.parameters[0]!, required: true };
  const model = {
    ...searchFormModel,
    services: [{
      ...searchFormModel.services[0]!,
      operations: [{ ...search!, parameters: [form] }, save!],
    }],
  };
  const parameters = emit(model).paths["/items"].get.parameters;
  assert.deepEqual(parameters.map((p: Any) => [p.name, p.required]), [
    ["name", false],
    ["order", true],
  ]);
});

Deno.test("search form: its type is a component only when referred to", () => {
  assert.ok(emit().components.schemas.Filter, "the body refers to it");
  const [search] = searchFormModel.services[0]!.operations;
  const queryOnly = {
    ...searchFormModel,
    services: [{ ...searchFormModel.services[0]!, operations: [search!] }],
  };
  assert.equal(emit(queryOnly).components.schemas.Filter, undefined);
});
