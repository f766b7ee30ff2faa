import assert from "node:assert/strict";
import { Entity, Id, type Int, ManyToMany } from "../runtime/entity.ts";
import { Author, Book, BookStore } from "../../fixtures/bookstore/entities.ts";
import { TreeNode } from "../../fixtures/treeshop/entities.ts";
import { sqliteDialect } from "./dialect.ts";
import { buildSchema, schemaStatements, snakeCase } from "./schema.ts";

Deno.test("snakeCase: class and property names", () => {
  assert.equal(snakeCase("BookStore"), "book_store");
  assert.equal(snakeCase("firstName"), "first_name");
  assert.equal(snakeCase("id"), "id");
});

Deno.test("DDL: tables, foreign keys, the join table and their indexes", () => {
  // Book alone: the store and authors are reached through associations.
  const schema = buildSchema([Book], { "Book.price": "real" });
  assert.deepEqual(schema.tables.map((t) => t.name), [
    "book",
    "book_store",
    "author",
  ]);
  assert.deepEqual(schemaStatements(schema, sqliteDialect), [
    `CREATE TABLE IF NOT EXISTS "book" ("id" INTEGER PRIMARY KEY, "name" NOT NULL, "edition" NOT NULL, "price" REAL NOT NULL, "tenant" NOT NULL, "store_id" INTEGER REFERENCES "book_store" ("id"))`,
    `CREATE TABLE IF NOT EXISTS "book_store" ("id" INTEGER PRIMARY KEY, "name" NOT NULL, "website")`,
    `CREATE TABLE IF NOT EXISTS "author" ("id" INTEGER PRIMARY KEY, "first_name" NOT NULL, "last_name" NOT NULL, "gender" NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS "book_authors" ("book_id" INTEGER NOT NULL REFERENCES "book" ("id"), "author_id" INTEGER NOT NULL REFERENCES "author" ("id"), PRIMARY KEY ("book_id", "author_id"))`,
    `CREATE INDEX IF NOT EXISTS "book_store_id_index" ON "book" ("store_id")`,
    `CREATE INDEX IF NOT EXISTS "book_authors_author_id_index" ON "book_authors" ("author_id")`,
  ]);
});

Deno.test("links: both sides of each association agree on the storage", () => {
  const schema = buildSchema([BookStore, Book, Author]);
  const link = (
    type: typeof Book | typeof BookStore | typeof Author,
    name: string,
  ) => {
    const { metadata } = schema.table(type);
    const property = metadata.properties.get(name);
    assert(property?.kind === "association");
    return schema.link(metadata, property);
  };
  assert.deepEqual(link(Book, "store"), {
    kind: "reference",
    column: "store_id",
  });
  assert.deepEqual(link(BookStore, "books"), {
    kind: "children",
    column: "store_id",
  });
  assert.deepEqual(link(Book, "authors"), {
    kind: "join",
    table: "book_authors",
    ownerColumn: "book_id",
    targetColumn: "author_id",
  });
  // The inverse side reads the same join table the other way round.
  assert.deepEqual(link(Author, "books"), {
    kind: "join",
    table: "book_authors",
    ownerColumn: "author_id",
    targetColumn: "book_id",
  });
  // A self-association: the parent column of the same table.
  const tree = buildSchema([TreeNode]);
  const { metadata } = tree.table(TreeNode);
  const children = metadata.properties.get("childNodes");
  assert(children?.kind === "association");
  assert.deepEqual(tree.link(metadata, children), {
    kind: "children",
    column: "parent_id",
  });
});

Deno.test("a self many-to-many names its target column after the property", () => {
  @Entity()
  class Person {
    @Id()
    id!: Int;
    @ManyToMany(() => Person)
    friends!: Person[];
  }
  const statements = schemaStatements(buildSchema([Person]), sqliteDialect);
  assert.match(
    statements.join("\n"),
    /CREATE TABLE IF NOT EXISTS "person_friends" \("person_id" INTEGER NOT NULL REFERENCES "person" \("id"\), "friends_id" INTEGER NOT NULL/,
  );
});

Deno.test("an inverse side whose mappedBy names no owning side is refused", () => {
  @Entity()
  class Tag {
    @Id()
    id!: Int;
    @ManyToMany(() => Label, { mappedBy: "nothing" })
    labels!: Label[];
  }
  @Entity()
  class Label {
    @Id()
    id!: Int;
  }
  assert.throws(
    () => buildSchema([Tag]),
    /Tag\.labels: mappedBy "nothing" must name the owning many-to-many property of Label/,
  );
  assert.throws(
    () => buildSchema([Label]).table(Tag),
    /Tag is not an entity of this store/,
  );
});
