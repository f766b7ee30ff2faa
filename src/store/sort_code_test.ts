import assert from "node:assert/strict";
import { entityMetadata } from "../runtime/entity.ts";
import { Book, BookStore } from "../../fixtures/bookstore/entities.ts";
import { parseSortCode, StoreQueryError } from "./sort_code.ts";

const book = entityMetadata(Book);

Deno.test("sort codes: fields with directions, asc by default, any case", () => {
  assert.deepEqual(parseSortCode(book, "name asc, edition desc"), [
    { property: "name", descending: false },
    { property: "edition", descending: true },
  ]);
  assert.deepEqual(parseSortCode(book, " price  DESC,id,, "), [
    { property: "price", descending: true },
    { property: "id", descending: false },
  ]);
  assert.deepEqual(parseSortCode(book, ""), []);
  // A formula sorts like a column.
  assert.deepEqual(parseSortCode(entityMetadata(BookStore), "avgPrice desc"), [
    { property: "avgPrice", descending: true },
  ]);
});

Deno.test("sort codes: unknown fields, associations and bad directions are StoreQueryErrors", () => {
  const refused = (code: string, message: RegExp) =>
    assert.throws(() => parseSortCode(book, code), (error) => {
      assert(error instanceof StoreQueryError);
      assert.equal(error.argument, "sortCode");
      assert.match(error.message, message);
      return true;
    });
  refused(
    "title asc",
    /cannot sort Book by "title": sortable fields are id, name, edition, price, tenant/,
  );
  refused("store asc", /cannot sort Book by "store"/);
  refused("name up", /"name up" is not "<field> asc" or "<field> desc"/);
  refused("name asc desc", /is not "<field> asc"/);
  // Echoed input is clipped.
  refused(`${"x".repeat(5000)} asc`, /"x{40}\.\.\."/);
  assert.throws(
    () => parseSortCode(book, "nope", "orderBy"),
    (error) => error instanceof StoreQueryError && error.argument === "orderBy",
  );
});
