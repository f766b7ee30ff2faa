/**
 * The TypeScript client of search forms (`RequestParam<Filter>`): the
 * options keep the object, typed by its static type, and the URI gets one
 * key per property (`?.` when the form may be left out).
 */
import assert from "node:assert/strict";
import { searchFormModel } from "../testdata/search_form_model.ts";
import { emitTypeScript } from "./emit_typescript.ts";

const service = emitTypeScript(searchFormModel).get("services/ItemService.ts")!;

Deno.test("search form: the options keep the object, typed by its static type", () => {
  assert.match(service, /readonly filter\?: Filter \| undefined;/);
  assert.match(
    service,
    /import type \{ Filter \} from "\.\.\/model\/static\/Filter\.ts";/,
  );
  // Every option may be left out: the form too.
  assert.match(service, /options: ItemServiceOptions\["search"\] = \{\},/);
});

Deno.test("search form: one query key per property, the optional form's through ?.", () => {
  assert.match(
    service,
    /if \(options\.filter\?\.name !== undefined\) \{\n\s*query\.push\(`name=\$\{encodeURIComponent\(options\.filter\?\.name\)\}`\);/,
  );
  assert.match(
    service,
    /query\.push\(`order=\$\{encodeURIComponent\(options\.filter\?\.order\)\}`\);/,
  );
  assert.doesNotMatch(service, /filter=/);
});
