/**
 * Search forms (`RequestParam<Filter>`) as the analyzer reads them: the
 * forms a described type takes (interface with a base, class, object type
 * alias), optional forms, and the type kept as a static type for the
 * clients.
 */
import assert from "node:assert/strict";
import type { ApiModel, ParameterModel } from "../model/api_model.ts";
import { modelOf } from "../testing/analyze_source.ts";

const SOURCE = `
import * as t from "@runtime";

export interface Paging {
  /** First row. */
  readonly offset?: t.Int & t.Minimum<0>;
}
export interface ByName extends Paging {
  readonly name: string;
}
export class ByTags {
  tags: string[] = [];
  exact?: boolean;
}
export type ByDay = { readonly day: string & t.Format<"date"> };

@t.EnableImplicitApi()
@t.Controller("/items")
export class ItemController {
  @t.Get("/by-name")
  byName(form: t.RequestParam<ByName>): string { return form.name; }
  @t.Get("/by-tags")
  byTags(form?: t.RequestParam<ByTags>): string { return String(form); }
  @t.Get("/by-day")
  byDay(form: t.RequestParam<ByDay> = { day: "2024-01-01" }): string {
    return form.day;
  }
}
`;

function parameter(model: ApiModel, operation: string): ParameterModel {
  const op = model.services[0]!.operations.find((o) => o.name === operation);
  return op!.parameters[0]!;
}

Deno.test("search forms: an interface with its base's properties, base first", async () => {
  const model = await modelOf(SOURCE);
  const form = parameter(model, "byName");
  assert.deepEqual(form.type, { kind: "static", name: "ByName", args: [] });
  assert.equal(form.in, "query");
  assert.equal(form.required, true);
  assert.deepEqual(form.properties, [
    {
      name: "offset",
      type: { kind: "primitive", name: "integer" },
      optional: true,
      doc: "First row.",
      constraints: { minimum: 0 },
    },
    {
      name: "name",
      type: { kind: "primitive", name: "string" },
      optional: false,
    },
  ]);
  // The type stays a static type: the clients name it in their options.
  assert.ok(model.staticTypes.some((s) => s.name === "ByName"));
});

Deno.test("search forms: a class and an object type alias; optional forms", async () => {
  const model = await modelOf(SOURCE);
  const tags = parameter(model, "byTags");
  assert.equal(tags.required, false);
  assert.deepEqual(tags.properties?.map((p) => [p.name, p.optional]), [
    ["tags", false],
    ["exact", true],
  ]);
  const day = parameter(model, "byDay");
  assert.equal(day.required, false);
  assert.equal(day.defaultValue, undefined);
  assert.deepEqual(day.properties, [
    {
      name: "day",
      type: { kind: "primitive", name: "string" },
      optional: false,
      constraints: { format: "date" },
    },
  ]);
});
