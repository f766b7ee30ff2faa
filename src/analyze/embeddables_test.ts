/**
 * Embeddables in the model: their static types (origin `embeddable`), what
 * a `Dynamic_*` entity and a fetched shape make of them, a nullable value.
 */
import assert from "node:assert/strict";
import { modelOf } from "../testing/analyze_source.ts";

const PROJECT = `
import {
  Column, Controller, Embeddable, Embedded, embeddable, EnableImplicitApi,
  Entity, type FetchBy, fetcher, Get, Id, type Int,
} from "@runtime";

/** Money. */
@Embeddable()
export class Price {
  @Column() amount!: number;
  @Column() currency!: string;
}

@Entity()
export class Item {
  @Id() id!: Int;
  @Embedded(() => Price) price!: Price;
  /** Before the sale. */
  @Embedded(() => Price, { nullable: true, prefix: "old_" }) oldPrice?: Price;
}

@EnableImplicitApi()
@Controller()
export class ItemController {
  static readonly OLD = fetcher(Item).oldPrice();
  static readonly AMOUNT = fetcher(Item).price(embeddable(Price).amount());
  @Get("/i") item(): Promise<Item | undefined> { throw 0; }
  @Get("/o") old(): FetchBy<typeof ItemController.OLD> { throw 0; }
  @Get("/a") amount(): FetchBy<typeof ItemController.AMOUNT> { throw 0; }
}
`;

Deno.test("embeddables: a static type, held by Dynamic_* and fetched shapes", async () => {
  const model = await modelOf(PROJECT);
  const price = { kind: "static", name: "Price", args: [] };
  assert.deepEqual(
    model.staticTypes.map((type) => [type.name, type.origin]),
    [["Price", "embeddable"]],
  );
  assert.deepEqual(model.dynamicEntities[0]?.properties, [
    {
      name: "id",
      type: { kind: "primitive", name: "integer" },
      optional: true,
    },
    { name: "price", type: price, optional: true },
    { name: "oldPrice", type: price, optional: true, doc: "Before the sale." },
  ]);
  const shapes = model.dtos[0]!.shapes;
  assert.deepEqual(shapes.map((shape) => shape.type.properties), [
    [
      {
        name: "id",
        type: { kind: "primitive", name: "integer" },
        optional: false,
      },
      {
        name: "price",
        type: {
          kind: "object",
          properties: [{
            name: "amount",
            type: { kind: "primitive", name: "number" },
            optional: false,
          }],
        },
        optional: false,
      },
    ],
    [
      {
        name: "id",
        type: { kind: "primitive", name: "integer" },
        optional: false,
      },
      {
        name: "oldPrice",
        type: price,
        optional: true,
        doc: "Before the sale.",
      },
    ],
  ]);
});
