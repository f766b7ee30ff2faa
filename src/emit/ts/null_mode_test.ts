import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { parseConfig } from "../../config/config.ts";
import type { ApiModel } from "../../model/api_model.ts";
import { readGoldenModel } from "../../testing/golden.ts";
import { validateOpenApi } from "../../testing/validate_openapi.ts";
import { emitOpenApi } from "../openapi/emit_openapi.ts";
import { emitTypeScript } from "./emit_typescript.ts";
import { nullTargets } from "./null_mode.ts";

const HERE = fileURLToPath(new URL("./", import.meta.url));
const EXPECTED = `${HERE}testdata/null_mode/`;
const UPDATE = Deno.env.get("UPDATE_GOLDEN") === "1";

/** Asserts `text` equals the pinned file (rewritten under UPDATE_GOLDEN=1). */
async function pinned(path: string, text: string): Promise<void> {
  const file = `${EXPECTED}${path}`;
  if (UPDATE) {
    await Deno.mkdir(file.slice(0, file.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(file, text);
  }
  assert.equal(text, await Deno.readTextFile(file), path);
}

for (const fixture of ["bookstore", "treeshop"] as const) {
  Deno.test(`null mode: the ${fixture} client differs in its response types only (pinned)`, async () => {
    const model = await readGoldenModel(fixture);
    const nulls = emitTypeScript(model, {
      sourceName: fixture,
      nullRenderMode: "null",
    });
    const plain = emitTypeScript(model, { sourceName: fixture });
    assert.deepEqual([...nulls.keys()], [...plain.keys()]);
    const changed = [...nulls].filter(([path, text]) =>
      plain.get(path) !== text
    );
    for (const [path, text] of changed) {
      await pinned(`${fixture}/ts/${path}`, text);
    }
    // Exactly the pinned files differ: a file that stops differing fails.
    const pinnedFiles: string[] = [];
    const walk = async (dir: string, prefix: string) => {
      for await (const entry of Deno.readDir(dir)) {
        if (entry.isDirectory) {
          await walk(`${dir}/${entry.name}`, `${prefix}${entry.name}/`);
        } else pinnedFiles.push(`${prefix}${entry.name}`);
      }
    };
    await walk(`${EXPECTED}${fixture}/ts`, "");
    assert.deepEqual(
      changed.map(([path]) => path).sort(),
      pinnedFiles.sort(),
    );
    // The default is today's output, byte for byte.
    assert.deepEqual(
      emitTypeScript(model, {
        sourceName: fixture,
        nullRenderMode: "undefined",
      }),
      plain,
    );
  });

  Deno.test(`null mode: the ${fixture} OpenAPI document (pinned) validates`, async () => {
    const model = await readGoldenModel(fixture);
    const info = { title: `${fixture} in null mode`, version: "1" };
    const text = emitOpenApi(model, { info, nullRenderMode: "null" });
    await pinned(`${fixture}/openapi.yml`, text);
    assert.deepEqual(await validateOpenApi(text), []);
    assert.equal(
      emitOpenApi(model, { info, nullRenderMode: "undefined" }),
      emitOpenApi(model, { info }),
    );
  });
}

Deno.test("null mode: a nullable property is a required key `T | null`; inputs keep `?:`", async () => {
  const bookstore = await readGoldenModel("bookstore");
  const book = emitTypeScript(bookstore, { nullRenderMode: "null" }).get(
    "model/dto/BookDto.ts",
  )!;
  assert.match(book, /readonly website: string \| null;/);
  assert.match(book, /readonly store: \{[^]*?\} \| null;/);
  assert.doesNotMatch(book, /\?:/);
  const treeshop = await readGoldenModel("treeshop");
  const files = emitTypeScript(treeshop, { nullRenderMode: "null" });
  assert.match(
    files.get("model/static/NodeInput.ts")!,
    /readonly parentId\?: number \| undefined;/,
  );
  assert.match(
    files.get("model/dto/TreeNodeDto.ts")!,
    /readonly childNodes:\s*\|?\s*ReadonlyArray<[^;]*>\s*\| null;/,
  );
});

Deno.test("null mode: the types a client sends are left out of the targets", () => {
  const model: ApiModel = {
    version: 1,
    groups: [],
    services: [],
    dtos: [],
    enums: [],
    staticTypes: [
      { name: "Out", origin: "plain", typeParameters: [], properties: [] },
    ],
    dynamicEntities: [{ entity: "Book", properties: [] }],
  } as unknown as ApiModel;
  const targets = nullTargets(model, "null");
  assert.equal(targets.shapes, true);
  assert.deepEqual([...targets.statics], ["Out"]);
  assert.deepEqual([...targets.dynamics], ["Book"]);
  const none = nullTargets(model, "undefined");
  assert.equal(none.shapes, false);
  assert.equal(none.statics.size + none.dynamics.size, 0);
});

Deno.test("null-render-mode: the configuration key takes undefined or null, in both file forms", () => {
  const yaml = (mode: string) =>
    `orm:\n  client:\n    ts:\n      null-render-mode: ${mode}\n`;
  assert.equal(parseConfig("orm.yml", yaml("null")).tsNullRenderMode, "null");
  assert.equal(
    parseConfig("orm.yml", yaml("undefined")).tsNullRenderMode,
    "undefined",
  );
  assert.equal(parseConfig("orm.yml", "").tsNullRenderMode, undefined);
  assert.equal(
    parseConfig("orm.properties", "orm.client.ts.null-render-mode=null\n")
      .tsNullRenderMode,
    "null",
  );
  const message =
    '"orm.client.ts.null-render-mode" must be one of undefined, null, got "NULL"';
  assert.throws(() => parseConfig("orm.yml", yaml("NULL")), { message });
  assert.throws(
    () => parseConfig("orm.properties", "orm.client.ts.null-render-mode=NULL"),
    { message },
  );
});
