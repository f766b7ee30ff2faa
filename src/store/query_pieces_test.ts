import assert from "node:assert/strict";
import { BookController } from "../../fixtures/bookstore/book_controller.ts";
import { QueryPieces } from "./query_pieces.ts";

Deno.test("pieces are built once per fetcher (and sort array); select lists come as copies", () => {
  const pieces = new QueryPieces();
  const f = BookController.SIMPLE_FETCHER;
  let builds = 0;
  const build = () => {
    builds++;
    return ["a", "b"];
  };
  const first = pieces.select(f, "", build);
  first.push("pushed by a caller");
  assert.deepEqual(pieces.select(f, "", build), ["a", "b"]);
  assert.equal(builds, 1);
  pieces.select(f, "parent", build);
  pieces.select(BookController.COMPLEX_FETCHER, "", build);
  assert.equal(builds, 3);

  assert.equal(pieces.head(f, () => "SELECT a"), "SELECT a");
  assert.equal(pieces.head(f, () => "again"), "SELECT a");

  const sort = [{ property: "name", descending: false }];
  assert.equal(pieces.order(sort, () => "name ASC"), "name ASC");
  assert.equal(pieces.order(sort, () => "other"), "name ASC");
  assert.equal(pieces.order([...sort], () => "other"), "other");

  const columns = [{ name: "name", type: undefined }];
  assert.equal(pieces.decoders(f, () => columns), columns);
  assert.equal(pieces.decoders(f, () => []), columns);
});

Deno.test("a root statement is kept per fetcher, sort array and shape", () => {
  const pieces = new QueryPieces();
  const f = BookController.SIMPLE_FETCHER;
  const sort = [{ property: "name", descending: false }];
  assert.equal(pieces.statement(f, sort, 7, () => "a"), "a");
  assert.equal(pieces.statement(f, sort, 7, () => "b"), "a");
  assert.equal(pieces.statement(f, sort, 3, () => "c"), "c");
  assert.equal(pieces.statement(f, [...sort], 7, () => "d"), "d");
  assert.equal(
    pieces.statement(
      BookController.COMPLEX_FETCHER,
      sort,
      7,
      () => "e",
    ),
    "e",
  );
});
