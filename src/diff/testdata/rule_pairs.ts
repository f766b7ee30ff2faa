/**
 * One pair of models per rule of `tailor diff`: a fixture's golden model
 * and an edited copy that shows exactly that change. `rules_test.ts` checks
 * that each pair gives its rule and pins the whole JSON report in
 * `golden/diff/<rule>.json`.
 *
 * @module
 */

import type { ApiModel } from "../../model/api_model.ts";
import { readGoldenModel } from "../../testing/golden.ts";
import type { DiffSide } from "../diff_models.ts";
import type { RuleId } from "../rules.ts";

/** A model as plain mutable JSON, for edits. */
// deno-lint-ignore no-explicit-any
type Json = any;

/** A fixture and the edit that turns its model into the head. */
export interface RulePair {
  readonly fixture: "bookstore" | "treeshop";
  readonly edit: (model: Json) => void;
  /** The head's null render mode, when the pair changes it. */
  readonly headNullMode?: "null";
}

function op(model: Json, id: string): Json {
  const [service, name] = id.split(".");
  const found = model.services.find((s: Json) => s.name === service)
    ?.operations.find((o: Json) => o.name === name);
  if (found === undefined) throw new Error(`no operation ${id}`);
  return found;
}

function param(operation: Json, name: string): Json {
  return operation.parameters.find((p: Json) => p.name === name);
}

function shape(model: Json, key: string): Json {
  return model.dtos.flatMap((d: Json) => d.shapes).find((s: Json) =>
    s.key === key
  );
}

function staticType(model: Json, name: string): Json {
  return model.staticTypes.find((t: Json) => t.name === name);
}

function prop(properties: Json[], name: string): Json {
  return properties.find((p) => p.name === name);
}

/**
 * The property `name` of the treeshop's search form, in its type and in
 * the copy its query parameter carries (which the document is made from).
 */
function searchForm(model: Json, name: string): Json[] {
  const filter = param(op(model, "TreeService.searchProducts"), "filter");
  return [
    prop(staticType(model, "ProductFilter").properties, name),
    prop(filter.properties, name),
  ];
}

const SIMPLE = "BookController/SIMPLE_FETCHER";
const COMPLEX = "BookController/COMPLEX_FETCHER";

/** The pair of each rule. */
export const RULE_PAIRS: Readonly<Record<RuleId, RulePair>> = {
  "operation-removed": {
    fixture: "bookstore",
    edit: (m) =>
      m.services = m.services.filter((s: Json) => s.name !== "HelloService"),
  },
  "operation-added": {
    fixture: "bookstore",
    edit: (m) =>
      m.services.find((s: Json) => s.name === "HelloService").operations.push({
        ...op(m, "HelloService.hello"),
        name: "goodbye",
        path: "/goodbyeworld",
      }),
  },
  "operation-renamed": {
    fixture: "bookstore",
    edit: (m) => op(m, "HelloService.hello").name = "greet",
  },
  "operation-path-changed": {
    fixture: "bookstore",
    edit: (m) => op(m, "HelloService.hello").path = "/hello",
  },
  "operation-group-removed": {
    fixture: "treeshop",
    edit: (m) => op(m, "TreeService.findTree").groups = [],
  },
  "operation-group-added": {
    fixture: "treeshop",
    edit: (m) => op(m, "TreeService.findTree").groups = ["admin", "shop"],
  },
  "request-parameter-added-required": {
    fixture: "bookstore",
    edit: (m) =>
      op(m, "HelloService.hello").parameters.push({
        name: "name",
        in: "query",
        wireName: "name",
        type: { kind: "primitive", name: "string" },
        required: true,
      }),
  },
  "request-parameter-added-optional": {
    fixture: "bookstore",
    edit: (m) =>
      op(m, "HelloService.hello").parameters.push({
        name: "name",
        in: "query",
        wireName: "name",
        type: { kind: "primitive", name: "string" },
        required: false,
      }),
  },
  "request-parameter-removed": {
    fixture: "bookstore",
    edit: (m) => op(m, "BookService.findBooks").parameters.splice(2, 1),
  },
  "request-parameter-required": {
    fixture: "bookstore",
    edit: (m) => {
      const p = param(op(m, "BookService.findBooks"), "sortCode");
      p.required = true;
      delete p.defaultValue;
    },
  },
  "request-parameter-optional": {
    fixture: "bookstore",
    edit: (m) => param(op(m, "BookService.findBook"), "id").required = false,
  },
  "request-parameter-moved": {
    fixture: "treeshop",
    edit: (m) =>
      param(op(m, "TreeService.createNode"), "requestId").wireName =
        "x-idempotency-key",
  },
  "request-optional-parameter-moved": {
    fixture: "bookstore",
    edit: (m) =>
      param(op(m, "BookService.findBooks"), "sortCode").wireName = "sort",
  },
  "request-parameter-stringified": {
    fixture: "bookstore",
    edit: (m) =>
      param(op(m, "BookService.findBook"), "id").type.name = "string",
  },
  "request-default-changed": {
    fixture: "bookstore",
    edit: (m) =>
      param(op(m, "BookService.findBooks"), "pageSize").defaultValue = 10,
  },
  "request-constraint-tightened": {
    fixture: "bookstore",
    edit: (m) =>
      param(op(m, "BookService.findBooks"), "pageSize").constraints.maximum =
        100,
  },
  "request-constraint-loosened": {
    fixture: "bookstore",
    edit: (m) =>
      delete param(op(m, "AuthorService.findMostActiveAuthors"), "limit")
        .constraints,
  },
  "request-type-changed": {
    fixture: "bookstore",
    edit: (m) =>
      param(op(m, "BookService.findBooks"), "sortCode").type = {
        kind: "primitive",
        name: "boolean",
      },
  },
  "request-type-widened": {
    fixture: "bookstore",
    edit: (m) =>
      param(op(m, "BookService.findBook"), "id").type.name = "number",
  },
  "request-type-narrowed": {
    fixture: "treeshop",
    edit: (m) =>
      searchForm(m, "minPrice").forEach((p) => p.type.name = "integer"),
  },
  "request-property-added-required": {
    fixture: "treeshop",
    edit: (m) =>
      staticType(m, "NodeInput").properties.push({
        name: "color",
        type: { kind: "primitive", name: "string" },
        optional: false,
      }),
  },
  "request-property-added-optional": {
    fixture: "treeshop",
    edit: (m) =>
      staticType(m, "NodeInput").properties.push({
        name: "color",
        type: { kind: "primitive", name: "string" },
        optional: true,
      }),
  },
  "request-property-removed": {
    fixture: "treeshop",
    edit: (m) => staticType(m, "NodeInput").properties.splice(0, 1),
  },
  "request-property-required": {
    fixture: "treeshop",
    edit: (m) => searchForm(m, "name").forEach((p) => p.optional = false),
  },
  "request-property-optional": {
    fixture: "treeshop",
    edit: (m) => staticType(m, "NodeInput").properties[0].optional = true,
  },
  "request-enum-value-added": {
    fixture: "treeshop",
    edit: (m) =>
      m.enums.find((e: Json) => e.name === "ProductOrder").values.push({
        value: "RATING",
      }),
  },
  "request-enum-value-removed": {
    fixture: "treeshop",
    edit: (m) =>
      m.enums.find((e: Json) => e.name === "ProductOrder").values.pop(),
  },
  "request-union-member-added": {
    fixture: "treeshop",
    edit: (m) => addPromotionMember(m),
  },
  "request-union-member-removed": {
    fixture: "treeshop",
    edit: (m) => staticType(m, "Promotion").union.members.pop(),
  },
  "response-type-changed": {
    fixture: "bookstore",
    edit: (m) =>
      op(m, "HelloService.hello").result.type = {
        kind: "primitive",
        name: "boolean",
      },
  },
  "response-type-widened": {
    fixture: "bookstore",
    edit: (m) =>
      prop(shape(m, SIMPLE).type.properties, "id").type.name = "number",
  },
  "response-type-narrowed": {
    fixture: "bookstore",
    edit: (m) =>
      prop(shape(m, SIMPLE).type.properties, "price").type.name = "integer",
  },
  "response-nullable": {
    fixture: "bookstore",
    edit: (m) => op(m, "HelloService.hello").result.nullable = true,
  },
  "response-not-nullable": {
    fixture: "bookstore",
    edit: (m) => op(m, "BookService.findBook").result.nullable = false,
  },
  "response-property-added": {
    fixture: "bookstore",
    edit: (m) =>
      shape(m, SIMPLE).type.properties.push({
        name: "isbn",
        type: { kind: "primitive", name: "string" },
        optional: false,
      }),
  },
  "response-property-removed": {
    fixture: "bookstore",
    edit: (m) => shape(m, SIMPLE).type.properties.splice(1, 1),
  },
  "response-optional-property-removed": {
    fixture: "bookstore",
    edit: (m) =>
      shape(m, COMPLEX).type.properties = shape(m, COMPLEX).type.properties
        .filter((p: Json) => p.name !== "store"),
  },
  "response-property-optional": {
    fixture: "bookstore",
    edit: (m) => shape(m, SIMPLE).type.properties[1].optional = true,
  },
  "response-property-required": {
    fixture: "bookstore",
    edit: (m) =>
      prop(shape(m, COMPLEX).type.properties, "store").optional = false,
  },
  "response-constraint-loosened": {
    fixture: "treeshop",
    edit: (m) =>
      delete prop(staticType(m, "PercentOff").properties, "percent")
        .constraints,
  },
  "response-constraint-tightened": {
    fixture: "treeshop",
    edit: (m) =>
      prop(shape(m, "ShopFetchers/PRODUCT").type.properties, "name")
        .constraints = { maxLength: 50 },
  },
  "response-enum-value-added": {
    fixture: "bookstore",
    edit: (m) => m.enums[0].values.push({ value: "OTHER" }),
  },
  "response-enum-value-removed": {
    fixture: "treeshop",
    edit: (m) => m.enums.find((e: Json) => e.name === "NodeKind").values.pop(),
  },
  "response-union-member-added": {
    fixture: "treeshop",
    edit: (m) => addPromotionMember(m),
  },
  "response-union-member-removed": {
    fixture: "treeshop",
    edit: (m) => staticType(m, "Delivery").union.members.pop(),
  },
  "union-discriminator-changed": {
    fixture: "treeshop",
    edit: (m) => {
      // The members carry the new property in place of the old one.
      const union = staticType(m, "Delivery").union;
      for (const member of union.members) {
        const type = staticType(m, member.name);
        prop(type.properties, union.discriminator).name = "type";
        type.discriminator.property = "type";
      }
      union.discriminator = "type";
    },
  },
  "type-renamed": {
    fixture: "bookstore",
    edit: (m) => {
      const json = JSON.stringify(m).replaceAll('"Gender"', '"Sex"');
      Object.assign(m, JSON.parse(json));
    },
  },
  "shape-renamed": {
    fixture: "bookstore",
    edit: (m) => {
      const json = JSON.stringify(m).replaceAll(
        "BookStoreController/RUNNER_UP",
        "BookStoreController/SECOND",
      );
      Object.assign(m, JSON.parse(json));
    },
  },
  "error-added": {
    fixture: "bookstore",
    edit: (m) => op(m, "BookService.findBook").errors = ["BookNotFound"],
  },
  "error-removed": {
    fixture: "bookstore",
    edit: (m) => op(m, "BookService.orderBook").errors = ["BookNotFound"],
  },
  "error-status-changed": {
    fixture: "bookstore",
    edit: (m) =>
      m.errors.find((e: Json) => e.name === "OutOfStock").status = 422,
  },
  "null-mode-changed": {
    fixture: "bookstore",
    edit: () => {},
    headNullMode: "null",
  },
};

/** A fourth promotion, in the union and as a static type. */
function addPromotionMember(m: Json): void {
  staticType(m, "Promotion").union.members.push({
    value: "bundle",
    name: "Bundle",
  });
  m.staticTypes.push({
    name: "Bundle",
    origin: "plain",
    typeParameters: [],
    properties: [{
      name: "kind",
      type: { kind: "primitive", name: "string" },
      optional: false,
    }],
    discriminator: { property: "kind", value: "bundle" },
  });
}

/** The two sides of a rule's pair: its fixture's model, and the edited copy. */
export async function pairSides(
  rule: RuleId,
): Promise<{ readonly base: DiffSide; readonly head: DiffSide }> {
  const pair = RULE_PAIRS[rule];
  const model = await readGoldenModel(pair.fixture);
  const head = structuredClone(model) as ApiModel;
  pair.edit(head);
  return {
    base: { model },
    head: pair.headNullMode === undefined
      ? { model: head }
      : { model: head, nullMode: pair.headNullMode },
  };
}
