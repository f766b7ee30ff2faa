import assert from "node:assert/strict";
import {
  Column,
  type Computed,
  Entity,
  entityMetadata,
  Formula,
  Id,
  isEntity,
  ManyToMany,
  ManyToOne,
  OneToMany,
  type PropertyMetadata,
  RESERVED_PROPERTY_NAMES,
} from "./entity.ts";
import { fetcher } from "./fetcher.ts";
import { compileFetcher } from "./fetcher_compiler.ts";
import { Author, Book, BookStore } from "../../fixtures/bookstore/entities.ts";
import { Product, TreeNode } from "../../fixtures/treeshop/entities.ts";
import { BookController } from "../../fixtures/bookstore/book_controller.ts";

/** A property's metadata with the target resolved, for deepEqual. */
function plain(property: PropertyMetadata): Record<string, unknown> {
  if (property.kind !== "association") return { ...property };
  const { target, ...rest } = property;
  return { ...rest, target: target().name };
}

function properties(type: Parameters<typeof entityMetadata>[0]) {
  return [...entityMetadata(type).properties.values()].map(plain);
}

/** The expected {@link plain} metadata of an `@Id()` in `column`. */
const id = (column = "id") => ({
  name: "id",
  kind: "id",
  nullable: false,
  column,
});

/** The expected {@link plain} metadata of a `@Column()`. */
const scalar = (name: string, column = name, nullable = false) => ({
  name,
  kind: "scalar",
  nullable,
  column,
});

/** The expected {@link plain} metadata of an association to `target`. */
const association = (
  name: string,
  kind: "many-to-one" | "one-to-many" | "many-to-many",
  target: string,
  { nullable = false, mappedBy }: { nullable?: boolean; mappedBy?: string } =
    {},
) => ({
  name,
  kind: "association",
  association: kind,
  nullable,
  target,
  ...(mappedBy === undefined ? {} : { mappedBy }),
});

Deno.test("entityMetadata(Book): properties in declaration order", () => {
  const metadata = entityMetadata(Book);
  assert.equal(metadata.name, "Book");
  assert.equal(metadata.type, Book);
  assert.equal(metadata.idProperty, "id");
  assert.deepEqual(properties(Book), [
    id(),
    scalar("name"),
    scalar("edition"),
    scalar("price"),
    scalar("tenant"),
    association("store", "many-to-one", "BookStore", { nullable: true }),
    association("authors", "many-to-many", "Author"),
  ]);
  // The cached metadata is the same object each time.
  assert.equal(entityMetadata(Book), metadata);
});

Deno.test("entityMetadata: formulas, inverse sides, self-associations", () => {
  assert.deepEqual(properties(BookStore), [
    id(),
    scalar("name"),
    scalar("website", "website", true),
    {
      name: "avgPrice",
      kind: "formula",
      nullable: true,
      sql: "(select avg(b.price) from book b where b.store_id = %alias.id)",
    },
    association("books", "one-to-many", "Book", { mappedBy: "store" }),
  ]);
  assert.deepEqual(properties(Author), [
    id(),
    scalar("firstName", "first_name"),
    scalar("lastName", "last_name"),
    scalar("gender"),
    association("books", "many-to-many", "Book", { mappedBy: "authors" }),
  ]);
  const tree = entityMetadata(TreeNode).properties;
  const parent = tree.get("parent");
  const children = tree.get("childNodes");
  assert.ok(parent?.kind === "association" && children?.kind === "association");
  assert.equal(parent.target(), TreeNode);
  assert.equal(parent.association, "many-to-one");
  assert.equal(parent.nullable, true);
  assert.equal(children.target(), TreeNode);
  assert.equal(children.mappedBy, "parent");
  const category = entityMetadata(Product).properties.get("category");
  assert.ok(category?.kind === "association");
  assert.equal(category.nullable, false);
  assert.equal(category.target(), TreeNode);
});

Deno.test("isEntity tells entity classes apart", () => {
  for (const type of [Book, BookStore, Author, TreeNode, Product]) {
    assert.equal(isEntity(type), true, type.name);
  }
  for (const value of [BookController, class Plain {}, {}, null, "Book", 1]) {
    assert.equal(isEntity(value), false, String(value));
  }
  assert.throws(() => entityMetadata(BookController), {
    name: "TypeError",
    message: "BookController is not an @Entity() class",
  });
  assert.throws(() => entityMetadata(class Plain {}), TypeError);
});

Deno.test("@Entity(name), column options and defaults", () => {
  @Entity("Renamed")
  class Thing {
    @Id({ name: "thing_key" })
    id!: number;

    @Column({ name: "LABEL", nullable: true })
    label!: string | null;

    @Column()
    createdAt!: Date;

    @Formula("1", { nullable: false })
    one!: Computed<number>;

    @ManyToOne(() => Thing)
    owner!: Thing;

    @ManyToMany(() => Thing)
    friends!: Thing[];

    @OneToMany(() => Thing, "owner")
    owned!: Thing[];

    /** Not persistent: no decorator, no metadata. */
    transientNote = "";
  }
  const metadata = entityMetadata(Thing);
  assert.equal(metadata.name, "Renamed");
  assert.deepEqual(properties(Thing), [
    id("thing_key"),
    scalar("label", "LABEL", true),
    scalar("createdAt", "created_at"),
    { name: "one", kind: "formula", nullable: false, sql: "1" },
    association("owner", "many-to-one", "Thing"),
    association("friends", "many-to-many", "Thing"),
    association("owned", "one-to-many", "Thing", { mappedBy: "owner" }),
  ]);
  assert.equal(fetcher(Thing).entityName, "Renamed");
  assert.equal(new Thing().transientNote, "");
});

Deno.test("an entity needs exactly one @Id() named id", () => {
  assert.throws(
    () => {
      @Entity()
      class NoId {
        @Column()
        name!: string;
      }
      return NoId;
    },
    {
      name: "TypeError",
      message: "Entity NoId must have exactly one @Id() property, found 0",
    },
  );
  assert.throws(
    () => {
      @Entity()
      class Empty {}
      return Empty;
    },
    /Entity Empty must have exactly one @Id\(\) property, found 0/,
  );
  assert.throws(
    () => {
      @Entity()
      class TwoIds {
        @Id()
        id!: number;
        @Id()
        other!: number;
      }
      return TwoIds;
    },
    /found 2/,
  );
  assert.throws(
    () => {
      @Entity()
      class WrongName {
        @Id()
        key!: number;
      }
      return WrongName;
    },
    {
      name: "TypeError",
      message: 'Entity WrongName: the @Id() property must be named "id"',
    },
  );
});

Deno.test("reserved property names are refused", () => {
  assert.deepEqual([...RESERVED_PROPERTY_NAMES].sort(), [
    "allScalarFields",
    "constructor",
    "entity",
    "entityName",
    "equals",
    "selections",
    "toString",
  ]);
  const declare: Record<string, () => unknown> = {
    entity: () => {
      class C {
        @Column()
        entity!: string;
      }
      return C;
    },
    entityName: () => {
      class C {
        @Column()
        entityName!: string;
      }
      return C;
    },
    selections: () => {
      class C {
        @ManyToOne(() => Book)
        selections!: Book;
      }
      return C;
    },
    allScalarFields: () => {
      class C {
        @Column()
        allScalarFields!: string;
      }
      return C;
    },
    toString: () => {
      class C {
        @Formula("1")
        toString!: () => string;
      }
      return C;
    },
    equals: () => {
      class C {
        @Column()
        equals!: boolean;
      }
      return C;
    },
  };
  for (const [name, run] of Object.entries(declare)) {
    assert.throws(run, {
      name: "TypeError",
      message: `Entity property name "${name}" is reserved by fetchers`,
    });
  }
});

Deno.test("a quoted property name is fine when it is an identifier, refused otherwise", () => {
  @Entity()
  class Quoted {
    @Id()
    id!: number;

    @Column()
    "label"!: string;
  }
  const label = fetcher(Quoted).label();
  assert.equal(compileFetcher(Quoted, String(label)).equals(label), true);
  assert.throws(
    () => {
      class C {
        @Column()
        "first-name"!: string;
      }
      return C;
    },
    {
      name: "TypeError",
      message:
        'Entity property name "first-name" is not an identifier: fetcher text and clients cannot name it',
    },
  );
});

Deno.test("entity decorators apply to public instance fields only", () => {
  assert.throws(
    () => {
      class C {
        @Column()
        static count: number;
      }
      return C;
    },
    /public instance properties, not count/,
  );
  assert.throws(
    () => {
      class C {
        @Column()
        #hidden = 1;
        get hidden() {
          return this.#hidden;
        }
      }
      return C;
    },
    /public instance properties, not #hidden/,
  );
});
