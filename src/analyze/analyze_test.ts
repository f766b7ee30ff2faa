/**
 * The analyzer on small projects written into temporary directories: modes,
 * recognition by symbol, every FetchBy placement of spec §2.1, parameters,
 * results, enums, static types, and reporting all diagnostics at once.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import type {
  ApiModel,
  OperationModel,
  StaticTypeModel,
  TypeRef,
} from "../model/api_model.ts";
import { type AnalysisResult, analyzeProject, serviceName } from "./analyze.ts";

const MOD = fileURLToPath(new URL("../../mod.ts", import.meta.url));

/** Entities shared by most cases; imported as "./entities.ts". */
const ENTITIES = `
import { Column, type Computed, Entity, Formula, Id, type Int, ManyToOne, OneToMany } from "@mod";

/** Kind of a node. */
export type NodeKind =
  /** Holds nodes. */
  | "FOLDER"
  /** A leaf. */
  | "ITEM";

/** Level of a store. */
export enum Level {
  /** The first. */
  GOLD = "GOLD",
  SILVER = "SILVER",
}

/** A store. */
@Entity()
export class Store {
  @Id()
  id!: Int;

  /** Name of the store. */
  @Column()
  name!: string;

  @Column()
  level!: Level;

  /** Computed. */
  @Formula("1")
  score?: Computed<number>;

  @OneToMany(() => Item, "store")
  items!: Item[];
}

/** An item. */
@Entity()
export class Item {
  @Id()
  id!: Int;

  /** Title. */
  @Column()
  title!: string;

  @Column({ nullable: true })
  note!: string | null;

  @ManyToOne(() => Store, { nullable: true })
  store!: Store | null;
}

/** A tree node. */
@Entity()
export class Node {
  @Id()
  id!: Int;

  @Column()
  kind!: NodeKind;

  @ManyToOne(() => Node, { nullable: true })
  parent!: Node | null;

  @OneToMany(() => Node, "parent")
  childNodes!: Node[];
}
`;

async function analyzeSources(
  files: Record<string, string>,
  options: { files?: string[] } = {},
): Promise<AnalysisResult> {
  const dir = await Deno.makeTempDir({ prefix: "tailor_analyze_" });
  try {
    for (const [name, text] of Object.entries(files)) {
      const path = `${dir}/${name}`;
      await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), {
        recursive: true,
      });
      await Deno.writeTextFile(path, text.replaceAll('"@mod"', `"${MOD}"`));
    }
    return await analyzeProject(dir, options);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function modelOf(files: Record<string, string>): Promise<ApiModel> {
  const result = await analyzeSources({ "entities.ts": ENTITIES, ...files });
  if (!result.ok) {
    assert.fail(JSON.stringify(result.diagnostics, null, 2));
  }
  return result.model;
}

function operation(model: ApiModel, name: string): OperationModel {
  for (const service of model.services) {
    const found = service.operations.find((o) => o.name === name);
    if (found) return found;
  }
  assert.fail(`no operation ${name}`);
}

function staticType(model: ApiModel, name: string): StaticTypeModel {
  const found = model.staticTypes.find((s) => s.name === name);
  assert.ok(found, `no static type ${name}`);
  return found;
}

function fetched(entity: string, key: string): TypeRef {
  return { kind: "fetched", entity, key };
}

const IMPLICIT = `@EnableImplicitApi()\nexport class App {}\n`;

Deno.test("serviceName replaces a trailing Controller", () => {
  assert.equal(serviceName("BookController"), "BookService");
  assert.equal(serviceName("Books"), "BooksService");
  assert.equal(serviceName("Controller"), "ControllerService");
});

Deno.test("implicit mode: every controller and route but @ApiIgnore ones", async () => {
  const model = await modelOf({
    "app.ts": `
import { ApiIgnore, Controller, EnableImplicitApi, Get, Post } from "@mod";
${IMPLICIT}
@Controller("/a")
export class AController {
  @Get("/one") one(): string { return ""; }
  @ApiIgnore() @Post("/two") two(): void {}
  helper(): string { return ""; }
}
@ApiIgnore()
@Controller("/b")
export class BController {
  @Get("/one") one(): string { return ""; }
}
`,
  });
  assert.deepEqual(model.services.map((s) => s.name), ["AService"]);
  assert.deepEqual(model.services[0]!.operations.map((o) => o.name), ["one"]);
  assert.equal(model.services[0]!.operations[0]!.path, "/a/one");
});

Deno.test("explicit mode: class and method both need @Api", async () => {
  const model = await modelOf({
    "app.ts": `
import { Api, ApiIgnore, Controller, Get } from "@mod";
@Api(["x", "y"])
@Controller("/a")
export class AController {
  @Api() @Get("/marked") marked(): string { return ""; }
  @Api("y") @Get("/grouped") grouped(): string { return ""; }
  @Get("/unmarked") unmarked(): string { return ""; }
  @Api() @ApiIgnore() @Get("/ignored") ignored(): string { return ""; }
}
@Api()
@Controller("/empty")
export class EmptyController {
  @Get("/unmarked") unmarked(): string { return ""; }
}
`,
  });
  assert.deepEqual(model.services.map((s) => s.name), ["AService"]);
  assert.deepEqual(
    model.services[0]!.operations.map((o) => [o.name, o.groups]),
    [["marked", ["x", "y"]], ["grouped", ["y"]]],
  );
  assert.deepEqual(model.groups, ["x", "y"]);
});

Deno.test("recognition by symbol: an aliased or namespaced import counts, a local Api does not", async () => {
  const model = await modelOf({
    "app.ts": `
import { Api as TailorApi, Controller, Get } from "@mod";
import * as t from "@mod";

function Api(_g?: string): (v: unknown, c: DecoratorContext) => void {
  return () => {};
}

@Api("local") @Controller("/local")
export class LocalController {
  @Api("local") @Get("/x") x(): string { return ""; }
}

@TailorApi("real") @Controller("/real")
export class RealController {
  @TailorApi() @Get("/x") x(): string { return ""; }
}

@t.Api() @t.Controller("/ns")
export class NamespaceController {
  @t.Api() @t.Get("/x") x(): t.RequestParam<t.Int> { return 1; }
}
`,
  });
  assert.deepEqual(model.services.map((s) => s.name), [
    "NamespaceService",
    "RealService",
  ]);
  assert.deepEqual(model.groups, ["real"]);
  assert.deepEqual(operation(model, "x").groups, []);
  assert.deepEqual(model.services[0]!.operations[0]!.result.type, {
    kind: "primitive",
    name: "integer",
  });
});

Deno.test("an import alias of a route decorator is followed through its symbol", async () => {
  const model = await modelOf({
    "app.ts": `
import { Controller as C, EnableImplicitApi, Get as G, Post as P } from "@mod";
${IMPLICIT}
@C("/things")
export class ThingController {
  @G("/one") one(): string { return ""; }
  @P("/two") two(): string { return ""; }
}
`,
  });
  assert.deepEqual(
    model.services[0]!.operations.map((o) => `${o.httpMethod} ${o.path}`),
    ["GET /things/one", "POST /things/two"],
  );
});

Deno.test("a const alias of a route decorator (and a chain of them) is followed", async () => {
  const model = await modelOf({
    "app.ts": `
import * as t from "@mod";
import { Controller, EnableImplicitApi, Get } from "@mod";
${IMPLICIT}
const MyGet = Get;
const Again = MyGet;
const MyPost = t.Post;
@Controller("/things")
export class ThingController {
  @MyGet("/one") one(): string { return ""; }
  @Again("/two") two(): string { return ""; }
  @MyPost("/three") three(): string { return ""; }
}
`,
  });
  assert.deepEqual(
    model.services[0]!.operations.map((o) => `${o.httpMethod} ${o.path}`),
    ["GET /things/one", "GET /things/two", "POST /things/three"],
  );
});

Deno.test("results: alias chains of Promise unwrap like Promise<T> written out", async () => {
  const model = await modelOf({
    "app.ts": `
import { Controller, EnableImplicitApi, Get } from "@mod";
${IMPLICIT}
export interface Summary { total: number; }
type S3 = Summary[];
type S4 = Promise<S3>;
type P<T> = Promise<T>;
type Q<T> = P<T>;
type Maybe<T> = Q<T | undefined>;

@Controller("/s")
export class SummaryController {
  @Get("/direct") direct(): Promise<S3> { throw 0; }
  @Get("/alias") alias(): S4 { throw 0; }
  @Get("/chain") chain(): Q<Summary> { throw 0; }
  @Get("/maybe") maybe(): Maybe<string> { throw 0; }
}
`,
  });
  const summaries = operation(model, "direct").result;
  assert.equal(summaries.type.kind, "array");
  assert.deepEqual(operation(model, "alias").result, summaries);
  assert.deepEqual(operation(model, "chain").result, {
    type: { kind: "static", name: "Summary", args: [] },
    nullable: false,
  });
  assert.deepEqual(operation(model, "maybe").result, {
    type: { kind: "primitive", name: "string" },
    nullable: true,
  });
});

Deno.test("quoted property names that are identifiers are read like plain ones", async () => {
  const model = await modelOf({
    "app.ts": `
import { Column, Controller, EnableImplicitApi, Entity, type FetchBy, fetcher, Get, Id, type Int } from "@mod";
${IMPLICIT}
@Entity()
export class Person {
  @Id() id!: Int;
  @Column() "first"!: string;
  @Column() 'last'!: string;
}
export interface Badge { "label": string; }

@Controller("/people")
export class PersonController {
  static readonly ALL = fetcher(Person).allScalarFields();
  @Get("/") list(): FetchBy<"ALL">[] { return []; }
  @Get("/badge") badge(): Badge { throw 0; }
}
`,
  });
  const shape = model.dtos.find((d) => d.entity === "Person")!.shapes[0]!;
  assert.deepEqual(
    shape.type.kind === "object" && shape.type.properties.map((p) => p.name),
    ["id", "first", "last"],
  );
  assert.deepEqual(
    staticType(model, "Badge").properties.map((p) => p.name),
    ["label"],
  );
});

Deno.test("a local type named FetchBy or Int is not ours", async () => {
  const result = await analyzeSources({
    "app.ts": `
import { Controller, EnableImplicitApi, Get } from "@mod";
type Int = string;
type FetchBy<T> = { value: T };
${IMPLICIT}
@Controller()
export class AController {
  @Get("/int") int(): Int { return ""; }
  @Get("/f") f(): FetchBy<string> { return { value: "" }; }
}
`,
  });
  assert.ok(result.ok);
  assert.deepEqual(operation(result.model, "int").result.type, {
    kind: "primitive",
    name: "string",
  });
  assert.deepEqual(operation(result.model, "f").result.type, {
    kind: "static",
    name: "FetchBy",
    args: [{ kind: "primitive", name: "string" }],
  });
  assert.equal(staticType(result.model, "FetchBy").origin, "plain");
});

Deno.test("FetchBy in every placement of spec §2.1", async () => {
  const model = await modelOf({
    "app.ts": `
import {
  Controller, DefaultFetcherOwner, EnableImplicitApi, type FetchBy, fetcher, Get,
  type Page, type Tuple2,
} from "@mod";
import { Item, Store } from "./entities.ts";
${IMPLICIT}
export class Fetchers {
  static readonly ITEM = fetcher(Item).title();
}
@Controller()
@DefaultFetcherOwner(Fetchers)
export class AController {
  static readonly STORE = fetcher(Store).name();
  @Get("/direct") direct(): FetchBy<typeof AController.STORE> { throw 0; }
  @Get("/defaultOwner") defaultOwner(): FetchBy<"ITEM"> { throw 0; }
  @Get("/named") named(): FetchBy<"STORE", typeof AController> { throw 0; }
  @Get("/list") list(): Promise<FetchBy<"ITEM">[]> { throw 0; }
  @Get("/array") array(): Array<FetchBy<"ITEM">> { throw 0; }
  @Get("/readonly") readonlyList(): ReadonlyArray<FetchBy<"ITEM">> { throw 0; }
  @Get("/readonly2") readonlyList2(): readonly FetchBy<"ITEM">[] { throw 0; }
  @Get("/page") page(): Promise<Page<FetchBy<"ITEM">>> { throw 0; }
  @Get("/tuple") tuple(): Tuple2<FetchBy<"ITEM">, FetchBy<typeof AController.STORE>> { throw 0; }
  @Get("/maps") maps(): Map<string, Record<string, FetchBy<"ITEM">>> { throw 0; }
  @Get("/index") index(): { readonly [key: string]: FetchBy<"ITEM"> } { throw 0; }
  @Get("/nullable") nullable(): Promise<FetchBy<"ITEM"> | undefined> { throw 0; }
  @Get("/null") orNull(): FetchBy<"ITEM"> | null { throw 0; }
  @Get("/declared") declared(): Item & FetchBy<"ITEM"> { throw 0; }
}
`,
  });
  const item = fetched("Item", "Fetchers/ITEM");
  const store = fetched("Store", "AController/STORE");
  const results = Object.fromEntries(
    model.services[0]!.operations.map((o) => [o.name, o.result]),
  );
  const plain = (type: TypeRef) => ({ type, nullable: false });
  assert.deepEqual(results, {
    direct: plain(store),
    defaultOwner: plain(item),
    named: plain(store),
    list: plain({ kind: "array", element: item }),
    array: plain({ kind: "array", element: item }),
    readonlyList: plain({ kind: "array", element: item }),
    readonlyList2: plain({ kind: "array", element: item }),
    page: plain({ kind: "static", name: "Page", args: [item] }),
    tuple: plain({ kind: "static", name: "Tuple2", args: [item, store] }),
    maps: plain({ kind: "map", value: { kind: "map", value: item } }),
    index: plain({ kind: "map", value: item }),
    nullable: { type: item, nullable: true },
    orNull: { type: item, nullable: true },
    declared: plain(item),
  });
  assert.deepEqual(
    model.dtos.map((d) => [d.entity, d.shapes.map((s) => s.key)]),
    [["Item", ["Fetchers/ITEM"]], ["Store", ["AController/STORE"]]],
  );
  assert.deepEqual(model.staticTypes.map((s) => s.origin), [
    "builtin",
    "builtin",
  ]);
});

Deno.test("hybrid classes and interfaces, generic parameters kept", async () => {
  const model = await modelOf({
    "app.ts": `
import { Controller, EnableImplicitApi, type FetchBy, fetcher, Get } from "@mod";
import { Item, Store } from "./entities.ts";
${IMPLICIT}
/** A store and its items. */
export class StoreWithItems {
  static readonly STORE = fetcher(Store).name();
  static readonly ITEM = fetcher(Item).title().note();
  /** The store. */
  store!: FetchBy<"STORE">;
  items!: FetchBy<typeof StoreWithItems.ITEM>[];
  private secret = 1;
  static count = 0;
  constructor(readonly label: string, private hidden = 0) {}
}
/** A page of anything with a total. */
export interface Wrapped<T> {
  readonly value: T;
  readonly extra?: Extra;
}
export interface Extra extends Base<string> {
  readonly item: FetchBy<"ITEM", typeof StoreWithItems>;
}
export interface Base<V> {
  readonly base: V;
}
@Controller()
export class AController {
  @Get("/h") hybrid(): Promise<Wrapped<StoreWithItems>> { throw 0; }
}
`,
  });
  assert.deepEqual(operation(model, "hybrid").result.type, {
    kind: "static",
    name: "Wrapped",
    args: [{ kind: "static", name: "StoreWithItems", args: [] }],
  });
  const hybrid = staticType(model, "StoreWithItems");
  assert.equal(hybrid.origin, "hybrid");
  assert.equal(hybrid.doc, "A store and its items.");
  assert.deepEqual(hybrid.properties, [
    {
      name: "store",
      type: fetched("Store", "StoreWithItems/STORE"),
      optional: false,
      doc: "The store.",
    },
    {
      name: "items",
      type: { kind: "array", element: fetched("Item", "StoreWithItems/ITEM") },
      optional: false,
    },
    {
      name: "label",
      type: { kind: "primitive", name: "string" },
      optional: false,
    },
  ]);
  const wrapped = staticType(model, "Wrapped");
  assert.equal(wrapped.origin, "plain");
  assert.deepEqual(wrapped.typeParameters, ["T"]);
  assert.deepEqual(wrapped.properties[0]!.type, {
    kind: "typeParameter",
    name: "T",
  });
  assert.deepEqual(wrapped.properties[1]!.optional, true);
  const extra = staticType(model, "Extra");
  assert.equal(extra.origin, "hybrid");
  assert.deepEqual(extra.properties.map((p) => [p.name, p.type]), [
    ["base", { kind: "primitive", name: "string" }],
    ["item", fetched("Item", "StoreWithItems/ITEM")],
  ]);
  assert.deepEqual(model.staticTypes.map((s) => s.name), [
    "Extra",
    "StoreWithItems",
    "Wrapped",
  ]);
  const itemShape = model.dtos.find((d) => d.entity === "Item")!.shapes[0]!;
  assert.deepEqual(itemShape.type.properties.map((p) => [p.name, p.optional]), [
    ["id", false],
    ["title", false],
    ["note", true],
  ]);
});

Deno.test("shapes: nested associations, exclusions, computed, enums, Int", async () => {
  const model = await modelOf({
    "app.ts": `
import { Controller, EnableImplicitApi, type FetchBy, fetcher, Get } from "@mod";
import { Item, Store } from "./entities.ts";
${IMPLICIT}
@Controller()
export class AController {
  /** Everything. */
  static readonly FULL = fetcher(Store).allScalarFields().name(false).score()
    .items(fetcher(Item).title().store());
  @Get("/s") store(): FetchBy<typeof AController.FULL> { throw 0; }
}
`,
  });
  const shape = model.dtos[0]!.shapes[0]!;
  assert.equal(shape.doc, "Everything.");
  assert.deepEqual(shape.type, {
    kind: "object",
    entity: "Store",
    properties: [
      {
        name: "id",
        type: { kind: "primitive", name: "integer" },
        optional: false,
      },
      { name: "level", type: { kind: "enum", name: "Level" }, optional: false },
      {
        name: "score",
        type: { kind: "primitive", name: "number" },
        optional: true,
        doc: "Computed.",
      },
      {
        name: "items",
        type: {
          kind: "array",
          element: {
            kind: "object",
            entity: "Item",
            properties: [
              {
                name: "id",
                type: { kind: "primitive", name: "integer" },
                optional: false,
              },
              {
                name: "title",
                type: { kind: "primitive", name: "string" },
                optional: false,
                doc: "Title.",
              },
              {
                name: "store",
                type: {
                  kind: "object",
                  entity: "Store",
                  properties: [{
                    name: "id",
                    type: { kind: "primitive", name: "integer" },
                    optional: false,
                  }],
                },
                optional: true,
              },
            ],
          },
        },
        optional: false,
      },
    ],
  });
  assert.deepEqual(model.enums, [{
    name: "Level",
    doc: "Level of a store.",
    values: [{ value: "GOLD", doc: "The first." }, { value: "SILVER" }],
  }]);
});

Deno.test("recursive selections, at the root and nested", async () => {
  const model = await modelOf({
    "app.ts": `
import { Controller, EnableImplicitApi, type FetchBy, fetcher, Get } from "@mod";
import { Node } from "./entities.ts";
${IMPLICIT}
@Controller()
export class AController {
  static readonly UP = fetcher(Node).kind().parent(
    fetcher(Node).childNodes(fetcher(Node).kind(), { recursive: true }),
  );
  static readonly ANCESTORS = fetcher(Node).parent(fetcher(Node).kind(), {
    recursive: true,
    depth: 3,
  });
  @Get("/up") up(): FetchBy<typeof AController.UP> { throw 0; }
  @Get("/ancestors") ancestors(): FetchBy<typeof AController.ANCESTORS> { throw 0; }
}
`,
  });
  const ancestors = model.dtos[0]!.shapes.filter((s) =>
    s.fetcher === "ANCESTORS"
  );
  const parentRef = fetched("Node", "AController/ANCESTORS@parent");
  assert.deepEqual(
    ancestors.map((
      s,
    ) => [s.key, s.type.properties.map((p) => [p.name, p.type, p.optional])]),
    [
      ["AController/ANCESTORS", [
        ["id", { kind: "primitive", name: "integer" }, false],
        ["parent", parentRef, true],
      ]],
      ["AController/ANCESTORS@parent", [
        ["id", { kind: "primitive", name: "integer" }, false],
        ["kind", { kind: "enum", name: "NodeKind" }, false],
        ["parent", parentRef, true],
      ]],
    ],
  );
  const shapes = model.dtos[0]!.shapes.filter((s) => s.fetcher === "UP");
  assert.deepEqual(shapes.map((s) => [s.key, s.path]), [
    ["AController/UP", undefined],
    ["AController/UP@parent.childNodes", "parent.childNodes"],
  ]);
  const self = fetched("Node", "AController/UP@parent.childNodes");
  const parent = shapes[0]!.type.properties.find((p) => p.name === "parent")!;
  assert.deepEqual(parent.type, {
    kind: "object",
    entity: "Node",
    properties: [
      {
        name: "id",
        type: { kind: "primitive", name: "integer" },
        optional: false,
      },
      {
        name: "childNodes",
        type: { kind: "array", element: self },
        optional: true,
      },
    ],
  });
  assert.deepEqual(shapes[1]!.type.properties.map((p) => [p.name, p.type]), [
    ["id", { kind: "primitive", name: "integer" }],
    ["kind", { kind: "enum", name: "NodeKind" }],
    ["childNodes", { kind: "array", element: self }],
  ]);
  assert.deepEqual(model.enums, [{
    name: "NodeKind",
    doc: "Kind of a node.",
    values: [{ value: "FOLDER", doc: "Holds nodes." }, {
      value: "ITEM",
      doc: "A leaf.",
    }],
  }]);
});

Deno.test("parameters: RequestPart files and JSON parts, names, optional ones", async () => {
  const model = await modelOf({
    "app.ts": `
import {
  Controller, EnableImplicitApi, type Int, Post, type RequestPart,
} from "@mod";
${IMPLICIT}
/** A project type named File is a JSON part. */
export interface File { readonly path: string }
/** Metadata. */
export interface Meta { readonly title: string }
@Controller("/u")
export class UploadController {
  /** @param image The image. */
  @Post()
  upload(
    image: RequestPart<globalThis.Blob>,
    photo: RequestPart<Blob, "photo-file">,
    meta: RequestPart<Meta>,
    count: RequestPart<Int, "n">,
    own: RequestPart<File>,
    thumb?: RequestPart<Blob>,
    note: RequestPart<string> = "",
  ): void {
    void [image, photo, meta, count, own, thumb, note];
  }
}
`,
  });
  const upload = operation(model, "upload");
  assert.deepEqual(
    upload.parameters.map((
      p,
    ) => [p.name, p.in, p.wireName, p.required, p.type]),
    [
      ["image", "part", "image", true, { kind: "file" }],
      ["photo", "part", "photo-file", true, { kind: "file" }],
      ["meta", "part", "meta", true, {
        kind: "static",
        name: "Meta",
        args: [],
      }],
      ["count", "part", "n", true, { kind: "primitive", name: "integer" }],
      ["own", "part", "own", true, { kind: "static", name: "File", args: [] }],
      ["thumb", "part", "thumb", false, { kind: "file" }],
      ["note", "part", "note", false, { kind: "primitive", name: "string" }],
    ],
  );
});

/** Code, line, column and message of the diagnostics of one upload method. */
async function uploadDiagnostics(
  prelude: string,
  parameters: string,
): Promise<[string, number, number, string][]> {
  const result = await analyzeSources({
    "app.ts": `
import { Controller, EnableImplicitApi, Post, type RequestPart } from "@mod";
${IMPLICIT}${prelude}
@Controller("/u")
export class UploadController {
  @Post()
  upload(${parameters}): void {}
}
`,
  });
  assert.equal(result.ok, false);
  return result.diagnostics.map((d) => [d.code, d.line, d.column, d.message]);
}

Deno.test("parameters: a RequestPart name that is not a literal is TAILOR014", async () => {
  assert.deepEqual(
    await uploadDiagnostics(
      "type Name = string;",
      "_file: RequestPart<Blob, Name>",
    ),
    [[
      "TAILOR014",
      9,
      35,
      "UploadController.upload, parameter _file: the part name must be a string literal type",
    ]],
  );
});

Deno.test("parameters: two parts of one name are TAILOR015", async () => {
  assert.deepEqual(
    await uploadDiagnostics(
      "",
      '_file: RequestPart<Blob>, _other: RequestPart<string, "_file">',
    ),
    [[
      "TAILOR015",
      9,
      36,
      'UploadController.upload: parameters _file and _other are both the part "_file"',
    ]],
  );
});

Deno.test("parameters: kinds, wire names, required, defaults, docs", async () => {
  const model = await modelOf({
    "app.ts": `
import {
  type ApiIgnore, Controller, EnableImplicitApi, Get, type Int, type PathVariable, Post,
  type RequestBody, type RequestHeader, type RequestParam,
} from "@mod";
import { Level, type NodeKind } from "./entities.ts";
${IMPLICIT}
interface Principal { readonly name: string }
/** A body. */
export interface Input { readonly level: Level; readonly tags?: string[] }
@Controller("/p/")
export class AController {
  /**
   * Does it.
   *
   * More text.
   * @param id - The id.
   * @param offset Where to start.
   */
  @Post(":id/run")
  run(
    id: PathVariable<Int>,
    offset: RequestParam<Int> = -1,
    flag: RequestParam<boolean> = true,
    name = "x",
    limit = 10,
    kind: NodeKind | undefined,
    levels: Level[],
    maybe?: string,
    orNull: RequestParam<string | null> = null,
    token: RequestHeader<string, "x-token">,
    body: RequestBody<Input>,
    user: ApiIgnore<Principal>,
  ): void {
    void [id, offset, flag, name, limit, kind, levels, maybe, orNull, token, body, user];
  }
  @Get() root(): Promise<void> { return Promise.resolve(); }
}
`,
  });
  const run = operation(model, "run");
  assert.equal(run.path, "/p/{id}/run");
  assert.equal(run.doc, "Does it.\n\nMore text.");
  assert.deepEqual(
    run.parameters.map((
      p,
    ) => [p.name, p.in, p.wireName, p.required, p.defaultValue, p.doc]),
    [
      ["id", "path", "id", true, undefined, "The id."],
      ["offset", "query", "offset", false, -1, "Where to start."],
      ["flag", "query", "flag", false, true, undefined],
      ["name", "query", "name", false, "x", undefined],
      ["limit", "query", "limit", false, 10, undefined],
      ["kind", "query", "kind", false, undefined, undefined],
      ["levels", "query", "levels", true, undefined, undefined],
      ["maybe", "query", "maybe", false, undefined, undefined],
      ["orNull", "query", "orNull", false, undefined, undefined],
      ["token", "header", "x-token", true, undefined, undefined],
      ["body", "body", "body", true, undefined, undefined],
    ],
  );
  assert.deepEqual(run.parameters.map((p) => p.type), [
    { kind: "primitive", name: "integer" },
    { kind: "primitive", name: "integer" },
    { kind: "primitive", name: "boolean" },
    { kind: "primitive", name: "string" },
    { kind: "primitive", name: "number" },
    { kind: "enum", name: "NodeKind" },
    { kind: "array", element: { kind: "enum", name: "Level" } },
    { kind: "primitive", name: "string" },
    { kind: "primitive", name: "string" },
    { kind: "primitive", name: "string" },
    { kind: "static", name: "Input", args: [] },
  ]);
  assert.deepEqual(run.result, { type: { kind: "void" }, nullable: false });
  assert.deepEqual(operation(model, "root").result, {
    type: { kind: "void" },
    nullable: false,
  });
  assert.equal(operation(model, "root").path, "/p");
  assert.deepEqual(
    staticType(model, "Input").properties.map((p) => p.optional),
    [
      false,
      true,
    ],
  );
  assert.deepEqual(model.staticTypes.map((s) => s.name), ["Input"]);
});

Deno.test("entities without FetchBy are dynamic, with what they reach", async () => {
  const model = await modelOf({
    "app.ts": `
import { Controller, EnableImplicitApi, Get, Post, type RequestBody } from "@mod";
import type { Item } from "./entities.ts";
${IMPLICIT}
@Controller()
export class AController {
  @Get("/i") item(): Promise<Item | undefined> { throw 0; }
  @Post("/i") save(item: RequestBody<Item>): void { void item; }
}
`,
  });
  assert.deepEqual(operation(model, "item").result, {
    type: { kind: "dynamic", entity: "Item" },
    nullable: true,
  });
  assert.deepEqual(model.dynamicEntities.map((d) => d.entity), [
    "Item",
    "Store",
  ]);
  const store = model.dynamicEntities[1]!;
  assert.ok(store.properties.every((p) => p.optional));
  assert.deepEqual(store.properties.map((p) => [p.name, p.type]), [
    ["id", { kind: "primitive", name: "integer" }],
    ["name", { kind: "primitive", name: "string" }],
    ["level", { kind: "enum", name: "Level" }],
    ["score", { kind: "primitive", name: "number" }],
    ["items", { kind: "array", element: { kind: "dynamic", entity: "Item" } }],
  ]);
  assert.deepEqual(model.dtos, []);
});

Deno.test("all diagnostics of a project in one run, sorted", async () => {
  const result = await analyzeSources({
    "a.ts": `
import { Controller, EnableImplicitApi, Get, type PathVariable, Post, type RequestBody } from "@mod";
${IMPLICIT}
@Controller()
export class AController {
  @Get("/{id}") a(): unknown { return 1; }
  @Post("/b") b(x: RequestBody<string>, y: RequestBody<string>, z: PathVariable<string>): void {
    void [x, y, z];
  }
}
`,
    "b.ts": `
import { Controller, Get } from "@mod";
@Controller()
export class BController {
  @Get("/{id}") a(id: Map<number, string>): void { void id; }
}
`,
  });
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.deepEqual(
    result.diagnostics.map((d) => [d.code, d.file, d.line]),
    [
      ["TAILOR009", "a.ts", 8],
      ["TAILOR002", "a.ts", 8],
      ["TAILOR008", "a.ts", 9],
      ["TAILOR010", "a.ts", 9],
      ["TAILOR007", "b.ts", 5],
      ["TAILOR009", "b.ts", 5],
      ["TAILOR012", "b.ts", 5],
    ],
  );
});

Deno.test("no enabling: an empty model and a warning", async () => {
  const result = await analyzeSources({
    "a.ts": `import { Controller, Get } from "@mod";
@Controller() export class AController { @Get("/a") a(): string { return ""; } }
`,
  });
  assert.ok(result.ok);
  assert.deepEqual(result.model.services, []);
  assert.deepEqual(result.warnings.map((w) => w.code), ["TAILOR001"]);
});

Deno.test("sources: tests, __generated and options.files", async () => {
  const controller = (name: string) => `
import { Controller, EnableImplicitApi, Get } from "@mod";
@EnableImplicitApi()
@Controller("/${name}") export class ${name}Controller { @Get() a(): string { return ""; } }
`;
  const files = {
    "deno.json":
      `{ "compilerOptions": { "lib": ["deno.window"], "strict": true } }`,
    "a.ts": controller("A"),
    "a_test.ts": controller("T"),
    "src/__generated/g.ts": controller("G"),
    "src/b.ts": controller("B"),
  };
  const all = await analyzeSources(files);
  assert.ok(all.ok);
  assert.deepEqual(all.model.services.map((s) => s.name), [
    "AService",
    "BService",
  ]);
  const some = await analyzeSources(files, { files: ["src/b.ts"] });
  assert.ok(some.ok);
  assert.deepEqual(some.model.services.map((s) => s.name), ["BService"]);
  assert.deepEqual(some.model.services[0]!.source, {
    file: "src/b.ts",
    line: 4,
    column: 32,
  });
});

Deno.test("self-referencing static types, dates, inline objects", async () => {
  const model = await modelOf({
    "app.ts": `
import { Controller, EnableImplicitApi, Get } from "@mod";
${IMPLICIT}
/** A folder. */
export interface Folder {
  readonly name: string;
  readonly children: readonly Folder[];
  readonly created: Date;
  readonly meta: { readonly size: number; readonly tags?: string[] };
}
@Controller()
export class AController {
  @Get("/f") folder(): Folder { throw 0; }
}
`,
  });
  assert.deepEqual(staticType(model, "Folder").properties.map((p) => p.type), [
    { kind: "primitive", name: "string" },
    {
      kind: "array",
      element: { kind: "static", name: "Folder", args: [] },
    },
    { kind: "primitive", name: "string" },
    {
      kind: "object",
      properties: [
        {
          name: "size",
          type: { kind: "primitive", name: "number" },
          optional: false,
        },
        {
          name: "tags",
          type: {
            kind: "array",
            element: { kind: "primitive", name: "string" },
          },
          optional: true,
        },
      ],
    },
  ]);
});

Deno.test('diagnostics: numeric enums, FetchBy<"C"> in an interface, nullable elements', async () => {
  const result = await analyzeSources({
    "app.ts": `
import { Controller, EnableImplicitApi, type FetchBy, Get } from "@mod";
${IMPLICIT}
export enum Code { A = 1 }
export interface Holder { readonly x: FetchBy<"C"> }
@Controller()
export class AController {
  @Get("/a") a(): Code { throw 0; }
  @Get("/b") b(): Holder { throw 0; }
  @Get("/c") c(): (string | undefined)[] { throw 0; }
}
`,
  });
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.deepEqual(
    result.diagnostics.map((d) => [d.code, d.line, d.message]),
    [
      [
        "TAILOR012",
        6,
        "AController.a, result: `A = 1` cannot be described to clients (enum Code has a member that is not a string)",
      ],
      [
        "TAILOR004",
        7,
        "AController.b, result, in Holder.x: FetchBy names Holder.C, which does not exist",
      ],
      [
        "TAILOR012",
        12,
        "AController.c, result: `(string | undefined)` admits undefined or null where only a value can be described (array element, map value, type argument)",
      ],
    ],
  );
});
