/**
 * The wire agrees with the builder's types: each fetcher of the catalogue
 * (`src/emit/ts/testdata/fetcher_catalog.ts`), built with the generated
 * client's `fetchers.ts` and sent through its `Api` to the served bookstore
 * and treeshop, gets answers that have exactly the keys of the DTO Tailor
 * emits for the same fetcher, recursively: every required key, no other. In
 * both null render modes: under `null` every key of the type is required (a
 * selected property without a value is `null`), and no unselected key comes.
 */

import assert from "node:assert/strict";
import type {
  ApiModel,
  PropertyModel,
  TypeRef,
} from "../../model/api_model.ts";
import { modelOf } from "../../testing/analyze_source.ts";
import { treeshopApp } from "../../testing/treeshop_app.ts";
import { treeshopAuthenticators } from "../../../fixtures/treeshop/injectors.ts";
import { bookstoreServing } from "../../../fixtures/bookstore/serving.ts";
import { createServer } from "../create_server.ts";
import { emitTypeScript } from "../../emit/ts/emit_typescript.ts";
import { FETCHER_CATALOG } from "../../emit/ts/testdata/fetcher_catalog.ts";
import {
  clientFetchersSource,
  serverProjectSource,
} from "../../emit/ts/testdata/fetcher_project.ts";
import { fixtureModelUrl, loadModel } from "../../emit/ts/testdata/tools.ts";
import {
  NULL_RENDER_MODES,
  type NullRenderMode,
} from "../../emit/ts/null_mode.ts";
import { loadConfig } from "../../config/config.ts";
import { emitOpenApi } from "../../emit/openapi/emit_openapi.ts";
import {
  type ResponseCheck,
  responseValidator,
} from "../../testing/validate_openapi.ts";

const BOOKSTORE = new URL("../../../fixtures/bookstore", import.meta.url);
const TREESHOP = new URL("../../../fixtures/treeshop", import.meta.url);

/** The operation of each entity: service and method of the fixture's client. */
const OPERATIONS: Readonly<Record<string, readonly [string, string]>> = {
  Book: ["dynamicBookService", "findBook"],
  BookStore: ["dynamicBookService", "findStore"],
  Author: ["dynamicBookService", "findAuthor"],
  TreeNode: ["treeService", "findNodeShape"],
  Product: ["treeService", "findProductShape"],
  Warehouse: ["treeService", "findWarehouseShape"],
};

/**
 * Where `value` has other keys than `type` allows, or lacks a required one
 * (`nulls`: null render mode `null`, where every key is required).
 */
function keyProblems(
  value: unknown,
  type: TypeRef,
  model: ApiModel,
  path: string,
  nulls: boolean,
): string[] {
  if (value === undefined || value === null) return [];
  switch (type.kind) {
    case "array":
      return Array.isArray(value)
        ? value.flatMap((item, i) =>
          keyProblems(item, type.element, model, `${path}[${i}]`, nulls)
        )
        : [`${path}: not an array`];
    case "fetched": {
      const shape = model.dtos.flatMap((d) => d.shapes).find((s) =>
        s.key === type.key
      );
      return objectProblems(value, shape!.type.properties, model, path, nulls);
    }
    case "static": {
      const found = model.staticTypes.find((s) => s.name === type.name)!;
      return objectProblems(value, found.properties, model, path, nulls);
    }
    case "object":
      return objectProblems(value, type.properties, model, path, nulls);
    default:
      return typeof value === "object" ? [`${path}: not a scalar`] : [];
  }
}

function objectProblems(
  value: unknown,
  properties: readonly PropertyModel[],
  model: ApiModel,
  path: string,
  nulls: boolean,
): string[] {
  if (typeof value !== "object" || Array.isArray(value)) {
    return [`${path}: not an object`];
  }
  const record = value as Record<string, unknown>;
  const names = new Set(properties.map((p) => p.name));
  return [
    ...Object.keys(record).filter((key) => !names.has(key)).map((key) =>
      `${path}.${key}: not in the type`
    ),
    ...properties.filter((p) => (nulls || !p.optional) && !(p.name in record))
      .map((p) => `${path}.${p.name}: required, absent`),
    ...properties.filter((p) => !nulls && record[p.name] === null).map((p) =>
      `${path}.${p.name}: null, but the type has no null`
    ),
    ...properties.flatMap((p) =>
      keyProblems(record[p.name], p.type, model, `${path}.${p.name}`, nulls)
    ),
  ];
}

/** `"GET /path"` of a client service's method. */
function operationKey(model: ApiModel, service: string, method: string) {
  const found = model.services.find((s) =>
    s.name === service[0]!.toUpperCase() + service.slice(1)
  )?.operations.find((o) => o.name === method);
  if (found === undefined) throw new Error(`no ${service}.${method}`);
  return `${found.httpMethod} ${found.path}`;
}

/** Writes the fixture's client and the catalogue over it; imports both. */
async function clientOf(
  fixture: string,
  entities: readonly string[],
  dir: string,
  mode: NullRenderMode,
): Promise<{
  // deno-lint-ignore no-explicit-any
  client: any;
  catalog: Record<string, unknown>;
  document: ResponseCheck;
  model: ApiModel;
}> {
  const model = await loadModel(fixtureModelUrl(fixture));
  const files = emitTypeScript(model, { nullRenderMode: mode });
  for (const [path, text] of files) {
    const full = `${dir}/client/${path}`;
    await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(full, text);
  }
  await Deno.writeTextFile(
    `${dir}/catalog.ts`,
    clientFetchersSource(entities),
  );
  return {
    client: await import(`file://${dir}/client/index.ts`),
    catalog: (await import(`file://${dir}/catalog.ts`)).CATALOG,
    document: responseValidator(
      emitOpenApi(model, {
        info: { title: fixture, version: "1" },
        nullRenderMode: mode,
      }),
    ),
    model,
  };
}

/** Sends every fetcher of `entities` for ids 1 to 4; checks each answer. */
async function checkWire(
  fixture: string,
  entities: readonly string[],
  app: { fetch: (request: Request) => Response | Promise<Response> },
  headers: Record<string, string>,
  mode: NullRenderMode,
): Promise<number> {
  const catalogue = await modelOf(serverProjectSource());
  const dir = await Deno.makeTempDir({ prefix: "tailor_wire_" });
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    app.fetch,
  );
  let answers = 0;
  try {
    const { client, catalog, document, model } = await clientOf(
      fixture,
      entities,
      dir,
      mode,
    );
    const api = new client.Api(client.createFetchExecutor({
      baseUrl: `http://127.0.0.1:${server.addr.port}`,
      headers,
    }));
    for (
      const f of FETCHER_CATALOG.filter((f) => entities.includes(f.entity))
    ) {
      const [service, method] = OPERATIONS[f.entity]!;
      const operation = operationKey(model, service, method);
      let answered = 0;
      for (const id of [1, 2, 3, 4]) {
        const answer = await api[service][method]({
          id,
          fetcher: catalog[f.name],
        });
        if (answer === undefined) continue;
        answered++;
        assert.deepEqual(
          keyProblems(
            answer,
            { kind: "fetched", entity: f.entity, key: `Shapes/${f.name}` },
            catalogue,
            `${f.name} ${f.source} #${id}`,
            mode === "null",
          ),
          [],
        );
        // The document of the mode agrees.
        assert.deepEqual(document(operation, 200, answer), [], f.source);
      }
      assert.ok(answered > 0, `${f.name}: no answer`);
      answers += answered;
    }
  } finally {
    await server.shutdown();
    await Deno.remove(dir, { recursive: true });
  }
  return answers;
}

for (const mode of NULL_RENDER_MODES) {
  Deno.test(`wire (null render mode ${mode}): the bookstore answers each builder fetcher with exactly its type's keys`, async () => {
    const serving = bookstoreServing();
    const app = await createServer({
      project: BOOKSTORE.pathname,
      config: {
        ...await loadConfig(BOOKSTORE.pathname),
        tsNullRenderMode: mode,
      },
      typeCheck: false,
      controllers: serving.controllers,
      fetcherOwners: serving.fetcherOwners,
    });
    const answers = await checkWire(
      "bookstore",
      ["Book", "BookStore", "Author"],
      app,
      {},
      mode,
    );
    assert.ok(answers >= 40);
  });

  Deno.test(`wire (null render mode ${mode}): the treeshop answers each builder fetcher with exactly its type's keys`, async () => {
    const app = await treeshopApp({
      authenticate: treeshopAuthenticators,
      config: {
        ...await loadConfig(TREESHOP.pathname),
        tsNullRenderMode: mode,
      },
    });
    const answers = await checkWire(
      "treeshop",
      ["TreeNode", "Product", "Warehouse"],
      app,
      { authorization: "Bearer ann" },
      mode,
    );
    assert.ok(answers >= 20);
  });
}
