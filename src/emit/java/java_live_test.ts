/**
 * The generated Java client against real libraries: the fixtures' clients
 * compile against Debian's Spring Web and Jackson jars (only `@FeignClient`,
 * `@SpringQueryMap` and Spring 5's `@Nullable`, which Debian's Spring 4.3 lacks, stand in);
 * and against the live servers: `server.ts` runs as a process (the
 * bookstore), the treeshop on `createServer`, and a Java program
 * (testdata/live/LiveClients.java) fetches every operation's answers (the
 * treeshop's upload aside) with java.net.http.HttpClient and reads each into
 * the generated type of its operation with Jackson (failing on unknown
 * properties), declared and server errors into their records.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../config/config.ts";
import { readGoldenModel } from "../../testing/golden.ts";
import { run } from "../../testing/run.ts";
import { startExampleServer } from "../../testing/example_server.ts";
import { DEFAULT_JAVA_BASE_PACKAGE, emitJava } from "./emit_java.ts";
import { listen } from "../../server/listen.ts";
import { treeshopApp } from "../../testing/treeshop_app.ts";
import { treeshopAuthenticators } from "../../../fixtures/treeshop/injectors.ts";
import {
  compileClient,
  javac,
  javacTest,
  STUBS_DIR,
} from "./testdata/javac.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const LIVE = fileURLToPath(new URL("./testdata/live/", import.meta.url));
const JACKSON = ["jackson-databind", "jackson-core", "jackson-annotations"]
  .map((jar) => `/usr/share/java/${jar}.jar`);
const SPRING = [
  "spring3-web",
  "spring3-core",
  "jackson-annotations",
  "jakarta-validation-api",
].map((jar) => `/usr/share/java/${jar}.jar`);
const STAND_INS = [
  "org/springframework/cloud/openfeign/FeignClient.java",
  "org/springframework/cloud/openfeign/SpringQueryMap.java",
  "org/springframework/lang/Nullable.java",
].map((file) => join(STUBS_DIR, file));

async function javaFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) files.push(...await javaFiles(path));
    else if (entry.name.endsWith(".java")) files.push(path);
  }
  return files;
}

javacTest(
  "java: the fixtures' clients compile against Debian's Spring Web, Jackson and Jakarta Validation jars",
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "tailor_java_real_" });
    try {
      const stubs = join(dir, "stubs");
      const stubbed = await javac(["-d", stubs, ...STAND_INS]);
      assert.equal(stubbed.code, 0, stubbed.output);
      const compiled = await javac([
        "-Xlint:all",
        "-Xdoclint:all,-missing",
        "-Werror",
        "-cp",
        [...SPRING, stubs].join(":"),
        "-d",
        join(dir, "classes"),
        ...await javaFiles(join(ROOT, "golden/bookstore/java")),
        ...await javaFiles(join(ROOT, "golden/treeshop/java")),
      ]);
      assert.equal(compiled.code, 0, compiled.output);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);

/** The generated Java client of a fixture, as its configuration asks. */
async function javaClient(fixture: string): Promise<Map<string, string>> {
  const config = await loadConfig(join(ROOT, `fixtures/${fixture}`));
  return emitJava(await readGoldenModel(fixture), {
    basePackage: config.javaBasePackage ?? DEFAULT_JAVA_BASE_PACKAGE,
  });
}

javacTest(
  "java live: every bookstore and treeshop answer reads into its generated record",
  async () => {
    const client = await compileClient(
      new Map([
        ...await javaClient("bookstore"),
        ...await javaClient("treeshop"),
      ]),
    );
    const bookstore = await startExampleServer();
    const absentAsNull = await startExampleServer(["--absent-result", "null"]);
    // Served as users serve createServer: with Tailor's listener.
    const treeshop = listen(
      (await treeshopApp({ authenticate: treeshopAuthenticators })).fetch,
      { hostname: "127.0.0.1", port: 0, log: () => {} },
    );
    try {
      // Jackson's own annotations before the stand-ins: Jackson reads them.
      const classPath = [...JACKSON, client.classPath].join(":");
      const classes = join(client.dir, "live");
      const compiled = await javac([
        "-cp",
        classPath,
        "-d",
        classes,
        join(LIVE, "LiveClients.java"),
      ]);
      assert.equal(compiled.code, 0, compiled.output);
      const result = await run("java", [
        "-cp",
        `${classes}:${classPath}`,
        "LiveClients",
        bookstore.base,
        `http://127.0.0.1:${treeshop.port}`,
        absentAsNull.base,
      ]);
      assert.equal(result.code, 0, result.output);
      assert.match(result.output, /^ok 34$/m);
    } finally {
      await treeshop.shutdown();
      await bookstore.stop();
      await absentAsNull.stop();
      await client.dispose();
    }
  },
);
