import assert from "node:assert/strict";
import { join } from "node:path";
import { startTypeCheck } from "./type_check.ts";
import { writePlainProject } from "./testdata/plain_project.ts";

const FIXTURES = new URL("../../fixtures/", import.meta.url).pathname;

async function check(root: string, files: string[], cacheDir: string) {
  return await (await startTypeCheck(root, files, { cacheDir })).diagnostics;
}

/** Whether tsgo ran: it leaves build info in the cache. */
async function tsgoRan(cacheDir: string): Promise<boolean> {
  const projects = join(cacheDir, "tsgo");
  if (!await Deno.stat(projects).then(() => true, () => false)) return false;
  for await (const project of Deno.readDir(projects)) {
    const dir = join(projects, project.name);
    for await (const file of Deno.readDir(dir)) {
      if (file.name.endsWith(".tsbuildinfo")) return true;
    }
  }
  return false;
}

Deno.test("type check: a type error is deno check's diagnostic", async () => {
  const cacheDir = await Deno.makeTempDir();
  const diagnostics = await check(
    `${FIXTURES}type_errors/inconsistent_shape`,
    ["controller.ts"],
    cacheDir,
  );
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.file, d.line, d.column]),
    [["TAILOR018", "controller.ts", 39, 5]],
  );
  assert.match(diagnostics[0]!.message, /^type error TS2741: Property 'price'/);
  assert.ok(await tsgoRan(cacheDir), "the plain fixture goes through tsgo");
});

Deno.test("type check: a plain project passes tsgo, again from its build info", async () => {
  const root = await writePlainProject();
  const cacheDir = await Deno.makeTempDir();
  assert.deepEqual(await check(root, ["main.ts"], cacheDir), []);
  assert.ok(await tsgoRan(cacheDir));
  assert.deepEqual(await check(root, ["main.ts"], cacheDir), []);
});

Deno.test("type check: a project importing npm packages is deno check's", async () => {
  const cacheDir = await Deno.makeTempDir();
  const files = ["app.ts", "book_controller.ts", "author_controller.ts"];
  assert.deepEqual(await check(`${FIXTURES}bookstore`, files, cacheDir), []);
  assert.equal(await tsgoRan(cacheDir), false);
});
