/**
 * The generated Java compiles with `javac --release 17` against the
 * annotation stand-ins (testdata/stubs), strictly (`-Xlint:all`,
 * `-Xdoclint:all,-missing`, `-Werror`); consumer snippets that use it
 * compile, and snippets reading a field their shape does not select do not.
 *
 * Without javac these tests are ignored with a printed reason, or fail when
 * `REQUIRE_JAVAC=1` (CI). A fixture whose golden model is missing fails.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../config/config.ts";
import { readGoldenModel } from "../../testing/golden.ts";
import { constrainedModel } from "../testdata/constrained_model.ts";
import { sampleModel } from "../testdata/sample_model.ts";
import { searchFormModel } from "../testdata/search_form_model.ts";
import { unionModel } from "../testdata/union_model.ts";
import { uploadModel } from "../testdata/upload_model.ts";
import { DEFAULT_JAVA_BASE_PACKAGE, emitJava } from "./emit_java.ts";
import { nastyModel } from "./testdata/nasty_model.ts";
import {
  compileClient,
  CONSUMER_DIR,
  expectedErrors,
  javacTest,
} from "./testdata/javac.ts";

const ROOT = new URL("../../../", import.meta.url);

async function assertConsumers(
  files: ReadonlyMap<string, string>,
  good: string,
  bad: string,
): Promise<void> {
  const client = await compileClient(files);
  try {
    const ok = await client.compileConsumer(join(CONSUMER_DIR, good));
    assert.equal(ok.code, 0, `${good} must compile:\n${ok.output}`);
    const badFile = join(CONSUMER_DIR, bad);
    const failed = await client.compileConsumer(badFile);
    assert.notEqual(failed.code, 0, `${bad} must not compile`);
    const expected = await expectedErrors(badFile);
    assert.ok(expected.length > 0, `${bad} has no "// expect-error:" line`);
    for (const text of expected) {
      assert.ok(
        failed.output.includes(text),
        `javac's errors for ${bad} should mention "${text}":\n${failed.output}`,
      );
    }
  } finally {
    await client.dispose();
  }
}

javacTest("java: the sample model's client compiles; consumers", async () => {
  await assertConsumers(
    emitJava(sampleModel, { basePackage: DEFAULT_JAVA_BASE_PACKAGE }),
    "SampleConsumer.java",
    "SampleConsumerUnselected.java",
  );
});

javacTest("java: a model of hostile names compiles", async () => {
  const client = await compileClient(
    emitJava(nastyModel, {
      basePackage: "org.example.weird",
      clientName: "weird-api",
    }),
  );
  await client.dispose();
});

javacTest(
  "java: Bean Validation annotations of constraints compile",
  async () => {
    const client = await compileClient(
      emitJava(constrainedModel, { basePackage: "com.example.valid" }),
    );
    await client.dispose();
  },
);

javacTest("java: a model with multipart parts compiles", async () => {
  const client = await compileClient(
    emitJava(uploadModel, { basePackage: "com.example.up" }),
  );
  await client.dispose();
});

javacTest("java: a model with an optional search form compiles", async () => {
  const client = await compileClient(
    emitJava(searchFormModel, { basePackage: "com.example.search" }),
  );
  await client.dispose();
});

javacTest(
  "java: a discriminated union compiles as a sealed interface",
  async () => {
    const client = await compileClient(
      emitJava(unionModel, { basePackage: DEFAULT_JAVA_BASE_PACKAGE }),
    );
    await client.dispose();
  },
);

javacTest("java: a custom base package compiles", async () => {
  const client = await compileClient(
    emitJava(sampleModel, { basePackage: "Org.Ex_1.$api" }),
  );
  await client.dispose();
});

/**
 * The fixtures, from the analyzer's model (golden/<fixture>/model.json; a
 * missing one fails) and the package of their orm.yml.
 */
const FIXTURES = [
  ["bookstore", "BookstoreConsumer.java", "BookstoreConsumerUnselected.java"],
  ["treeshop", "TreeshopConsumer.java", "TreeshopConsumerUnselected.java"],
] as const;

for (const [fixture, good, bad] of FIXTURES) {
  javacTest(
    `java: the ${fixture} fixture's client compiles; consumers`,
    async () => {
      const model = await readGoldenModel(fixture);
      const config = await loadConfig(
        fileURLToPath(new URL(`fixtures/${fixture}`, ROOT)),
      );
      await assertConsumers(
        emitJava(model, {
          basePackage: config.javaBasePackage ?? DEFAULT_JAVA_BASE_PACKAGE,
          ...(config.requestHeaders === undefined
            ? {}
            : { requestHeaders: config.requestHeaders }),
        }),
        good,
        bad,
      );
    },
  );
}
