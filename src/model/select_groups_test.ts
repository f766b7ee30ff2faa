import assert from "node:assert/strict";
import type { ApiModel, OperationModel, TypeRef } from "./api_model.ts";
import { selectGroups } from "./select_groups.ts";

const source = { file: "a.ts", line: 1, column: 1 };
const integer: TypeRef = { kind: "primitive", name: "integer" };

function operation(
  name: string,
  groups: string[],
  result: TypeRef,
  parameters: OperationModel["parameters"] = [],
): OperationModel {
  return {
    name,
    httpMethod: "GET",
    path: `/${name}`,
    groups,
    parameters,
    result: { type: result, nullable: false },
    source,
  };
}

/** A model with one type per operation, so pruning is visible. */
function model(): ApiModel {
  return {
    version: 1,
    groups: ["admin", "shop"],
    services: [
      {
        name: "AService",
        controller: "AController",
        source,
        operations: [
          operation("tree", ["shop"], {
            kind: "fetched",
            entity: "Node",
            key: "A/TREE",
          }),
          operation("page", ["shop", "admin"], {
            kind: "static",
            name: "Page",
            args: [{ kind: "fetched", entity: "Node", key: "A/NODE" }],
          }),
          operation("create", ["admin"], { kind: "void" }, [
            {
              name: "input",
              in: "body",
              wireName: "input",
              type: { kind: "static", name: "Input", args: [] },
              required: true,
            },
          ]),
        ],
      },
      {
        name: "BService",
        controller: "BController",
        source,
        operations: [
          operation("dynamic", [], { kind: "dynamic", entity: "Node" }),
        ],
      },
    ],
    dtos: [
      {
        entity: "Node",
        shapes: [
          {
            key: "A/NODE",
            owner: "A",
            fetcher: "NODE",
            type: { kind: "object", entity: "Node", properties: [] },
            source,
          },
          {
            key: "A/TREE",
            owner: "A",
            fetcher: "TREE",
            type: {
              kind: "object",
              entity: "Node",
              properties: [
                {
                  name: "kind",
                  type: { kind: "enum", name: "Kind" },
                  optional: false,
                },
                {
                  name: "children",
                  type: {
                    kind: "array",
                    element: {
                      kind: "fetched",
                      entity: "Node",
                      key: "A/TREE@children",
                    },
                  },
                  optional: true,
                },
              ],
            },
            source,
          },
          {
            key: "A/TREE@children",
            owner: "A",
            fetcher: "TREE",
            path: "children",
            type: {
              kind: "object",
              entity: "Node",
              properties: [{
                name: "children",
                type: {
                  kind: "array",
                  element: {
                    kind: "fetched",
                    entity: "Node",
                    key: "A/TREE@children",
                  },
                },
                optional: true,
              }],
            },
            source,
          },
        ],
      },
    ],
    dynamicEntities: [
      {
        entity: "Node",
        properties: [
          { name: "id", type: integer, optional: true },
          {
            name: "other",
            type: { kind: "dynamic", entity: "Other" },
            optional: true,
          },
        ],
      },
      { entity: "Other", properties: [] },
    ],
    enums: [
      { name: "Kind", values: [{ value: "A" }] },
      { name: "Level", values: [{ value: "X" }] },
    ],
    staticTypes: [
      {
        name: "Input",
        origin: "plain",
        typeParameters: [],
        properties: [{
          name: "level",
          type: { kind: "enum", name: "Level" },
          optional: false,
        }],
        source,
      },
      {
        name: "Page",
        origin: "builtin",
        typeParameters: ["T"],
        properties: [{
          name: "rows",
          type: {
            kind: "array",
            element: { kind: "typeParameter", name: "T" },
          },
          optional: false,
        }],
      },
    ],
  };
}

Deno.test("selectGroups: an empty selection returns the model unchanged", () => {
  const input = model();
  const { model: output, unknownGroups } = selectGroups(input, []);
  assert.equal(output, input);
  assert.deepEqual(unknownGroups, []);
});

Deno.test("selectGroups: keeps operations of a selected group and what they reach", () => {
  const { model: output, unknownGroups } = selectGroups(model(), ["shop"]);
  assert.deepEqual(unknownGroups, []);
  assert.deepEqual(output.groups, ["admin", "shop"]);
  assert.deepEqual(output.services.map((s) => s.name), ["AService"]);
  assert.deepEqual(
    output.services[0]!.operations.map((o) => o.name),
    ["tree", "page"],
  );
  assert.deepEqual(
    output.dtos.flatMap((d) => d.shapes.map((s) => s.key)),
    ["A/NODE", "A/TREE", "A/TREE@children"],
  );
  assert.deepEqual(output.enums.map((e) => e.name), ["Kind"]);
  assert.deepEqual(output.staticTypes.map((s) => s.name), ["Page"]);
  assert.deepEqual(output.dynamicEntities, []);
});

Deno.test("selectGroups: drops types only other groups use", () => {
  const { model: output } = selectGroups(model(), ["admin"]);
  assert.deepEqual(output.groups, ["admin", "shop"]);
  assert.deepEqual(
    output.services[0]!.operations.map((o) => o.name),
    ["page", "create"],
  );
  assert.deepEqual(
    output.dtos.flatMap((d) => d.shapes.map((s) => s.key)),
    ["A/NODE"],
  );
  assert.deepEqual(output.enums.map((e) => e.name), ["Level"]);
  assert.deepEqual(output.staticTypes.map((s) => s.name), ["Input", "Page"]);
});

Deno.test("selectGroups: ungrouped operations and empty services disappear", () => {
  const { model: output } = selectGroups(model(), ["admin", "shop"]);
  assert.deepEqual(output.services.map((s) => s.name), ["AService"]);
  assert.deepEqual(output.dynamicEntities, []);
});

Deno.test("selectGroups: unknown groups are reported and select nothing", () => {
  const { model: output, unknownGroups } = selectGroups(model(), [
    "nope",
    "shop",
    "nope",
  ]);
  assert.deepEqual(unknownGroups, ["nope"]);
  assert.deepEqual(output.services[0]!.operations.map((o) => o.name), [
    "tree",
    "page",
  ]);
  const none = selectGroups(model(), ["nope"]);
  assert.deepEqual(none.model.services, []);
  assert.deepEqual(none.model.dtos, []);
  assert.deepEqual(none.model.enums, []);
  assert.deepEqual(none.model.staticTypes, []);
  assert.deepEqual(none.model.groups, []);
});

Deno.test("selectGroups: dynamic entities are followed through associations", () => {
  const input = model();
  const grouped: ApiModel = {
    ...input,
    services: [{
      ...input.services[1]!,
      operations: [
        operation("dynamic", ["shop"], { kind: "dynamic", entity: "Node" }),
      ],
    }],
  };
  const { model: output } = selectGroups(grouped, ["shop"]);
  assert.deepEqual(output.dynamicEntities.map((d) => d.entity), [
    "Node",
    "Other",
  ]);
  assert.deepEqual(output.dtos, []);
});

Deno.test("selectGroups: leaves its input untouched", () => {
  const input = model();
  const copy = structuredClone(input);
  selectGroups(input, ["admin"]);
  assert.deepEqual(input, copy);
});

Deno.test("selectGroups: keeps the declared errors of remaining operations and their field types", () => {
  const base = model();
  const [a, ...others] = base.services;
  const [tree, page, ...rest] = a!.operations;
  const error = (name: string, code: string, enumName: string) => ({
    name,
    family: "SHOP",
    code,
    status: 409,
    properties: [{
      name: "kind",
      type: { kind: "enum", name: enumName } as TypeRef,
      optional: false,
    }],
    source,
  });
  const withErrors: ApiModel = {
    ...base,
    services: [{
      ...a!,
      operations: [
        { ...tree!, errors: ["Closed"] },
        { ...page!, errors: ["Busy"] },
        ...rest,
      ],
    }, ...others],
    enums: [...base.enums, { name: "Only", values: [{ value: "X" }] }],
    errors: [error("Busy", "BUSY", "Level"), error("Closed", "CLOSED", "Only")],
  };
  const shop = selectGroups(withErrors, ["shop"]).model;
  assert.deepEqual(shop.errors?.map((e) => e.name), ["Busy", "Closed"]);
  assert.ok(shop.enums.some((e) => e.name === "Only"));
  const admin = selectGroups(withErrors, ["admin"]).model;
  assert.deepEqual(admin.errors?.map((e) => e.name), ["Busy"]);
  assert.ok(!admin.enums.some((e) => e.name === "Only"));
  assert.ok(admin.enums.some((e) => e.name === "Level"));
  const none = selectGroups(base, ["shop"]).model;
  assert.equal("errors" in none, false);
});
