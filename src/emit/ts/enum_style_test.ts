import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { parseConfig } from "../../config/config.ts";
import type { ApiModel } from "../../model/api_model.ts";
import { readGoldenModel } from "../../testing/golden.ts";
import { emitTypeScript } from "./emit_typescript.ts";

const HERE = fileURLToPath(new URL("./", import.meta.url));
const EXPECTED = `${HERE}testdata/enum_like/`;

const bookstore: ApiModel = await readGoldenModel("bookstore");

/** The bookstore model with one more enum whose values are not identifiers. */
const model: ApiModel = {
  ...bookstore,
  enums: [...bookstore.enums, {
    name: "Status",
    values: [{ value: "in-stock" }, { value: "SOLD_OUT" }],
  }],
};

Deno.test("enum-like: a frozen object, the union type and the constant list (pinned)", async () => {
  const files = emitTypeScript(model, {
    sourceName: "bookstore",
    enumStyle: "enum-like",
  });
  for (const name of ["Gender.ts", "Status.ts", "index.ts"]) {
    const text = files.get(`model/enums/${name}`)!;
    if (Deno.env.get("UPDATE_GOLDEN") === "1") {
      await Deno.writeTextFile(`${EXPECTED}${name}`, text);
    }
    assert.equal(text, await Deno.readTextFile(`${EXPECTED}${name}`), name);
  }
  // The other files do not depend on the style.
  const union = emitTypeScript(model, { sourceName: "bookstore" });
  for (const [path, text] of files) {
    if (!path.startsWith("model/enums/")) assert.equal(text, union.get(path));
  }
});

Deno.test("enum-like: the client type-checks, values work at run time, a wrong value fails", async () => {
  const dir = await Deno.makeTempDir({ prefix: "tailor_enum_like_" });
  try {
    const files = emitTypeScript(model, { enumStyle: "enum-like" });
    for (const [path, text] of files) {
      const full = `${dir}/client/${path}`;
      await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), {
        recursive: true,
      });
      await Deno.writeTextFile(full, text);
    }
    await Deno.writeTextFile(
      `${dir}/use.ts`,
      `import { Gender, Gender_CONSTANTS, Status } from "./client/index.ts";
const g: Gender = Gender.FEMALE;
const s: Status = Status["in-stock"];
if (Gender_CONSTANTS.join() !== "MALE,FEMALE") throw new Error("constants");
if (!Object.isFrozen(Gender)) throw new Error("not frozen");
// @ts-expect-error not a value of the enum
const wrong: Gender = "OTHER";
console.log(g, s, wrong.length > 0);
`,
    );
    const run = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--check", `${dir}/use.ts`],
      env: { NO_COLOR: "1" },
    }).output();
    const stderr = new TextDecoder().decode(run.stderr);
    assert.equal(run.code, 0, stderr);
    assert.equal(
      new TextDecoder().decode(run.stdout),
      "FEMALE in-stock true\n",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("enum-style: the configuration key takes union or enum-like", () => {
  const yaml = (style: string) =>
    `orm:\n  client:\n    ts:\n      enum-style: ${style}\n`;
  assert.equal(
    parseConfig("orm.yml", yaml("enum-like")).tsEnumStyle,
    "enum-like",
  );
  assert.equal(parseConfig("orm.yml", yaml("union")).tsEnumStyle, "union");
  assert.throws(
    () => parseConfig("orm.yml", yaml("enum")),
    /orm\.client\.ts\.enum-style.*union, enum-like/,
  );
});
