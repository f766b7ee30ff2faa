/**
 * The generated client's types against openapi-typescript's types of the
 * same document, both directions, under `strict` and
 * `exactOptionalPropertyTypes` (`deno check`): every response DTO shape,
 * non-generic static type, dynamic entity, declared error and server error
 * body is assignable each way once `readonly` is taken off both (the only
 * difference kept on purpose, with the nullable results, which are
 * operations, not types).
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
// deno-lint-ignore no-import-prefix -- a test tool, pinned here and not in deno.json so that serving never downloads it (dependencies_test.ts)
import openapiTS, { astToString } from "npm:openapi-typescript@7.13.0";
import { readGoldenModel } from "../../testing/golden.ts";
import { shapeSchemaName } from "../openapi/schema_json.ts";
import { SERVER_ERRORS } from "../../model/server_errors.ts";
import type { ApiModel } from "../../model/api_model.ts";
import { queryObjectTypes } from "../../model/query_object.ts";
import { inputTypes } from "./input_types.ts";
import { Reachability } from "../../model/reachability.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Pairs of (client type, schema name) that must agree, and whether the
 * client sends it: a sent type's optional properties admit `undefined`
 * (`?: T | undefined`), so only the document's type must fit the client's.
 * A type that holds a sent one (a result with a field of a body's type)
 * counts as sent too.
 */
function pairs(model: ApiModel): [string, string, boolean][] {
  const inputs = inputTypes(model);
  const out: [string, string, boolean][] = [];
  for (const dto of model.dtos) {
    for (const shape of dto.shapes) {
      if (shape.path !== undefined) continue; // reached from its root shape
      out.push([
        `T.${dto.entity}Dto[${JSON.stringify(shape.key)}]`,
        shapeSchemaName(dto.entity, shape),
        false,
      ]);
    }
  }
  const holdsInput = (name: string) => {
    const reach = new Reachability(model);
    reach.visit({ kind: "static", name, args: [] });
    return [...reach.staticTypes].some((held) => inputs.statics.has(held));
  };
  // A search form's type travels as query parameters: no schema of its own.
  const forms = new Set(queryObjectTypes(model));
  for (const type of model.staticTypes) {
    if (type.typeParameters.length === 0 && !forms.has(type.name)) {
      out.push([`T.${type.name}`, type.name, holdsInput(type.name)]);
    }
  }
  for (const entity of model.dynamicEntities) {
    out.push([
      `T.Dynamic_${entity.entity}`,
      `Dynamic_${entity.entity}`,
      inputs.dynamics.has(entity.entity),
    ]);
  }
  for (const error of model.errors ?? []) {
    out.push([`T.${error.name}`, error.name, false]);
  }
  for (const error of SERVER_ERRORS) {
    out.push([
      error.codes.map((c) => `T.ServerErrors[${JSON.stringify(c)}]`).join(
        " | ",
      ),
      error.name,
      false,
    ]);
  }
  return out;
}

/** The check program: one assignment each way per pair. */
function checkText(model: ApiModel, schemas: ReadonlySet<string>): string {
  const lines = [
    'import type * as T from "./client/index.ts";',
    'import type { components } from "./schema.ts";',
    'type S = components["schemas"];',
    "type M<X> = X extends ReadonlyArray<infer E> ? M<E>[]",
    "  : X extends object ? { -readonly [K in keyof X]: M<X[K]> }",
    "  : X;",
  ];
  // A server error no operation of the fixture answers has no schema.
  const unused = new Set(
    SERVER_ERRORS.map((e) => e.name).filter((name) => !schemas.has(name)),
  );
  const checked = pairs(model).filter(([, schema]) => !unused.has(schema));
  checked.forEach(([client, schema, sent], i) => {
    assert.ok(schemas.has(schema), `no schema ${schema}`);
    if (!sent) {
      lines.push(
        `declare const c${i}: M<${client}>;`,
        `export const s${i}: M<S[${JSON.stringify(schema)}]> = c${i};`,
      );
    }
    lines.push(
      `declare const d${i}: M<S[${JSON.stringify(schema)}]>;`,
      `export const t${i}: M<${client}> = d${i};`,
    );
  });
  return lines.join("\n") + "\n";
}

for (const fixture of ["bookstore", "treeshop"]) {
  Deno.test(`cross types: the ${fixture} client and openapi-typescript agree both ways`, async () => {
    const dir = await Deno.makeTempDir({ prefix: "tailor_cross_" });
    try {
      const yaml = await Deno.readTextFile(
        `${ROOT}golden/${fixture}/openapi.yml`,
      );
      const ast = await openapiTS(yaml);
      await Deno.writeTextFile(`${dir}/schema.ts`, astToString(ast));
      await Deno.mkdir(`${dir}/client`);
      for await (const entry of walk(`${ROOT}golden/${fixture}/ts`)) {
        const target = `${dir}/client/${entry.relative}`;
        await Deno.mkdir(target.slice(0, target.lastIndexOf("/")), {
          recursive: true,
        });
        await Deno.copyFile(entry.path, target);
      }
      const model = await readGoldenModel(fixture);
      const schemas = new Set(
        Object.keys(
          (await import("yaml")).parse(yaml).components.schemas,
        ),
      );
      await Deno.writeTextFile(`${dir}/check.ts`, checkText(model, schemas));
      await Deno.writeTextFile(
        `${dir}/deno.json`,
        JSON.stringify({
          compilerOptions: { strict: true, exactOptionalPropertyTypes: true },
        }),
      );
      const output = await new Deno.Command(Deno.execPath(), {
        args: ["check", "--no-lock", "check.ts"],
        cwd: dir,
        env: { NO_COLOR: "1" },
      }).output();
      assert.equal(
        output.code,
        0,
        new TextDecoder().decode(output.stderr),
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}

async function* walk(
  dir: string,
  prefix = "",
): AsyncGenerator<{ path: string; relative: string }> {
  for await (const entry of Deno.readDir(dir)) {
    const relative = prefix + entry.name;
    if (entry.isDirectory) yield* walk(`${dir}/${entry.name}`, `${relative}/`);
    else yield { path: `${dir}/${entry.name}`, relative };
  }
}
