/**
 * Embeddables in the store on both engines: prefixed columns written by
 * `insert`, read back whole or field by field, an absent nullable field.
 */
import assert from "node:assert/strict";
import { embeddable, fetcher } from "../runtime/fetcher.ts";
import {
  Address,
  GeoPoint,
  Warehouse,
  warehouseData,
} from "../../fixtures/treeshop/warehouses.ts";
import { TreeController } from "../../fixtures/treeshop/tree_controller.ts";
import { Store } from "./store.ts";
import type { Driver } from "./driver.ts";
import { engineTest } from "../testing/store_engines.ts";
import { TREESHOP_COLUMN_TYPES } from "./testdata/treeshop_types.ts";

async function warehouses(driver: Driver): Promise<Store> {
  const store = new Store({
    entities: [Warehouse],
    columnTypes: TREESHOP_COLUMN_TYPES,
    driver,
  });
  for (const { name, address } of warehouseData()) {
    await store.insert(Warehouse, { name, address });
  }
  return store;
}

engineTest(
  "embeddables: stored in prefixed columns, read whole",
  async (database) => {
    const store = await warehouses(database.driver());
    const [north, south] = warehouseData();
    assert.deepEqual(
      await store.list(TreeController.WAREHOUSE_FETCHER),
      [north, south],
    );
    const seen: string[] = [];
    const spied = new Store({
      entities: [Warehouse],
      columnTypes: TREESHOP_COLUMN_TYPES,
      driver: database.driver(),
      onStatement: (sql) => seen.push(sql),
    });
    await spied.find(TreeController.WAREHOUSE_CITY_FETCHER, 1);
    assert.match(
      seen.at(-1)!,
      /"address_city" AS "address\.city", t\."address_location_latitude" AS "address\.location\.latitude" FROM "warehouse"/,
    );
  },
);

engineTest(
  "embeddables: some fields, nested ones, null fields",
  async (database) => {
    const store = await warehouses(database.driver());
    assert.deepEqual(await store.list(TreeController.WAREHOUSE_CITY_FETCHER), [
      { id: 1, address: { city: "Hamburg", location: { latitude: 53.54 } } },
      { id: 2, address: { city: "Palermo", location: { latitude: 38.12 } } },
    ]);
    // A non-nullable value is there even when every selected field is null.
    const zip = fetcher(Warehouse).address(embeddable(Address).zipCode());
    assert.deepEqual(await store.list(zip), [
      { id: 1, address: { zipCode: "20457" } },
      { id: 2, address: {} },
    ]);
    const longitude = fetcher(Warehouse).address(
      embeddable(Address).location(embeddable(GeoPoint).longitude()),
    );
    assert.deepEqual(await store.find(longitude, 2), {
      id: 2,
      address: { location: { longitude: 13.36 } },
    });
  },
);
