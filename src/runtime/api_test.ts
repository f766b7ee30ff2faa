import assert from "node:assert/strict";
import {
  Api,
  ApiIgnore,
  Controller,
  controllerMetadata,
  DefaultFetcherOwner,
  Delete,
  EnableImplicitApi,
  Get,
  normalizePath,
  Patch,
  Post,
  Put,
} from "./api.ts";
import { classRecord } from "./metadata.ts";
import { BookController } from "../../fixtures/bookstore/book_controller.ts";
import { AuthorController } from "../../fixtures/bookstore/author_controller.ts";
import { DynamicBookController } from "../../fixtures/bookstore/dynamic_book_controller.ts";
import { BookstoreApp, HelloController } from "../../fixtures/bookstore/app.ts";
import {
  HiddenController,
  TreeController,
} from "../../fixtures/treeshop/tree_controller.ts";
import { ShopFetchers } from "../../fixtures/treeshop/fetchers.ts";
import { Book } from "../../fixtures/bookstore/entities.ts";

Deno.test("controllerMetadata(BookController): routes, no @Api", () => {
  const metadata = controllerMetadata(BookController);
  assert.ok(metadata);
  assert.equal(metadata.type, BookController);
  assert.equal(metadata.prefix, "");
  assert.deepEqual(metadata.routes, [
    { method: "findBooks", httpMethod: "GET", path: "/books" },
    { method: "findBook", httpMethod: "GET", path: "/book/{id}" },
    { method: "orderBook", httpMethod: "POST", path: "/book/{id}/order" },
  ]);
  assert.equal(metadata.apiGroups, undefined);
  assert.equal("apiGroups" in metadata, false);
  assert.deepEqual(metadata.methodApiGroups, new Map());
  assert.equal(metadata.apiIgnored, false);
  assert.deepEqual(metadata.ignoredMethods, new Set());
});

Deno.test("controllerMetadata of the other bookstore controllers", () => {
  assert.deepEqual(controllerMetadata(AuthorController)?.routes, [
    {
      method: "findMostActiveAuthors",
      httpMethod: "GET",
      path: "/mostActive",
    },
  ]);
  assert.equal(controllerMetadata(AuthorController)?.prefix, "/authors");
  assert.equal(controllerMetadata(DynamicBookController)?.prefix, "/dynamic");
  assert.deepEqual(controllerMetadata(DynamicBookController)?.routes, [
    { method: "findBook", httpMethod: "GET", path: "/book/{id}" },
    { method: "findStore", httpMethod: "GET", path: "/store/{id}" },
    { method: "findAuthor", httpMethod: "GET", path: "/author/{id}" },
  ]);
  assert.deepEqual(controllerMetadata(HelloController)?.routes, [
    { method: "hello", httpMethod: "GET", path: "/helloworld" },
  ]);
  assert.equal(classRecord(BookstoreApp)?.enablesImplicitApi, true);
  assert.equal(classRecord(BookController)?.enablesImplicitApi, undefined);
});

Deno.test("controllerMetadata(TreeController): prefix, groups, ignored methods", () => {
  const metadata = controllerMetadata(TreeController);
  assert.ok(metadata);
  assert.equal(metadata.prefix, "/tree");
  assert.deepEqual(metadata.apiGroups, ["shop", "admin"]);
  assert.deepEqual(metadata.routes, [
    { method: "findTree", httpMethod: "GET", path: "/{rootId}" },
    { method: "findNodeShape", httpMethod: "GET", path: "/shapes/node/{id}" },
    {
      method: "findProductShape",
      httpMethod: "GET",
      path: "/shapes/product/{id}",
    },
    {
      method: "findWarehouseShape",
      httpMethod: "GET",
      path: "/shapes/warehouse/{id}",
    },
    { method: "findNodeWithProduct", httpMethod: "GET", path: "/{id}/pair" },
    { method: "productIndex", httpMethod: "GET", path: "/products/index" },
    {
      method: "searchProducts",
      httpMethod: "GET",
      path: "/products/search",
    },
    {
      method: "findWarehouse",
      httpMethod: "GET",
      path: "/warehouses/{id}/address",
    },
    {
      method: "warehouseCities",
      httpMethod: "GET",
      path: "/warehouses/cities",
    },
    { method: "createNode", httpMethod: "POST", path: "/nodes" },
    {
      method: "uploadImage",
      httpMethod: "POST",
      path: "/products/{productId}/image",
    },
    { method: "reindex", httpMethod: "POST", path: "/reindex" },
    {
      method: "findPromotion",
      httpMethod: "GET",
      path: "/products/{id}/promotion",
    },
    {
      method: "setPromotion",
      httpMethod: "POST",
      path: "/products/{id}/promotion",
    },
    {
      method: "findDelivery",
      httpMethod: "GET",
      path: "/products/{id}/delivery",
    },
    { method: "stats", httpMethod: "GET", path: "/internal/stats" },
  ]);
  assert.deepEqual(
    metadata.methodApiGroups,
    new Map([
      ["findTree", ["shop"]],
      ["findNodeShape", ["shop"]],
      ["findProductShape", ["shop"]],
      ["findWarehouseShape", ["shop"]],
      ["findNodeWithProduct", ["shop"]],
      ["productIndex", ["shop"]],
      ["searchProducts", ["shop"]],
      ["findWarehouse", ["admin"]],
      ["warehouseCities", ["admin"]],
      ["createNode", ["admin"]],
      ["uploadImage", ["admin"]],
      ["findPromotion", ["shop"]],
      ["setPromotion", ["admin"]],
      ["findDelivery", ["shop"]],
    ]),
  );
  assert.equal(metadata.methodApiGroups.has("stats"), false);
  assert.equal(metadata.apiIgnored, false);
  assert.deepEqual(metadata.ignoredMethods, new Set(["reindex"]));
  assert.equal(classRecord(TreeController)?.defaultFetcherOwner, ShopFetchers);
  const hidden = controllerMetadata(HiddenController);
  assert.equal(hidden?.prefix, "/hidden");
  assert.equal(hidden?.apiGroups, undefined);
});

Deno.test("controllerMetadata is undefined for other classes", () => {
  assert.equal(controllerMetadata(Book), undefined);
  assert.equal(controllerMetadata(ShopFetchers), undefined);
  assert.equal(controllerMetadata(BookstoreApp), undefined);
  assert.equal(controllerMetadata(class Plain {}), undefined);
});

Deno.test("normalizePath: :id to {id}, leading slash, no trailing slash", () => {
  const cases: [string, string][] = [
    ["", ""],
    ["/", "/"],
    ["books", "/books"],
    ["/books/", "/books"],
    ["/book/:id", "/book/{id}"],
    [":id", "/{id}"],
    ["/a/:b/c/:d_2", "/a/{b}/c/{d_2}"],
    ["/a/:$x/:_y", "/a/{$x}/{_y}"],
    ["/a/{id}", "/a/{id}"],
    ["/a/:id/", "/a/{id}"],
    ["/a/:1", "/a/:1"],
  ];
  for (const [input, expected] of cases) {
    assert.equal(normalizePath(input), expected, JSON.stringify(input));
  }
});

Deno.test("decorators record every HTTP method, groups and ignores", () => {
  @Api("solo")
  @ApiIgnore()
  @Controller("items/")
  class Items {
    @Get()
    list() {}
    @Post("/")
    create() {}
    @Put(":id")
    replace() {}
    @Api()
    @Patch("/:id")
    update() {}
    @Api(["x", "y"])
    @ApiIgnore()
    @Delete("/:id/")
    remove() {}
    helper() {}
  }
  const metadata = controllerMetadata(Items);
  assert.ok(metadata);
  assert.equal(metadata.prefix, "/items");
  assert.deepEqual(metadata.routes, [
    { method: "list", httpMethod: "GET", path: "" },
    { method: "create", httpMethod: "POST", path: "/" },
    { method: "replace", httpMethod: "PUT", path: "/{id}" },
    { method: "update", httpMethod: "PATCH", path: "/{id}" },
    { method: "remove", httpMethod: "DELETE", path: "/{id}" },
  ]);
  assert.deepEqual(metadata.apiGroups, ["solo"]);
  assert.deepEqual(
    metadata.methodApiGroups,
    new Map([["update", []], ["remove", ["x", "y"]]]),
  );
  assert.equal(metadata.apiIgnored, true);
  assert.deepEqual(metadata.ignoredMethods, new Set(["remove"]));
  assert.equal(new Items().helper(), undefined);

  @Api()
  @Controller()
  class Ungrouped {}
  assert.deepEqual(controllerMetadata(Ungrouped)?.apiGroups, []);
  assert.deepEqual(controllerMetadata(Ungrouped)?.routes, []);
});

Deno.test("class-level switches and misuse of route decorators", () => {
  @EnableImplicitApi()
  @DefaultFetcherOwner(ShopFetchers)
  class Switches {}
  assert.equal(classRecord(Switches)?.enablesImplicitApi, true);
  assert.equal(classRecord(Switches)?.defaultFetcherOwner, ShopFetchers);
  assert.equal(controllerMetadata(Switches), undefined);
  assert.throws(
    () => {
      @Controller()
      class Static {
        @Get("/x")
        static x() {}
      }
      return Static;
    },
    { name: "TypeError", message: /public instance methods/ },
  );
  assert.throws(
    () => {
      @Controller()
      class Symbolic {
        @Get("/x")
        [Symbol.iterator]() {}
      }
      return Symbolic;
    },
    TypeError,
  );
});

Deno.test("a subclass keeps its own record", () => {
  @Controller("/base")
  class Base {
    @Get("/a")
    a() {}
  }
  @Controller("/derived")
  class Derived extends Base {
    @Post("/b")
    b() {}
  }
  assert.deepEqual(controllerMetadata(Base)?.routes, [
    { method: "a", httpMethod: "GET", path: "/a" },
  ]);
  assert.equal(controllerMetadata(Derived)?.prefix, "/derived");
  assert.deepEqual(controllerMetadata(Derived)?.routes, [
    { method: "b", httpMethod: "POST", path: "/b" },
  ]);
  assert.equal(controllerMetadata(Base)?.prefix, "/base");
});
