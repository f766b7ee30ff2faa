/**
 * `@Throws` and the `ApiError` classes it names, on small projects written
 * into temporary directories: aliases, inherited statics, field types, the
 * default status, group selection of the model's errors.
 */
import assert from "node:assert/strict";
import { selectGroups } from "../model/select_groups.ts";
import { modelOf } from "../testing/analyze_source.ts";

const SOURCE = `
import * as t from "@runtime";
import { ApiError, Throws as Raises } from "@runtime";

const Fails = t.Throws;

/** Colours of a shop. */
export type Colour = "RED" | "BLUE";

/** The shop's errors. */
abstract class ShopError extends ApiError {
  static readonly family = "SHOP";
}

/** Closed for the day. */
export class Closed extends ShopError {
  static readonly code = "CLOSED";
  /** When it opens again. */
  readonly opensAt?: string;
  readonly #secret = "not in the body";
  constructor(readonly colours: Colour[]) {
    super();
  }
}

/** Busy. */
export class Busy extends ApiError {
  static readonly family = "QUEUE";
  static readonly code = "BUSY";
  static readonly status = 503;
}

@t.Api(["shop", "admin"])
@t.Controller()
export class ShopController {
  @t.Api("shop")
  @t.Get("/open")
  @Raises(Closed, Busy, Closed)
  open(): string {
    return "open";
  }

  @t.Api("admin")
  @t.Get("/queue")
  @Fails(Busy)
  queue(): string {
    return "queue";
  }

  @t.Api("admin")
  @t.Get("/plain")
  plain(): string {
    return "plain";
  }
}
`;

Deno.test("@Throws through aliases: errors with inherited statics, field types and the default status", async () => {
  const model = await modelOf(SOURCE);
  const operations = model.services[0]!.operations;
  assert.deepEqual(operations.map((o) => [o.name, o.errors]), [
    ["open", ["Closed", "Busy"]],
    ["queue", ["Busy"]],
    ["plain", undefined],
  ]);
  assert.equal("errors" in operations[2]!, false);
  assert.deepEqual(
    model.errors!.map(({ source: _s, ...error }) => error),
    [
      {
        name: "Busy",
        family: "QUEUE",
        code: "BUSY",
        status: 503,
        doc: "Busy.",
        properties: [],
      },
      {
        name: "Closed",
        family: "SHOP",
        code: "CLOSED",
        status: 400,
        doc: "Closed for the day.",
        properties: [
          {
            name: "colours",
            type: { kind: "array", element: { kind: "enum", name: "Colour" } },
            optional: false,
          },
          {
            name: "opensAt",
            type: { kind: "primitive", name: "string" },
            optional: true,
            doc: "When it opens again.",
          },
        ],
      },
    ],
  );
  assert.deepEqual(model.enums.map((e) => e.name), ["Colour"]);
  const admin = selectGroups(model, ["admin"]).model;
  assert.deepEqual(admin.errors!.map((e) => e.name), ["Busy"]);
});

Deno.test("a project without @Throws has no errors in its model", async () => {
  const model = await modelOf(
    SOURCE.replaceAll(/@(Raises|Fails)\([^)]*\)/g, ""),
  );
  assert.equal("errors" in model, false);
});
