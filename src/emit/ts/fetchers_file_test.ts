/**
 * The generated builder against the server: for each fetcher of the
 * catalogue (`testdata/fetcher_catalog.ts`) the builder's `ShapeOf` EQUALS
 * the DTO Tailor emits for the same fetcher as a `FetchBy` (deno check and
 * tsc, `exactOptionalPropertyTypes`, both null modes), every wrong use is
 * an error, and the canonical text and id are the server's.
 */

import assert from "node:assert/strict";
import { fetcherText } from "../../runtime/fetcher.ts";
import type { AnyFetcher } from "../../runtime/fetcher.ts";
import { sha256Hex } from "../../runtime/sha256.ts";
import { modelOf } from "../../testing/analyze_source.ts";
import { emitTypeScript } from "./emit_typescript.ts";
import { NULL_RENDER_MODES } from "./null_mode.ts";
import { FETCHER_CATALOG, WRONG_USES } from "./testdata/fetcher_catalog.ts";
import {
  clientCheckSource,
  clientFetchersSource,
  serverProjectSource,
} from "./testdata/fetcher_project.ts";
import {
  checkDeno,
  checkFormat,
  checkLint,
  checkTsc,
  createWorkspace,
  type Workspace,
} from "./testdata/tools.ts";

const TYPE_ASSERTIONS = new URL(
  "./testdata/type_assertions.ts",
  import.meta.url,
);

/** The generated client of the catalogue's project with `files` beside it. */
async function workspaceOf(
  mode: (typeof NULL_RENDER_MODES)[number],
  programs: Readonly<Record<string, string>>,
): Promise<Workspace> {
  const model = await modelOf(serverProjectSource());
  const workspace = await createWorkspace(
    emitTypeScript(model, { nullRenderMode: mode }),
  );
  for (const [name, text] of Object.entries(programs)) {
    await Deno.writeTextFile(`${workspace.dir}/${name}`, text);
  }
  await Deno.copyFile(TYPE_ASSERTIONS, `${workspace.dir}/type_assertions.ts`);
  return { ...workspace, consumers: Object.keys(programs) };
}

Deno.test("fetchers.ts: every shape equals its FetchBy DTO, every wrong use fails", async (t) => {
  assert.ok(FETCHER_CATALOG.length >= 60 && WRONG_USES.length >= 40);
  for (const mode of NULL_RENDER_MODES) {
    const workspace = await workspaceOf(mode, {
      "client_check.ts": clientCheckSource(),
    });
    try {
      if (mode === "undefined") {
        await t.step("deno fmt --check", () => checkFormat(workspace));
        await t.step("deno lint", () => checkLint(workspace));
      }
      await t.step(`deno check, null mode ${mode}`, () => checkDeno(workspace));
      await t.step(
        `tsc --strict, null mode ${mode}`,
        () => checkTsc(workspace),
      );
    } finally {
      await workspace.dispose();
    }
  }
});

Deno.test("fetchers.ts: each fetcher's canonical text (also its JSON) and id are the server's", async () => {
  const workspace = await workspaceOf("undefined", {
    "catalog.ts": clientFetchersSource(),
  });
  const server = await Deno.makeTempDir({ prefix: "tailor_shapes_" });
  try {
    await Deno.writeTextFile(`${server}/app.ts`, serverProjectSource());
    const { Shapes } = await import(`file://${server}/app.ts`);
    const { CATALOG } = await import(`file://${workspace.dir}/catalog.ts`);
    const { fetcherId, fetcherText: clientText } = await import(
      `file://${workspace.dir}/client/fetchers.ts`
    );
    for (const { name } of FETCHER_CATALOG) {
      const text = fetcherText(Shapes[name] as AnyFetcher);
      const built = CATALOG[name];
      assert.equal(clientText(built), text, name);
      assert.equal(String(built), text, name);
      // A query key holding the fetcher serialises to its text (TanStack).
      assert.equal(JSON.stringify({ f: built }), JSON.stringify({ f: text }));
      assert.equal(fetcherId(built), sha256Hex(text), name);
    }
  } finally {
    await Deno.remove(server, { recursive: true });
    await workspace.dispose();
  }
});
