import assert from "node:assert/strict";
import { main } from "./cli.ts";
import { readTree, writeTree } from "./src/fs/tree.ts";

/** Runs the CLI in-process, capturing what it prints. */
async function run(
  ...args: string[]
): Promise<{ status: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = console.log;
  const error = console.error;
  console.log = (...parts: unknown[]) => out.push(parts.join(" "));
  console.error = (...parts: unknown[]) => err.push(parts.join(" "));
  try {
    const status = await main(args);
    return { status, out: out.join("\n"), err: err.join("\n") };
  } finally {
    console.log = log;
    console.error = error;
  }
}

Deno.test("cli: a second generate writes nothing when nothing changed", async () => {
  const out = await Deno.makeTempDir();
  try {
    const args = ["generate", "--project", "fixtures/bookstore", "--out", out];
    const first = await run(...args);
    assert.equal(first.status, 0, first.err);
    assert.match(first.out, /wrote \d+ files to /);
    const before = await Deno.stat(`${out}/ts/index.ts`);
    const second = await run(...args);
    assert.equal(second.status, 0, second.err);
    assert.match(second.out, /updated .*: 0 written, 0 removed/);
    const after = await Deno.stat(`${out}/ts/index.ts`);
    assert.equal(after.ino, before.ino);
    assert.equal(after.mtime?.getTime(), before.mtime?.getTime());
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("cli: generate writes every artifact, and check accepts it", async () => {
  const out = await Deno.makeTempDir();
  const generated = await run(
    "generate",
    "--project",
    "fixtures/bookstore",
    "--out",
    out,
  );
  assert.equal(generated.status, 0, generated.err);
  const files = await readTree(out);
  for (
    const path of [
      "ts/index.ts",
      "ts/model/dto/BookDto.ts",
      "java/com/example/bookstore/client/service/BookService.java",
      "openapi.yml",
      "openapi.html",
      "openapi-assets/swagger-ui-bundle.js",
    ]
  ) {
    assert.ok(files.has(path), path);
  }
  const golden = await readTree("golden/bookstore/ts");
  assert.equal(
    files.get("ts/model/dto/BookDto.ts"),
    golden.get("model/dto/BookDto.ts"),
  );
  const checked = await run(
    "check",
    "--project",
    "fixtures/bookstore",
    "--against",
    out,
  );
  assert.equal(checked.status, 0, checked.err);
  await Deno.remove(out, { recursive: true });
});

Deno.test("cli: check lists stale, missing and extra files", async () => {
  const out = await Deno.makeTempDir();
  await run(
    "generate",
    "--project",
    "fixtures/treeshop",
    "--out",
    out,
    "--target",
    "ts",
  );
  await writeTree(out, new Map([["extra.ts", "x"], ["Api.ts", "stale"]]), [
    "index.ts",
  ]);
  const checked = await run(
    "check",
    "--project",
    "fixtures/treeshop",
    "--against",
    out,
    "--target",
    "ts",
  );
  assert.equal(checked.status, 1);
  assert.match(checked.err, /only in .*: extra\.ts/);
  assert.match(checked.err, /only in generated: index\.ts/);
  assert.match(checked.err, /changed: Api\.ts/);
  await Deno.remove(out, { recursive: true });
});

Deno.test("cli: --groups keeps only the selected operations", async () => {
  const out = await Deno.makeTempDir();
  const generated = await run(
    "generate",
    "--project",
    "fixtures/treeshop",
    "--out",
    out,
    "--target",
    "ts",
    "--groups",
    "admin",
  );
  assert.equal(generated.status, 0, generated.err);
  const service = (await readTree(out)).get("services/TreeService.ts") ?? "";
  assert.match(service, /createNode/);
  assert.doesNotMatch(service, /findTree/);
  await Deno.remove(out, { recursive: true });
});

Deno.test("cli: diagnostics and unknown groups exit 1 and write nothing", async () => {
  const parent = await Deno.makeTempDir();
  const out = `${parent}/client`;
  await writeTree(out, new Map([["keep.ts", "keep"]]));
  const failed = await run(
    "generate",
    "--project",
    "fixtures/errors/method_group",
    "--out",
    out,
  );
  assert.equal(failed.status, 1);
  assert.match(
    failed.err,
    /^fixtures\/errors\/method_group\/controller\.ts:\d+:\d+ - error TAILOR003: /m,
  );
  assert.match(failed.err, /nothing was written/);
  const unknown = await run(
    "generate",
    "--project",
    "fixtures/treeshop",
    "--out",
    out,
    "--groups",
    "nope",
  );
  assert.equal(unknown.status, 1);
  assert.match(
    unknown.err,
    /unknown group\(s\): nope; known groups: admin, shop/,
  );
  assert.deepEqual([...await readTree(out)], [["keep.ts", "keep"]]);
  await Deno.remove(parent, { recursive: true });
});

Deno.test("cli: --timings prints when each phase ended, in order", async () => {
  const out = await Deno.makeTempDir();
  try {
    const phasesOf = (err: string) =>
      err.split("\n").slice(
        err.split("\n").indexOf(
          "timings (end of each phase, since the process started):",
        ) + 1,
      ).map((line) => {
        const match = line.match(/^ +(\d+\.\d\d) s {2}(.+)$/);
        assert.ok(match, line);
        return { seconds: Number(match[1]), phase: match[2] };
      });
    const generated = await run(
      "generate",
      "--project",
      "fixtures/bookstore",
      "--out",
      out,
      "--timings",
    );
    assert.equal(generated.status, 0, generated.err);
    const phases = phasesOf(generated.err);
    const names = phases.map((p) => p.phase);
    // Staging runs beside the check: either may end first.
    assert.deepEqual(names.slice(0, 7), [
      "sources found",
      "type check started",
      "analysis loaded",
      "parsed",
      "program made",
      "checker made",
      "analyzed",
    ]);
    assert.deepEqual(names.slice(7, 9).sort(), [
      "rendered and staged",
      "type check answered",
    ]);
    assert.deepEqual(names.slice(9), ["committed"]);
    const seconds = phases.map((p) => p.seconds);
    assert.deepEqual(seconds, [...seconds].sort((a, b) => a - b));

    const checked = await run(
      "check",
      "--project",
      "fixtures/bookstore",
      "--against",
      out,
      "--timings",
    );
    assert.equal(checked.status, 0, checked.err);
    assert.deepEqual(
      phasesOf(checked.err).map((p) => p.phase).slice(-4),
      ["analyzed", "rendered", "type check answered", "compared"],
      "rendered while the check runs",
    );
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("cli: wrong use is one line naming the fix, exit 2, no usage wall", async () => {
  const cases: [string[], RegExp][] = [
    [
      [],
      /^error: tailor needs a command: init, generate, check, fetchers, serve, dev, api, diff/,
    ],
    [["frobnicate"], /^error: tailor: unknown command frobnicate \(see/],
    [["generat"], /unknown command generat \(did you mean generate\?\)/],
    [["generate", "--project", "p"], /--out DIR is required/],
    [["check", "--project", "p"], /--against DIR is required/],
    [
      ["generate", "--project", "p", "--out", "o", "--target", "cobol"],
      /--target must be one of all, ts, java, openapi/,
    ],
    [["generate", "--bogus"], /unknown option --bogus \(see tailor generate/],
    [
      ["generate", "--projct", "p", "--out", "o"],
      /^error: tailor generate: unknown option --projct \(did you mean --project\?\)/,
    ],
    [["generate", "--out"], /--out needs a value \(DIR\)/],
    [["generate", "--force=yes", "--out", "o"], /--force is a switch/],
    [["generate", "--out", "o", "extra"], /unexpected argument "extra"/],
    [
      ["generate", "--project", "p", "--out", "o", "--watch", "--timings"],
      /--timings times one run: leave out --watch/,
    ],
  ];
  for (const [args, message] of cases) {
    const result = await run(...args);
    assert.equal(result.status, 2, args.join(" "));
    assert.match(result.err, message, args.join(" "));
    assert.equal(result.err.split("\n").length, 1, result.err);
  }
});

Deno.test("cli: a bad configuration names the key and exits 1", async () => {
  const config = await Deno.makeTempFile({ suffix: ".yml" });
  await Deno.writeTextFile(config, "orm:\n  client:\n    ts:\n      pth: /x\n");
  const result = await run(
    "generate",
    "--project",
    "fixtures/bookstore",
    "--out",
    "out/never",
    "--config",
    config,
  );
  assert.equal(result.status, 1);
  assert.match(result.err, /orm\.client\.ts\.pth/);
  await Deno.remove(config);
});

Deno.test("cli: a missing project directory is a clear error, not a crash", async () => {
  for (const project of ["fixtures/nope", "README.md"]) {
    const result = await run(
      "generate",
      "--project",
      project,
      "--out",
      "out/never",
    );
    assert.equal(result.status, 1);
    assert.match(
      result.err,
      /^error: (cannot read the project directory|the project .* is not a directory)/,
    );
  }
});

Deno.test("cli: a project that does not type-check gives no client", async () => {
  // Rendered while the check runs, and then not written.
  const never = `${await Deno.makeTempDir()}/never`;
  const result = await run(
    "generate",
    "--project",
    "fixtures/type_errors/inconsistent_shape",
    "--out",
    never,
  );
  assert.equal(result.status, 1);
  await assert.rejects(Deno.stat(never), Deno.errors.NotFound);
  assert.match(
    result.err,
    /^fixtures\/type_errors\/inconsistent_shape\/controller\.ts:39:5 - error TAILOR018: type error TS2741: Property 'price' is missing/m,
  );
  const skipped = await run(
    "generate",
    "--project",
    "fixtures/type_errors/inconsistent_shape",
    "--out",
    await Deno.makeTempDir(),
    "--skip-type-check",
  );
  assert.equal(skipped.status, 0, skipped.err);
});

Deno.test("cli: an output that would destroy data is refused (exit 2, one line) and nothing changes", async () => {
  const parent = await Deno.makeTempDir();
  const file = `${parent}/notes.txt`;
  await Deno.writeTextFile(file, "keep");
  const project = await readTree("fixtures/bookstore");
  const cases: [string, RegExp][] = [
    ["fixtures/bookstore", /is the project fixtures\/bookstore/],
    ["fixtures", /is the project fixtures\/bookstore or holds it/],
    [".", /is the working directory or holds it/],
    ["/", /is a file system root/],
    ["", /the output path is empty/],
    [file, /is a file/],
    [`${file}/sub`, /which is a file/],
  ];
  try {
    for (const [out, message] of cases) {
      const result = await run(
        "generate",
        "--project",
        "fixtures/bookstore",
        "--out",
        out,
        "--skip-type-check",
      );
      assert.equal(result.status, 2, `${out}: ${result.err}`);
      assert.match(result.err, message, out);
      assert.equal(result.err.split("\n").length, 1, result.err);
    }
    assert.deepEqual(await readTree("fixtures/bookstore"), project);
    assert.equal(await Deno.readTextFile(file), "keep");
    const against = await run(
      "check",
      "--project",
      "fixtures/bookstore",
      "--against",
      file,
      "--skip-type-check",
    );
    assert.equal(against.status, 2);
    assert.match(against.err, /--against .* is a file/);
  } finally {
    await Deno.remove(parent, { recursive: true });
  }
});

Deno.test("cli: a directory Tailor did not write needs --force; its own output is replaced freely", async () => {
  const out = await Deno.makeTempDir();
  await Deno.writeTextFile(`${out}/mine.txt`, "mine");
  const args = [
    "generate",
    "--project",
    "fixtures/bookstore",
    "--out",
    out,
    "--skip-type-check",
    "--target",
    "openapi",
  ];
  const refused = await run(...args);
  assert.equal(refused.status, 2);
  assert.match(refused.err, /did not write .* --force/);
  assert.equal(await Deno.readTextFile(`${out}/mine.txt`), "mine");
  assert.equal((await run(...args, "--force")).status, 0);
  assert.equal((await run(...args)).status, 0); // now marked as Tailor's
  assert.ok((await readTree(out)).has(".tailor-generated"));
  await Deno.remove(out, { recursive: true });
});

Deno.test("cli: a syntax error is reported once (TAILOR017), not again by the type check", async () => {
  const out = await Deno.makeTempDir();
  const result = await run(
    "generate",
    "--project",
    "fixtures/errors/syntax_error",
    "--out",
    `${out}/client`,
  );
  assert.equal(result.status, 1);
  assert.match(result.err, /TAILOR017/);
  assert.doesNotMatch(result.err, /TAILOR018/);
  await Deno.remove(out, { recursive: true });
});

/** The modules `entry` loads before it runs, dynamic imports left out. */
async function staticModules(entry: string): Promise<string[]> {
  const { stdout } = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    stdout: "piped",
    stderr: "null",
  }).output();
  const info = JSON.parse(new TextDecoder().decode(stdout)) as {
    modules: {
      specifier: string;
      dependencies?: {
        code?: { specifier: string };
        isDynamic?: boolean;
      }[];
    }[];
  };
  const bySpecifier = new Map(info.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const pending = [new URL(entry, import.meta.url).href];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    for (const dependency of bySpecifier.get(next)?.dependencies ?? []) {
      const code = dependency.code?.specifier;
      if (code !== undefined && !dependency.isDynamic) pending.push(code);
    }
  }
  return [...seen];
}

Deno.test("cli: starts without TypeScript's compiler, so the type check starts first", async () => {
  const modules = await staticModules("./cli.ts");
  assert.ok(modules.some((m) => m.endsWith("/src/typecheck/type_check.ts")));
  assert.deepEqual(
    modules.filter((m) => /^npm:\/?(ts-morph|typescript|@ts-morph\/)/.test(m)),
    [],
  );
});
