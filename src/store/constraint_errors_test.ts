/** A write refused by a database constraint, on both engines: a 409 naming the property. */
import assert from "node:assert/strict";
import { Author, Book, BookStore } from "../../fixtures/bookstore/entities.ts";
import { BOOKSTORE_COLUMN_TYPES } from "../../fixtures/bookstore/data.ts";
import { HttpError } from "../runtime/http_error.ts";
import { Store } from "./store.ts";
import { fetcher } from "../runtime/fetcher.ts";
import { engineTest } from "../testing/store_engines.ts";
import { StoreConstraintError, violationOf } from "./constraint_errors.ts";

const book = { name: "B", edition: 1, price: 1, tenant: "a" };

engineTest(
  "a refused write is a 409 naming the constraint and the property",
  async (database) => {
    const store = new Store({
      entities: [Book],
      columnTypes: BOOKSTORE_COLUMN_TYPES,
      driver: database.driver(),
    });
    try {
      await store.insert(BookStore, { id: 1, name: "S" });
      await store.insert(Author, {
        id: 1,
        firstName: "A",
        lastName: "B",
        gender: "FEMALE",
      } as never);
      const refused = async (
        write: Promise<unknown>,
        constraint: string,
        property: string,
      ) => {
        const error = await write.then(() => undefined, (e) => e);
        assert.ok(error instanceof StoreConstraintError, String(error));
        assert.ok(error instanceof HttpError);
        assert.equal(error.status, 409);
        const body = error.body as Record<string, unknown>;
        assert.equal(body.error, "constraint-violation");
        assert.equal(body.constraint, constraint);
        assert.equal(body.property, property);
        assert.match(String(body.message), new RegExp(`^${property}: `));
      };
      await refused(
        store.insert(Book, { ...book, store: 99 }),
        "foreign-key",
        "Book.store",
      );
      await refused(
        store.insert(Book, { ...book, id: 5, store: 1, authors: [77] }),
        "foreign-key",
        "Book.authors",
      );
      await refused(
        store.insert(BookStore, { id: 1, name: "again" }),
        "unique",
        "BookStore.id",
      );
      await refused(
        store.insert(Book, { ...book, name: null, store: 1 }),
        "not-null",
        "Book.name",
      );
    } finally {
      await store.close();
    }
  },
);

engineTest(
  "a read with an id past the column's range finds nothing",
  async (database) => {
    const store = new Store({
      entities: [Book],
      columnTypes: BOOKSTORE_COLUMN_TYPES,
      driver: database.driver(),
    });
    try {
      await store.insert(BookStore, { id: 1, name: "S" });
      const shape = fetcher(BookStore).name();
      assert.equal(await store.find(shape, Number.MAX_SAFE_INTEGER), undefined);
      assert.deepEqual(
        await store.list(shape, { where: { id: Number.MIN_SAFE_INTEGER } }),
        [],
      );
    } finally {
      await store.close();
    }
  },
);

Deno.test("violationOf reads both engines' errors, check constraints too, and nothing else", () => {
  assert.deepEqual(
    violationOf({ errcode: 275, message: "CHECK constraint failed: positive" }),
    { kind: "check", detail: "CHECK constraint failed: positive" },
  );
  assert.deepEqual(
    violationOf({ code: "23514", message: "violates check", detail: "" }),
    { kind: "check", detail: "violates check" },
  );
  assert.deepEqual(
    violationOf({ code: "22003", message: "out of range for type integer" }),
    { kind: "value", detail: "out of range for type integer" },
  );
  assert.equal(violationOf(new Error("disk I/O error")), undefined);
  assert.equal(
    violationOf({ code: "40001", message: "serialization" }),
    undefined,
  );
});
