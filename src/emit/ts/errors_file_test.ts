import assert from "node:assert/strict";
import type { ApiModel, ErrorModel } from "../../model/api_model.ts";
import { readGoldenModel } from "../../testing/golden.ts";
import { emitTypeScript } from "./emit_typescript.ts";

const bookstore = await readGoldenModel("bookstore");

/** The bookstore model with `errors` replaced (operations keep their names). */
function withErrors(errors: ErrorModel[] | undefined): ApiModel {
  const { errors: _old, ...rest } = bookstore;
  return errors === undefined ? rest : { ...rest, errors };
}

Deno.test("ApiErrors.ts is left out, and not exported, when no error is declared", () => {
  const { errors: _errors, ...model } = bookstore;
  const services = model.services.map((service) => ({
    ...service,
    operations: service.operations.map(({ errors: _e, ...operation }) =>
      operation
    ),
  }));
  const files = emitTypeScript({ ...model, services });
  assert.equal(files.has("ApiErrors.ts"), false);
  assert.doesNotMatch(files.get("index.ts")!, /ApiErrors/);
});

Deno.test("an error's fields import their types; its status is in its doc", () => {
  const notFound = bookstore.errors!.find((e) => e.name === "BookNotFound")!;
  const files = emitTypeScript(withErrors([
    {
      ...notFound,
      properties: [...notFound.properties, {
        name: "gender",
        type: { kind: "enum", name: "Gender" },
        optional: true,
      }],
    },
    bookstore.errors!.find((e) => e.name === "OutOfStock")!,
  ]));
  const text = files.get("ApiErrors.ts")!;
  assert.match(
    text,
    /^import type \{ Gender \} from "\.\/model\/enums\/Gender\.ts";$/m,
  );
  assert.match(text, /readonly gender\?: Gender;/);
  assert.match(text, / \* HTTP 404\.\n/);
  assert.match(text, /orderBook: \["BOOK\/NOT_FOUND", "BOOK\/OUT_OF_STOCK"\]/);
});

Deno.test("an error named like another declaration of the client is refused", () => {
  const clash = { ...bookstore.errors![0]!, name: "Page" };
  assert.throws(
    () => emitTypeScript(withErrors([clash, bookstore.errors![1]!])),
    /would declare "Page" twice/,
  );
});
