/**
 * An entity that gained a property since its database was made (an edit
 * under `tailor dev`, a new release on an old file): the store adds the
 * nullable column the table lacks, keeping its rows, and refuses a NOT NULL
 * one in one line naming it.
 */
import assert from "node:assert/strict";
import { Column, Entity, Id, type Int } from "../runtime/entity.ts";
import { fetcher } from "../runtime/fetcher.ts";
import type { AnyClass } from "../runtime/metadata.ts";
import { Store } from "./store.ts";
import { StoreSchemaError } from "./store_errors.ts";
import { engineTest } from "../testing/store_engines.ts";

const COLUMN_TYPES = {
  "Gadget.name": "text",
  "Gadget.color": "text",
  "Gadget.weight": "real",
} as const;

/** The first version of the entity. */
function firstGadget() {
  @Entity()
  class Gadget {
    @Id()
    id!: Int;
    @Column()
    name!: string;
  }
  return Gadget;
}

/** The entity with a nullable property more. */
function colorGadget() {
  @Entity()
  class Gadget {
    @Id()
    id!: Int;
    @Column()
    name!: string;
    @Column({ nullable: true })
    color!: string | null;
  }
  return Gadget;
}

/** The entity with a NOT NULL property more. */
function weightGadget() {
  @Entity()
  class Gadget {
    @Id()
    id!: Int;
    @Column()
    name!: string;
    @Column()
    weight!: number;
  }
  return Gadget;
}

engineTest(
  "an existing table gets the nullable column its entity gained; a NOT NULL one is refused",
  async (database) => {
    /** A store of `entity` on the test's database. */
    const storeOf = (entity: AnyClass) =>
      new Store({
        entities: [entity],
        columnTypes: COLUMN_TYPES,
        driver: database.driver(),
      });
    const First = firstGadget();
    const first = storeOf(First);
    await first.insert(First, { name: "lamp" });

    const Colored = colorGadget();
    const colored = storeOf(Colored);
    await colored.ready();
    const all = fetcher(Colored).name().color();
    assert.deepEqual(await colored.list(all), [{ id: 1, name: "lamp" }]);
    await colored.insert(Colored, { name: "pen", color: "red" });
    assert.deepEqual(await colored.list(all), [
      { id: 1, name: "lamp" },
      { id: 2, name: "pen", color: "red" },
    ]);

    const weighed = storeOf(weightGadget());
    await assert.rejects(
      weighed.ready(),
      (error: Error) =>
        error instanceof StoreSchemaError &&
        error.message.startsWith(
          "the table gadget has no column weight, which Gadget.weight needs",
        ),
    );
  },
);
