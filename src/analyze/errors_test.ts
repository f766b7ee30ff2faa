/**
 * One error fixture per diagnostic code (fixtures/errors/<case>/): each
 * produces exactly the diagnostics listed here, at the listed places.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { analyzeProject } from "./analyze.ts";

const ERRORS = fileURLToPath(
  new URL("../../fixtures/errors/", import.meta.url),
);

interface Expected {
  readonly ok: boolean;
  readonly diagnostics: readonly {
    readonly code: string;
    readonly file: string;
    readonly line: number;
    readonly column: number;
    readonly message: string;
  }[];
}

const CASES: Record<string, Expected> = {
  bad_association_options: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR028",
        file: "controller.ts",
        line: 15,
        column: 23,
        message: 'Shop.items: orderBy names "cost", which Item does not have',
      },
      {
        code: "TAILOR028",
        file: "controller.ts",
        line: 15,
        column: 41,
        message:
          'Shop.items: orderBy names "shop", an association of Item, not a scalar property',
      },
      {
        code: "TAILOR028",
        file: "controller.ts",
        line: 16,
        column: 12,
        message: "Shop.items: limit must be a non-negative integer, found -1",
      },
      {
        code: "TAILOR028",
        file: "controller.ts",
        line: 17,
        column: 13,
        message: "Shop.items: offset must be a non-negative integer, found 1.5",
      },
      {
        code: "TAILOR028",
        file: "controller.ts",
        line: 20,
        column: 62,
        message:
          "Item.shop is not a list: orderBy, limit and offset are for to-many associations",
      },
    ],
  },
  bad_constraint: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR026",
        file: "controller.ts",
        line: 31,
        column: 10,
        message:
          "Label.text: string & MinLength<3> & MaxLength<2> admits no value: the least length 3 is above the greatest 2",
      },
      {
        code: "TAILOR026",
        file: "controller.ts",
        line: 39,
        column: 29,
        message:
          "LabelController.range, parameter count: Int & Minimum<5> & Maximum<1> admits no value: the lower bound 5 is above the upper bound 1",
      },
      {
        code: "TAILOR026",
        file: "controller.ts",
        line: 44,
        column: 36,
        message:
          "LabelController.length, parameter count: MinLength<1> constrains a string, not an integer",
      },
      {
        code: "TAILOR026",
        file: "controller.ts",
        line: 49,
        column: 39,
        message:
          'LabelController.pattern, parameter code: Pattern<"[a-"> is not a regular expression: Invalid regular expression: /[a-/u: Unterminated character class',
      },
      {
        code: "TAILOR026",
        file: "controller.ts",
        line: 54,
        column: 37,
        message:
          "LabelController.literal, parameter count: Maximum<Limit> needs a number literal argument",
      },
      {
        code: "TAILOR026",
        file: "controller.ts",
        line: 59,
        column: 38,
        message:
          'LabelController.format, parameter mail: Format<"mail"> names no known format (email, uuid, uri, date, date-time)',
      },
      {
        code: "TAILOR026",
        file: "controller.ts",
        line: 64,
        column: 29,
        message:
          "LabelController.element, parameter ids: `(Int & Minimum<1>)` has validation constraints where none are kept (array element, map value, type argument)",
      },
      {
        code: "TAILOR026",
        file: "controller.ts",
        line: 69,
        column: 48,
        message:
          "LabelController.twice, parameter count: Minimum<2> is a second minimum constraint",
      },
      {
        code: "TAILOR026",
        file: "controller.ts",
        line: 74,
        column: 50,
        message:
          "LabelController.both, parameter ratio: ExclusiveMinimum<0> cannot stand beside a minimum bound",
      },
      {
        code: "TAILOR026",
        file: "controller.ts",
        line: 79,
        column: 52,
        message:
          "LabelController.fallback, parameter count: the default value must be at least 1, got 0",
      },
    ],
  },
  bad_error_class: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR023",
        file: "controller.ts",
        line: 19,
        column: 3,
        message:
          "Vague: `static family` must be a non-empty string literal (declared `readonly`), found `static readonly family = FAMILY;`",
      },
      {
        code: "TAILOR023",
        file: "controller.ts",
        line: 20,
        column: 3,
        message:
          'Vague: `static code` must be a non-empty string literal (declared `readonly`), found `static code = "VAGUE";`',
      },
      {
        code: "TAILOR023",
        file: "controller.ts",
        line: 24,
        column: 14,
        message: "Codeless: an ApiError needs a `static readonly code`",
      },
      {
        code: "TAILOR023",
        file: "controller.ts",
        line: 29,
        column: 14,
        message: "Odd: the status 200 is not an error status (400 to 599)",
      },
      {
        code: "TAILOR023",
        file: "controller.ts",
        line: 35,
        column: 23,
        message:
          "Odd: the field name cause is reserved (the body's family and code, or a property of Error)",
      },
      {
        code: "TAILOR023",
        file: "controller.ts",
        line: 36,
        column: 22,
        message:
          "Odd: the field secret is private but would still be in the JSON body; make it public, or a #secret field",
      },
      {
        code: "TAILOR023",
        file: "controller.ts",
        line: 53,
        column: 24,
        message:
          "Leaky: the field item holds an entity (a FetchBy shape or an entity type), but error bodies are sent as they are, not trimmed to a shape",
      },
      {
        code: "TAILOR023",
        file: "controller.ts",
        line: 62,
        column: 12,
        message:
          "Clash: the field name STATUS is the name of a constant of the Java client's error record (FAMILY, CODE, STATUS)",
      },
      {
        code: "TAILOR023",
        file: "controller.ts",
        line: 70,
        column: 11,
        message:
          "ShopController.a: @Throws takes ApiError subclasses, found `Plain as never`",
      },
    ],
  },
  api_method_outside_api_class: {
    ok: true,
    diagnostics: [
      {
        code: "TAILOR016",
        file: "controller.ts",
        line: 6,
        column: 3,
        message:
          "PingController.ping has @Api but PingController has none, so it is not part of the client",
      },
    ],
  },
  body_and_parts: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR022",
        file: "controller.ts",
        line: 22,
        column: 5,
        message:
          "UploadController.upload: info is the request body and file a multipart part; a request has one or the other",
      },
    ],
  },
  class_not_top_level: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR020",
        file: "controller.ts",
        line: 7,
        column: 32,
        message:
          "(class expression): @Controller is on a class expression or a class declared inside another construct; the analyzer reads top-level classes only, so its routes would be missing from the client",
      },
      {
        code: "TAILOR020",
        file: "controller.ts",
        line: 16,
        column: 3,
        message:
          "InnerController: @Controller is on a class expression or a class declared inside another construct; the analyzer reads top-level classes only, so its routes would be missing from the client",
      },
    ],
  },
  duplicate_error_code: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR024",
        file: "controller.ts",
        line: 10,
        column: 14,
        message:
          'ShutDown: family "SHOP" and code "CLOSED" are already declared by Closed (controller.ts:4:14); clients could not tell the two apart',
      },
    ],
  },
  duplicate_route: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR007",
        file: "controller.ts",
        line: 18,
        column: 3,
        message:
          "ItemController.findAgain: GET /items/{key} is already answered by ItemController.find",
      },
    ],
  },
  foreign_runtime: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR025",
        file: "controller.ts",
        line: 1,
        column: 1,
        message:
          `Controller, EnableImplicitApi, Get imported from "./tailor.ts" are not Tailor's: the import resolves to tailor.ts, not to Tailor's runtime (a copy of the runtime registers its metadata apart from the server's), so the analyzer ignores them`,
      },
      {
        code: "TAILOR025",
        file: "controller.ts",
        line: 2,
        column: 1,
        message:
          `Get imported from "./tailor.ts" are not Tailor's: the import resolves to tailor.ts, not to Tailor's runtime (a copy of the runtime registers its metadata apart from the server's), so the analyzer ignores them`,
      },
    ],
  },
  malformed_fetch_by: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR013",
        file: "controller.ts",
        line: 32,
        column: 27,
        message:
          "ThingController.find, result: cannot read `FetchBy<typeof LOOSE_FETCHER>`: it must name a static constant of a class",
      },
    ],
  },
  method_group: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR003",
        file: "controller.ts",
        line: 13,
        column: 18,
        message:
          'GroupController.wrong: group "reports" is not among the groups of GroupController ("shop", "admin")',
      },
    ],
  },
  missing_fetcher: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR004",
        file: "controller.ts",
        line: 13,
        column: 27,
        message:
          "MissingController.find, result: FetchBy names MissingController.MISSING_FETCHER, which does not exist",
      },
    ],
  },
  missing_path_variable: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR010",
        file: "controller.ts",
        line: 14,
        column: 8,
        message:
          "ItemController.find: parameter id is a PathVariable but the path /items/one has no {id}",
      },
    ],
  },
  name_clash: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR015",
        file: "controller.ts",
        line: 15,
        column: 12,
        message:
          "ListController.listB, result: two declarations are named Item (the other is at a/item.ts:2:1); the client would mix them up",
      },
    ],
  },
  non_literal_argument: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR014",
        file: "controller.ts",
        line: 9,
        column: 8,
        message:
          "PingController.ping: the route path must be a string literal, found `PATHS.ping`",
      },
    ],
  },
  non_simple_parameter: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR011",
        file: "controller.ts",
        line: 14,
        column: 10,
        message:
          "ItemController.search, parameter filter: the parameter has no marker and its type `Filter` is not simple, so it cannot be a query parameter",
      },
    ],
  },
  not_a_fetcher: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR005",
        file: "controller.ts",
        line: 15,
        column: 27,
        message:
          "NotFetcherController.find, result: FetchBy names NotFetcherController.TITLE, which is not a fetcher",
      },
    ],
  },
  not_enabled: {
    ok: true,
    diagnostics: [
      {
        code: "TAILOR001",
        file: ".",
        line: 1,
        column: 1,
        message:
          "client generation is not enabled: no class has @EnableImplicitApi() and no controller has @Api(); the API is empty",
      },
    ],
  },
  own_api_decorator: {
    ok: true,
    diagnostics: [
      {
        code: "TAILOR001",
        file: ".",
        line: 1,
        column: 1,
        message:
          "client generation is not enabled: no class has @EnableImplicitApi() and no controller has @Api(); the API is empty",
      },
    ],
  },
  bad_embeddable: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR027",
        file: "controller.ts",
        line: 29,
        column: 3,
        message:
          "embeddable Address.city is an association: an embeddable is a value stored in its owner's columns",
      },
      {
        code: "TAILOR027",
        file: "controller.ts",
        line: 32,
        column: 3,
        message:
          "embeddable Address.previous: Address contains itself through this property, so its columns never end",
      },
      {
        code: "TAILOR027",
        file: "controller.ts",
        line: 39,
        column: 3,
        message:
          "entity Customer.id: an id is a single column, not an embeddable",
      },
      {
        code: "TAILOR027",
        file: "controller.ts",
        line: 42,
        column: 3,
        message:
          "entity Customer.home: @Embedded() needs an @Embeddable() class",
      },
    ],
  },
  property_name: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR021",
        file: "controller.ts",
        line: 20,
        column: 3,
        message:
          'entity Person: the property name "first-name" is not an identifier, so the clients (TypeScript fields, Java getters, fetcher text) cannot name it',
      },
      {
        code: "TAILOR021",
        file: "controller.ts",
        line: 28,
        column: 3,
        message:
          'PersonController.badge, result, in Badge.badge-id: the property name "badge-id" is not an identifier, so the clients (TypeScript fields, Java getters, fetcher text) cannot name it',
      },
    ],
  },
  query_object_clash: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR015",
        file: "controller.ts",
        line: 20,
        column: 40,
        message:
          'ItemController.search: parameters filter and page both send the query parameter "page"',
      },
    ],
  },
  query_object_map: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR011",
        file: "controller.ts",
        line: 11,
        column: 3,
        message:
          "ItemController.search, parameter filter: property attributes of Filter is `Record<string, string>`, but the properties of a query object must be simple (primitive, enum, or array of those)",
      },
      {
        code: "TAILOR011",
        file: "controller.ts",
        line: 19,
        column: 16,
        message:
          "ItemController.byAttributes, parameter attributes: a query parameter must have a simple type (primitive, enum, or array of those, or an object of such properties), not `Record<string, string>`",
      },
    ],
  },
  query_object_nested: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR011",
        file: "controller.ts",
        line: 17,
        column: 3,
        message:
          "ItemController.search, parameter filter: property price of Filter is `PriceRange`, but the properties of a query object must be simple (primitive, enum, or array of those)",
      },
    ],
  },
  query_object_union: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR012",
        file: "controller.ts",
        line: 23,
        column: 31,
        message:
          "ItemController.search, parameter filter: `ByName | ByPrice` cannot be described to clients (a union written in place)",
      },
    ],
  },
  syntax_error: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR017",
        file: "controller.ts",
        line: 12,
        column: 1,
        message: "syntax error TS1005: '}' expected.",
      },
      {
        code: "TAILOR017",
        file: "many.ts",
        line: 8,
        column: 17,
        message:
          "syntax error TS1109: Expression expected. (and 8 more syntax errors in this file, most caused by this one)",
      },
    ],
  },
  two_bodies: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR008",
        file: "controller.ts",
        line: 21,
        column: 5,
        message:
          "ItemController.create: parameters first and second are both the request body",
      },
    ],
  },
  unbound_path_variable: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR009",
        file: "controller.ts",
        line: 7,
        column: 8,
        message:
          "ItemController.find: the path /items/{id} has the variable {id} but no parameter binds it",
      },
    ],
  },
  unresolved_decorator: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR019",
        file: "controller.ts",
        line: 20,
        column: 3,
        message:
          "ThingController.wrapped: @route is made from Tailor's @Get through an alias, a wrapper or an expression the analyzer cannot follow, so what it declares would be missing from the client",
      },
      {
        code: "TAILOR019",
        file: "controller.ts",
        line: 25,
        column: 3,
        message:
          "ThingController.posted: @routes.post is made from Tailor's @Post through an alias, a wrapper or an expression the analyzer cannot follow, so what it declares would be missing from the client",
      },
      {
        code: "TAILOR019",
        file: "controller.ts",
        line: 30,
        column: 3,
        message:
          "ThingController.admin: @AdminApi is made from Tailor's @Api through an alias, a wrapper or an expression the analyzer cannot follow, so what it declares would be missing from the client",
      },
    ],
  },
  unresolved_runtime: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR025",
        file: "controller.ts",
        line: 1,
        column: 1,
        message:
          `Controller, EnableImplicitApi, Get imported from "@tailor/tailor" are not Tailor's: the import cannot be resolved, so the analyzer ignores them`,
      },
    ],
  },
  unreachable_runtime: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR025",
        file: "controller.ts",
        line: 1,
        column: 1,
        message:
          `Controller, EnableImplicitApi, Get imported from "@tailor/tailor" are not Tailor's: deno.json maps it to "jsr:@tailor/tailor@^0.1.0", but that package is not reachable: Tailor reads its package from a local checkout, and no "links" (or workspace member) provides @tailor/tailor, so the analyzer ignores them`,
      },
    ],
  },
  bad_client_fetcher: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR030",
        file: "controller.ts",
        line: 20,
        column: 33,
        message:
          "BadClientFetcherController.filter, parameter fetcher: ClientFetcher<Filter> is not a fetcher of an entity",
      },
      {
        code: "TAILOR030",
        file: "controller.ts",
        line: 27,
        column: 5,
        message:
          "BadClientFetcherController.two: parameters book and author are both a ClientFetcher; an operation takes one fetcher from the client",
      },
    ],
  },
  bad_union: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR029",
        file: "controller.ts",
        line: 24,
        column: 30,
        message:
          'PaymentController.last, result, in Payment: members Card and Transfer both have method: "card", so clients cannot tell them apart',
      },
      {
        code: "TAILOR029",
        file: "controller.ts",
        line: 38,
        column: 29,
        message:
          "PaymentController.reward, result: member `Voucher` of the union Reward is an entity",
      },
    ],
  },
  union_without_discriminator: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR012",
        file: "controller.ts",
        line: 14,
        column: 21,
        message:
          "ShapeController.named, result, in Shape: `Circle | Square` cannot be described to clients (a union without a discriminator)",
      },
      {
        code: "TAILOR012",
        file: "controller.ts",
        line: 26,
        column: 21,
        message:
          "ShapeController.inline, result: `Circle | Square` cannot be described to clients (a union written in place)",
      },
    ],
  },
  unsupported_type: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR012",
        file: "controller.ts",
        line: 8,
        column: 21,
        message:
          "ItemController.either, result: `string | number` cannot be described to clients (a union of several types)",
      },
    ],
  },
  vague_type: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR002",
        file: "controller.ts",
        line: 15,
        column: 24,
        message:
          "VagueController.anyResult, result: `any` is too vague to describe to clients",
      },
      {
        code: "TAILOR002",
        file: "controller.ts",
        line: 20,
        column: 28,
        message:
          "VagueController.unknownResult, result: `unknown` is too vague to describe to clients",
      },
      {
        code: "TAILOR002",
        file: "controller.ts",
        line: 25,
        column: 19,
        message:
          "VagueController.objectResult, result: `object` is too vague to describe to clients",
      },
      {
        code: "TAILOR002",
        file: "controller.ts",
        line: 31,
        column: 20,
        message:
          "VagueController.wrapperResult, result: `Object` is too vague to describe to clients",
      },
      {
        code: "TAILOR002",
        file: "controller.ts",
        line: 37,
        column: 18,
        message:
          "VagueController.emptyResult, result: `{}` is too vague to describe to clients",
      },
      {
        code: "TAILOR002",
        file: "controller.ts",
        line: 42,
        column: 35,
        message:
          "VagueController.indexResult, result: `unknown` is too vague to describe to clients",
      },
      {
        code: "TAILOR002",
        file: "controller.ts",
        line: 47,
        column: 31,
        message:
          "VagueController.genericResult, result: `T` is too vague to describe to clients (the type parameter T is not resolved)",
      },
      {
        code: "TAILOR002",
        file: "controller.ts",
        line: 59,
        column: 21,
        message:
          "VagueController.accept, parameter input, in Input.payload: `unknown` is too vague to describe to clients",
      },
    ],
  },
  wrong_fetcher_entity: {
    ok: false,
    diagnostics: [
      {
        code: "TAILOR006",
        file: "controller.ts",
        line: 17,
        column: 19,
        message:
          "WrongEntityController.find, result: WrongEntityController.AUTHOR_FETCHER is a fetcher of Author, not of Book",
      },
    ],
  },
};

for (const [name, expected] of Object.entries(CASES)) {
  Deno.test(`error fixture ${name}`, async () => {
    const result = await analyzeProject(ERRORS + name);
    assert.equal(result.ok, expected.ok);
    const diagnostics = result.ok ? result.warnings : result.diagnostics;
    assert.deepEqual(
      diagnostics.map(({ code, file, line, column, message }) => ({
        code,
        file,
        line,
        column,
        message,
      })),
      expected.diagnostics,
    );
    for (const diagnostic of diagnostics) {
      assert.ok(diagnostic.hint, `${diagnostic.code} has a hint`);
      assert.equal(
        diagnostic.severity,
        result.ok ? "warning" : undefined,
        `${diagnostic.code} severity`,
      );
    }
  });
}

Deno.test("every error fixture has a case, every code a fixture", async () => {
  const fixtures: string[] = [];
  for await (const entry of Deno.readDir(ERRORS)) {
    if (entry.isDirectory) fixtures.push(entry.name);
  }
  assert.deepEqual(fixtures.sort(), Object.keys(CASES).sort());
  const { CODES } = await import("./codes.ts");
  const covered = new Set(
    Object.values(CASES).flatMap((c) => c.diagnostics.map((d) => d.code)),
  );
  for (const code of Object.values(CODES)) {
    assert.ok(covered.has(code), `${code} has an error fixture`);
  }
});
