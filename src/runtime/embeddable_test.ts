import assert from "node:assert/strict";
import { embeddable, fetcher, type ShapeOf } from "./fetcher.ts";
import { applyFetcher } from "./apply_fetcher.ts";
import { compileFetcher } from "./fetcher_compiler.ts";
import { compileProjector } from "./projector.ts";
import { Column, Entity, Id, type Int } from "./entity.ts";
import { Embeddable, embeddableMetadata, Embedded } from "./embeddable.ts";
import {
  Address,
  GeoPoint,
  Warehouse,
  warehouseData,
} from "../../fixtures/treeshop/warehouses.ts";

/** Exact type equality: modifiers (readonly, optional) included. */
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends
  (<T>() => T extends B ? 1 : 2) ? true : false;

/** Compiles only when `T` is `true`. */
function expectType<T extends true>(_check?: T): void {}

const WHOLE = fetcher(Warehouse).name().address();
const SOME = fetcher(Warehouse).address(
  embeddable(Address).city().location(embeddable(GeoPoint).latitude()),
);

Deno.test("an embeddable selected whole has every field, nested ones whole", () => {
  expectType<
    Equals<ShapeOf<typeof WHOLE>, {
      readonly id: Int;
      readonly name: string;
      readonly address: {
        readonly street: string;
        readonly city: string;
        readonly zipCode?: string;
        readonly location: {
          readonly latitude: number;
          readonly longitude: number;
        };
      };
    }>
  >();
  const [north] = warehouseData();
  assert.deepEqual(applyFetcher(WHOLE, north!), {
    id: 1,
    name: "North",
    address: {
      street: "1 Harbour Road",
      city: "Hamburg",
      zipCode: "20457",
      location: { latitude: 53.54, longitude: 9.98 },
    },
  });
});

Deno.test("an embeddable's fields selected one by one", () => {
  expectType<
    Equals<ShapeOf<typeof SOME>, {
      readonly id: Int;
      readonly address: {
        readonly city: string;
        readonly location: { readonly latitude: number };
      };
    }>
  >();
  const expected = {
    id: 1,
    address: { city: "Hamburg", location: { latitude: 53.54 } },
  };
  const [north] = warehouseData();
  assert.deepEqual(applyFetcher(SOME, north!), expected);
  assert.deepEqual(compileProjector(SOME)(north!), expected);
  // @ts-expect-error: an embeddable's selector takes its own fetcher only
  assert.throws(() => fetcher(Warehouse).address(fetcher(Warehouse)));
  // @ts-expect-error: an embeddable has no id
  embeddable(Address).id;
});

Deno.test("the text form names the selected fields and compiles back", () => {
  assert.equal(
    String(SOME),
    "{ id address { city location { latitude } } }",
  );
  assert.equal(
    String(WHOLE),
    "{ id name address { street city zipCode location { latitude longitude } } }",
  );
  assert.ok(compileFetcher(Warehouse, String(SOME)).equals(SOME));
  assert.ok(compileFetcher(Warehouse, "{ name address }").equals(WHOLE));
  assert.throws(
    () => compileFetcher(Warehouse, "{ address { nope } }"),
    /unknown field "nope" of Address/,
  );
  assert.throws(
    () => compileFetcher(Warehouse, "{ address(recursive) }"),
    /embedded field "address" takes no options/,
  );
  assert.ok(
    fetcher(Warehouse).address().address(false).equals(fetcher(Warehouse)),
  );
});

Deno.test("embeddable metadata: prefixes, and what an embeddable refuses", () => {
  const address = embeddableMetadata(Address).properties.get("location");
  assert.equal(address?.kind === "embedded" && address.prefix, "location_");
  assert.throws(() => embeddableMetadata(Warehouse), /not an @Embeddable/);
  assert.throws(() => {
    @Embeddable()
    class _WithId {
      @Id()
      id!: Int;
    }
  }, /an embeddable holds columns and embeddables only/);
  @Embeddable()
  class Loop {
    @Column()
    name!: string;
    @Embedded(() => Loop, { nullable: true, prefix: "inner_" })
    inner?: Loop;
  }
  @Entity()
  class Holder {
    @Id()
    id!: Int;
    @Embedded(() => Loop)
    loop!: Loop;
  }
  assert.throws(() => fetcher(Holder).loop(), /Loop contains itself/);
});
