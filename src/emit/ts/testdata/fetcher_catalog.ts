/**
 * Sixty-three fetchers over the bookstore's and the treeshop's entities that
 * cover every feature of the builder (scalars, `allScalarFields()`, `false`,
 * formulas, to-one and to-many associations, id-only ones, list options,
 * recursion with and without depth, embeddables whole and partial), and
 * forty-two wrong uses. The source text of each fetcher is valid for both
 * the server's DSL and the generated client's builder, so the tests write it
 * into both and compare types, texts and answers.
 *
 * @module
 */

/** One fetcher: its constant name, its entity and its source text. */
export interface CatalogFetcher {
  readonly name: string;
  readonly entity: string;
  readonly source: string;
}

const SOURCES: readonly (readonly [string, string])[] = [
  ["Book", "fetcher(Book)"],
  ["Book", "fetcher(Book).name()"],
  ["Book", "fetcher(Book).name().edition().price()"],
  ["Book", "fetcher(Book).allScalarFields()"],
  ["Book", "fetcher(Book).allScalarFields().tenant(false)"],
  ["Book", "fetcher(Book).allScalarFields().price(false).edition(false)"],
  ["Book", "fetcher(Book).store()"],
  ["Book", "fetcher(Book).name().store()"],
  ["Book", "fetcher(Book).store(fetcher(BookStore).name())"],
  ["Book", "fetcher(Book).store(fetcher(BookStore).allScalarFields())"],
  [
    "Book",
    "fetcher(Book).store(fetcher(BookStore).allScalarFields().avgPrice())",
  ],
  ["Book", "fetcher(Book).store(fetcher(BookStore).website())"],
  ["Book", "fetcher(Book).authors()"],
  ["Book", "fetcher(Book).authors(fetcher(Author).firstName().lastName())"],
  [
    "Book",
    'fetcher(Book).authors(fetcher(Author).allScalarFields(), { orderBy: { prop: "lastName" } })',
  ],
  [
    "Book",
    'fetcher(Book).authors(fetcher(Author).gender(), { orderBy: [{ prop: "lastName", desc: true }, { prop: "firstName" }], limit: 2 })',
  ],
  [
    "Book",
    "fetcher(Book).authors(fetcher(Author).firstName(), { limit: 1, offset: 1 })",
  ],
  ["Book", "fetcher(Book).authors(fetcher(Author).firstName(), { offset: 0 })"],
  [
    "Book",
    "fetcher(Book).name().store(fetcher(BookStore).name().books(fetcher(Book).name()))",
  ],
  [
    "Book",
    "fetcher(Book).allScalarFields().tenant(false).store(fetcher(BookStore).allScalarFields().avgPrice()).authors(fetcher(Author).allScalarFields())",
  ],
  ["Book", "fetcher(Book).store(false)"],
  ["Book", "fetcher(Book).name().name(false)"],
  ["Book", "fetcher(Book).store().store(fetcher(BookStore).name())"],
  [
    "Book",
    "fetcher(Book).authors(fetcher(Author).books(fetcher(Book).name()))",
  ],
  ["Book", "fetcher(Book).id()"],
  ["BookStore", "fetcher(BookStore).name()"],
  ["BookStore", "fetcher(BookStore).allScalarFields()"],
  ["BookStore", "fetcher(BookStore).avgPrice()"],
  ["BookStore", "fetcher(BookStore).website()"],
  ["BookStore", "fetcher(BookStore).books()"],
  [
    "BookStore",
    'fetcher(BookStore).name().books(fetcher(Book).name().price(), { orderBy: { prop: "price", desc: true }, limit: 2 })',
  ],
  [
    "BookStore",
    'fetcher(BookStore).books(fetcher(Book).allScalarFields(), { orderBy: { prop: "price" }, limit: 1, offset: 1 })',
  ],
  [
    "BookStore",
    'fetcher(BookStore).books(fetcher(Book).name().authors(fetcher(Author).lastName(), { orderBy: { prop: "lastName" } }))',
  ],
  ["BookStore", "fetcher(BookStore).allScalarFields().website(false)"],
  ["BookStore", "fetcher(BookStore).books(fetcher(Book).store())"],
  ["Author", "fetcher(Author).firstName().lastName()"],
  ["Author", "fetcher(Author).allScalarFields()"],
  ["Author", "fetcher(Author).gender()"],
  [
    "Author",
    "fetcher(Author).books(fetcher(Book).name().store(fetcher(BookStore).name()))",
  ],
  [
    "Author",
    'fetcher(Author).books(fetcher(Book).name(), { orderBy: [{ prop: "edition", desc: true }, { prop: "name" }] })',
  ],
  ["TreeNode", "fetcher(TreeNode).name()"],
  ["TreeNode", "fetcher(TreeNode).allScalarFields()"],
  ["TreeNode", "fetcher(TreeNode).name().parent()"],
  ["TreeNode", "fetcher(TreeNode).name().parent(fetcher(TreeNode).name())"],
  [
    "TreeNode",
    "fetcher(TreeNode).name().kind().childNodes(fetcher(TreeNode).name().kind(), { recursive: true })",
  ],
  [
    "TreeNode",
    "fetcher(TreeNode).name().childNodes(fetcher(TreeNode).name(), { depth: 2 })",
  ],
  [
    "TreeNode",
    "fetcher(TreeNode).name().parent(fetcher(TreeNode).name(), { recursive: true })",
  ],
  [
    "TreeNode",
    "fetcher(TreeNode).name().parent(fetcher(TreeNode).name(), { depth: 3 })",
  ],
  [
    "TreeNode",
    'fetcher(TreeNode).childNodes(fetcher(TreeNode).name(), { recursive: true, orderBy: { prop: "name", desc: true }, limit: 2 })',
  ],
  [
    "TreeNode",
    'fetcher(TreeNode).childNodes(fetcher(TreeNode).name(), { orderBy: { prop: "name" } })',
  ],
  ["TreeNode", "fetcher(TreeNode).childNodes()"],
  [
    "TreeNode",
    "fetcher(TreeNode).allScalarFields().childNodes(fetcher(TreeNode).allScalarFields().parent())",
  ],
  ["Product", "fetcher(Product).allScalarFields()"],
  ["Product", "fetcher(Product).name().category()"],
  [
    "Product",
    "fetcher(Product).name().price().category(fetcher(TreeNode).name().parent(fetcher(TreeNode).name()))",
  ],
  [
    "Product",
    "fetcher(Product).available().category(fetcher(TreeNode).childNodes(fetcher(TreeNode).name(), { depth: 1 }))",
  ],
  ["Warehouse", "fetcher(Warehouse).name().address()"],
  ["Warehouse", "fetcher(Warehouse).address(embeddable(Address).city())"],
  [
    "Warehouse",
    "fetcher(Warehouse).address(embeddable(Address).city().zipCode().location())",
  ],
  [
    "Warehouse",
    "fetcher(Warehouse).address(embeddable(Address).street().location(embeddable(GeoPoint).latitude()))",
  ],
  ["Warehouse", "fetcher(Warehouse).allScalarFields()"],
  [
    "Warehouse",
    "fetcher(Warehouse).address(embeddable(Address).city().location(embeddable(GeoPoint).latitude().longitude()))",
  ],
  ["Warehouse", "fetcher(Warehouse).address().address(false)"],
];

/** The catalogue's fetchers, named `F01`... in order. */
export const FETCHER_CATALOG: readonly CatalogFetcher[] = SOURCES.map((
  [entity, source],
  index,
) => ({ name: `F${String(index + 1).padStart(2, "0")}`, entity, source }));

/**
 * Wrong uses, each a statement that must not type-check: `s(F)` stands for
 * a value of the shape of `F`, `api` for the generated client.
 */
export const WRONG_USES: readonly string[] = [
  "s(fetcher(Book).name()).edition",
  "s(fetcher(Book).store()).store?.name",
  "s(fetcher(Book).store(fetcher(BookStore).name())).store.name",
  "fetcher(Book).colour()",
  'fetcher(BookStore).books(fetcher(Book), { orderBy: { prop: "store" } })',
  "fetcher(Book).store(fetcher(Author))",
  'fetcher(Book).store(fetcher(BookStore), { orderBy: { prop: "name" } })',
  "fetcher(Book).store(fetcher(BookStore), { limit: 1 })",
  "fetcher(Book).authors(fetcher(Author), { recursive: true })",
  "fetcher(Book).id(false)",
  'fetcher(Book).name("yes")',
  "fetcher(Warehouse).address(embeddable(GeoPoint))",
  "fetcher(Warehouse).address(fetcher(Book))",
  "embeddable(Book)",
  "fetcher(Address)",
  "s(fetcher(Warehouse).address(embeddable(Address).city())).address.street",
  "s(fetcher(Warehouse).address()).address.zipCode.length",
  "s(fetcher(BookStore).allScalarFields()).avgPrice",
  "s(fetcher(Book).allScalarFields().tenant(false)).tenant",
  'fetcher(BookStore).books(fetcher(Book), { orderBy: { prop: "authors" } })',
  'fetcher(BookStore).books(fetcher(Book), { orderBy: { prop: "firstName" } })',
  'fetcher(BookStore).books(fetcher(Book), { orderBy: { prop: "name", desc: "yes" } })',
  'fetcher(BookStore).books(fetcher(Book), { limit: "2" })',
  "fetcher(BookStore).books(fetcher(Book), { first: 2 })",
  's(fetcher(Book).name()).name = "x"',
  "s(fetcher(TreeNode).childNodes(fetcher(TreeNode).name(), { recursive: true })).childNodes.length",
  "s(fetcher(TreeNode).childNodes(fetcher(TreeNode).name(), { recursive: true })).childNodes?.[0]?.kind",
  'fetcher(TreeNode).childNodes(fetcher(TreeNode), { depth: "2" })',
  "fetcher(TreeNode).childNodes(fetcher(TreeNode), { recursive: false })",
  "s(fetcher(Book).authors(fetcher(Author).firstName())).authors[0]?.lastName",
  "s(fetcher(Product).category()).category.name",
  "fetcher(BookStore).books(fetcher(Author))",
  'fetcher(Book).store("{ name }")',
  "api.shapesService.book({ id: 1, fetcher: fetcher(Author) })",
  "(await api.shapesService.book({ id: 1, fetcher: fetcher(Book).name() }))?.edition",
  "(await api.shapesService.book({ id: 1, fetcher: fetcher(Book).name() })).name",
  'check<"OTHER">(s(fetcher(Author).gender()).gender)',
  "check<string>(s(fetcher(Book).price()).price)",
  "check<ShapeOf<typeof F20>>(s(F02))",
  "s(fetcher(Author)).firstName",
  "s(fetcher(Warehouse).address(embeddable(Address).location(embeddable(GeoPoint).latitude()))).address.location.longitude",
  "embeddable(Address).allScalarFields()",
];
