/**
 * The CLI's TypeScript client options: `--import-extension`, the
 * `orm.client.ts.import-extension` key, and a header that does not depend on
 * the working directory.
 */

import assert from "node:assert/strict";
import { main } from "./cli.ts";
import { readTree } from "./src/fs/tree.ts";

/** Runs the CLI in-process; returns its status and what it printed. */
async function run(
  ...args: string[]
): Promise<{ status: number; err: string }> {
  const err: string[] = [];
  const { log, error } = console;
  console.log = () => {};
  console.error = (...parts: unknown[]) => err.push(parts.join(" "));
  try {
    return { status: await main(args), err: err.join("\n") };
  } finally {
    console.log = log;
    console.error = error;
  }
}

/** Every relative import or export specifier of the TypeScript files. */
function relativeSpecifiers(files: ReadonlyMap<string, string>): string[] {
  return [...files.values()].flatMap((text) =>
    [...text.matchAll(/ from "(\.[^"]*)"/g)].map((match) => match[1]!)
  );
}

/** Generates the bookstore TypeScript client with `args`; returns its files. */
async function generate(...args: string[]): Promise<Map<string, string>> {
  const out = await Deno.makeTempDir({ prefix: "tailor_cli_ts_" });
  try {
    const result = await run(
      "generate",
      "--project",
      "fixtures/bookstore",
      "--out",
      out,
      "--target",
      "ts",
      "--skip-type-check",
      ...args,
    );
    assert.equal(result.status, 0, result.err);
    return await readTree(out);
  } finally {
    await Deno.remove(out, { recursive: true });
  }
}

Deno.test("cli: --import-extension js and none rewrite every relative import", async () => {
  const cases: [string, RegExp][] = [["js", /\.js$/], ["none", /\/[^./]+$/]];
  for (const [flag, pattern] of cases) {
    const specifiers = relativeSpecifiers(
      await generate("--import-extension", flag),
    );
    assert.ok(specifiers.length > 20, flag);
    for (const specifier of specifiers) {
      assert.match(specifier, pattern, `${flag}: ${specifier}`);
    }
  }
});

Deno.test("cli: orm.client.ts.import-extension applies, the flag wins", async () => {
  const config = await Deno.makeTempFile({ suffix: ".yml" });
  try {
    await Deno.writeTextFile(
      config,
      "orm:\n  client:\n    ts:\n      import-extension: none\n",
    );
    const fromKey = relativeSpecifiers(await generate("--config", config));
    assert.ok(fromKey.every((specifier) => !specifier.endsWith(".ts")));
    const fromFlag = relativeSpecifiers(
      await generate("--config", config, "--import-extension", "ts"),
    );
    assert.ok(fromFlag.every((specifier) => specifier.endsWith(".ts")));

    await Deno.writeTextFile(
      config,
      "orm:\n  client:\n    ts:\n      import-extension: mjs\n",
    );
    const bad = await run(
      "generate",
      "--project",
      "fixtures/bookstore",
      "--out",
      "unused",
      "--config",
      config,
    );
    assert.equal(bad.status, 1);
    assert.match(
      bad.err,
      /"orm\.client\.ts\.import-extension" must be one of ts, js, none, got "mjs"/,
    );
  } finally {
    await Deno.remove(config);
  }
});

Deno.test("cli: a bad --import-extension is a usage error", async () => {
  const result = await run(
    "generate",
    "--project",
    "fixtures/bookstore",
    "--out",
    "unused",
    "--import-extension",
    ".js",
  );
  assert.equal(result.status, 2);
  assert.match(result.err, /--import-extension must be one of ts, js, none/);
});

Deno.test("cli: check from inside the project finds the golden client up to date", async () => {
  const repo = new URL("./", import.meta.url).pathname;
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      `${repo}cli.ts`,
      "check",
      "--project",
      ".",
      "--against",
      `${repo}golden/bookstore/ts`,
      "--target",
      "ts",
      "--skip-type-check",
    ],
    cwd: `${repo}fixtures/bookstore`,
    env: { NO_COLOR: "1" },
  }).output();
  const output = new TextDecoder().decode(stdout) +
    new TextDecoder().decode(stderr);
  assert.equal(code, 0, output);
  assert.match(output, /is up to date/);
});
