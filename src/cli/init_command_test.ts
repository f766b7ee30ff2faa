/**
 * `tailor init` as a user meets it: a starter project in a directory outside
 * this repository, depending on `jsr:@tailor/tailor` (linked to this
 * checkout, as JSR would serve it), which type-checks, lints, serves its
 * own controllers and artifacts, and whose `/ts.zip` is a client that
 * passes `tsc --strict`.
 */

import assert from "node:assert/strict";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { main } from "../../cli.ts";
import { readZip } from "../archive/read_zip.ts";
import { writeTree } from "../fs/tree.ts";
import { assertSucceeded, runDeno } from "../testing/run.ts";
import { compileProject } from "../emit/ts/testdata/tsc_project.ts";
import { FRONT_END_TS } from "./starter/starter_files.ts";

const CHECKOUT = fileURLToPath(new URL("../../", import.meta.url));

/** Runs `tailor` in-process; resolves with its status, output and errors. */
async function tailor(...args: string[]): Promise<[number, string, string]> {
  const output: string[] = [];
  const errors: string[] = [];
  const { log, error } = console;
  console.log = (...parts: unknown[]) => output.push(parts.join(" "));
  console.error = (...parts: unknown[]) => errors.push(parts.join(" "));
  try {
    return [await main(args), output.join("\n"), errors.join("\n")];
  } finally {
    console.log = log;
    console.error = error;
  }
}

/**
 * A starter project outside the repository, made by `tailor init` run from
 * this checkout, which it links.
 */
async function starter(): Promise<string> {
  const dir = join(await Deno.makeTempDir({ prefix: "tailor_init_" }), "lib");
  const [status, output] = await tailor("init", dir);
  assert.equal(status, 0);
  assert.match(output, /linked to the Tailor checkout .*"links" in deno\.json/);
  const config = JSON.parse(await Deno.readTextFile(`${dir}/deno.json`));
  assert.match(config.imports["@tailor/tailor"], /^jsr:@tailor\/tailor@\^0\./);
  assert.deepEqual(
    config.links.map((link: string) => resolve(dir, link)),
    [resolve(CHECKOUT)],
  );
  return dir;
}

/** A port nothing listens on now. */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  return port;
}

/**
 * GETs `url` until it answers (the server analyzes at start-up); throws
 * with what the server said if it stops first.
 */
async function whenUp(url: string, server: Deno.ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  let exited = false;
  server.status.then(() => exited = true);
  while (Date.now() < deadline && !exited) {
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const said = exited
    ? new TextDecoder().decode((await server.output()).stderr)
    : "(still running)";
  throw new Error(`${url} did not answer: ${said}`);
}

Deno.test("init: the starter type-checks, lints, serves, and its /ts.zip passes tsc --strict", async () => {
  const dir = await starter();
  try {
    for (const args of [["check", "main.ts"], ["lint"], ["fmt", "--check"]]) {
      assertSucceeded(`deno ${args[0]}`, await runDeno(args, { cwd: dir }));
    }
    const port = freePort();
    const server = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "main.ts", "--port", String(port)],
      cwd: dir,
      stdout: "null",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).spawn();
    try {
      const base = `http://127.0.0.1:${port}`;
      await whenUp(`${base}/openapi.yml`, server);
      const books = await (await fetch(`${base}/books?pageSize=2`)).json();
      assert.deepEqual(books.rows, [
        { id: 3, title: "Invisible Cities", year: 1972 },
        { id: 1, title: "The Dispossessed", year: 1974 },
      ]);
      const book = await (await fetch(`${base}/books/2`)).json();
      assert.deepEqual(book.author, { id: 1, name: "Ursula K. Le Guin" });
      const zip = await fetch(`${base}/ts.zip`);
      assert.equal(zip.status, 200);
      const files = await readZip(new Uint8Array(await zip.arrayBuffer()));
      const client = join(dir, "client");
      const texts = new Map(
        [...files].map(([path, bytes]) => [
          `src/${path}`,
          new TextDecoder().decode(bytes),
        ]),
      );
      assert.ok(texts.has("src/services/BookService.ts"));
      // The README's front end, typed against the downloaded builder.
      texts.set(
        "src/front/main.ts",
        FRONT_END_TS.replaceAll("./__generated/", "../"),
      );
      texts.set(
        "tsconfig.json",
        JSON.stringify({
          compilerOptions: {
            strict: true,
            exactOptionalPropertyTypes: true,
            noUncheckedIndexedAccess: true,
            module: "esnext",
            moduleResolution: "bundler",
            target: "es2022",
            lib: ["es2022", "dom"],
            allowImportingTsExtensions: true,
            noEmit: true,
          },
          include: ["src"],
        }),
      );
      await writeTree(client, texts);
      assert.deepEqual(compileProject(client), []);
    } finally {
      try {
        server.kill("SIGTERM");
        await server.stderr.cancel();
      } catch {
        // It stopped by itself: whenUp said why.
      }
      await server.status;
    }
  } finally {
    await Deno.remove(dirname(dir), { recursive: true });
  }
});

Deno.test("init: the starter's client comes from jsr:@tailor/tailor/cli generate", async () => {
  const dir = await starter();
  try {
    const result = await runDeno(
      [
        "run",
        "-A",
        "jsr:@tailor/tailor@^0.1/cli",
        "generate",
        "--out",
        "client/__generated",
        "--target",
        "ts",
      ],
      { cwd: dir },
    );
    assertSucceeded("tailor generate", result);
    assert.match(result.output, /wrote \d+ files to client\/__generated/);
    const dto = await Deno.readTextFile(
      `${dir}/client/__generated/model/dto/BookDto.ts`,
    );
    assert.match(dto, /"BookController\/DETAIL": \{/);
  } finally {
    await Deno.remove(dirname(dir), { recursive: true });
  }
});

Deno.test("init: a directory that is not empty is refused, and nothing in it changes", async () => {
  const dir = await Deno.makeTempDir({ prefix: "tailor_init_" });
  try {
    await Deno.writeTextFile(`${dir}/main.ts`, "// mine\n");
    const [status, , error] = await tailor("init", dir);
    assert.equal(status, 2);
    assert.match(error, /is not empty; give a new directory/);
    assert.equal(await Deno.readTextFile(`${dir}/main.ts`), "// mine\n");
    assert.deepEqual([...Deno.readDirSync(dir)].length, 1);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("init: the starter is named after its folder, and --link names the checkout", async () => {
  const parent = await Deno.makeTempDir({ prefix: "tailor_init_" });
  try {
    const dir = join(parent, "book-shop");
    const [status, output] = await tailor("init", dir, "--link", CHECKOUT);
    assert.equal(status, 0, output);
    const orm = await Deno.readTextFile(`${dir}/orm.yml`);
    assert.match(orm, /base-package: com\.example\.bookshop\.client/);
    assert.match(orm, /title: "Book Shop API"/);
    assert.match(await Deno.readTextFile(`${dir}/README.md`), /^# Book Shop\n/);
    const [refused, , error] = await tailor(
      "init",
      join(parent, "other"),
      "--link",
      parent,
    );
    assert.equal(refused, 2);
    assert.match(error, /--link .* is not a Tailor checkout/);
    await assert.rejects(Deno.stat(join(parent, "other")));
  } finally {
    await Deno.remove(parent, { recursive: true });
  }
});

Deno.test("init: when Tailor's package cannot be loaded, a task says why in one line", async () => {
  const dir = await starter();
  try {
    const config = JSON.parse(await Deno.readTextFile(`${dir}/deno.json`));
    delete config.links;
    // A version never published: unreachable with or without jsr.io.
    config.imports["@tailor/tailor"] = "jsr:@tailor/tailor@^999.0.0";
    await Deno.writeTextFile(`${dir}/deno.json`, JSON.stringify(config));
    const result = await runDeno(["task", "start"], { cwd: dir });
    assert.notEqual(result.code, 0);
    assert.match(
      result.output,
      /error: @tailor\/tailor could not be loaded \(.*\)\. Without access to jsr\.io, link a Tailor checkout in deno\.json: "links"/,
    );
  } finally {
    await Deno.remove(dirname(dir), { recursive: true });
  }
});

Deno.test("init: generate --out inside the project runs again and again, whatever the folder", async () => {
  const dir = await starter();
  try {
    for (const round of [1, 2]) {
      const [status, output, error] = await tailor(
        "generate",
        "--project",
        dir,
        "--out",
        `${dir}/gen`,
        "--skip-type-check",
      );
      assert.equal(status, 0, `round ${round}: ${error}`);
      // The first run writes the output; the next rewrites what changed.
      assert.match(output, /wrote \d+ files|updated .*gen: \d+ written/);
    }
    // A generated file copied elsewhere, without the folder's marker.
    await Deno.copyFile(`${dir}/gen/ts/Api.ts`, `${dir}/src/Api.ts`);
    const [status, , error] = await tailor(
      "generate",
      "--project",
      dir,
      "--out",
      `${dir}/gen`,
      "--skip-type-check",
    );
    assert.equal(status, 0, error);
  } finally {
    await Deno.remove(dirname(dir), { recursive: true });
  }
});
