import assert from "node:assert/strict";
import { MARKER_FILE, MARKER_TEXT, OutputError } from "./output_guard.ts";
import {
  readTree,
  replaceTree,
  STAGING_PREFIX,
  STAGING_STALE_MS,
  startReplacement,
  updateTree,
  writeFiles,
  writeTree,
} from "./tree.ts";

const MARKED = [MARKER_FILE, MARKER_TEXT] as const;

/** The names in a directory, sorted. */
async function namesIn(dir: string): Promise<string[]> {
  return (await Array.fromAsync(Deno.readDir(dir))).map((e) => e.name).sort();
}

Deno.test("writeTree then readTree round-trips, sorted, stale files removed", async () => {
  const dir = await Deno.makeTempDir();
  await writeTree(
    dir,
    new Map([["b/x.ts", "x"], ["a.ts", "a"], ["old/gone.ts", "g"]]),
  );
  await writeTree(dir, new Map([["b/x.ts", "x2"], ["a.ts", "a"]]), [
    "old/gone.ts",
  ]);
  assert.deepEqual([...await readTree(dir)], [["a.ts", "a"], ["b/x.ts", "x2"]]);
  assert.deepEqual(
    await Array.fromAsync(Deno.readDir(dir)).then((e) => e.length),
    2,
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("writeTree writes over files in place: longer, shorter, UTF-8, bytes", async () => {
  const dir = await Deno.makeTempDir();
  const long = "é".repeat(50_000) + "end";
  await writeTree(dir, new Map([["f.txt", long], ["g.bin", "text"]]));
  await writeTree(
    dir,
    new Map<string, string | Uint8Array>([
      ["f.txt", "ünï"],
      ["g.bin", new Uint8Array([1, 2, 3])],
    ]),
  );
  assert.equal(await Deno.readTextFile(`${dir}/f.txt`), "ünï");
  assert.deepEqual(
    await Deno.readFile(`${dir}/g.bin`),
    new Uint8Array([1, 2, 3]),
  );
  await writeTree(dir, new Map([["f.txt", long]]));
  assert.equal(await Deno.readTextFile(`${dir}/f.txt`), long);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("writeFiles creates directories below its root, never the root itself", async () => {
  const parent = await Deno.makeTempDir();
  const dir = `${parent}/tree/`;
  await Deno.mkdir(dir);
  writeFiles(dir, new Map([["a/b/c.ts", "c"], ["a/d.ts", "d"], ["e.ts", "e"]]));
  assert.deepEqual([...await readTree(dir)], [
    ["a/b/c.ts", "c"],
    ["a/d.ts", "d"],
    ["e.ts", "e"],
  ]);
  await Deno.remove(dir, { recursive: true });
  assert.throws(
    () => writeFiles(dir, new Map([["a/late.ts", "late"]])),
    { code: "ENOENT" },
  );
  assert.deepEqual(await readTree(parent), new Map());
  await Deno.remove(parent, { recursive: true });
});

Deno.test("readTree of a missing directory is empty", async () => {
  assert.equal((await readTree("/nonexistent/tailor/dir")).size, 0);
});

Deno.test("replaceTree swaps the whole directory and leaves no staging behind", async () => {
  const parent = await Deno.makeTempDir();
  const target = `${parent}/__generated`;
  await replaceTree(target, new Map([["old.ts", "old"]]));
  await replaceTree(target, new Map([["new/index.ts", "new"]]));
  assert.deepEqual([...await readTree(target)], [MARKED, [
    "new/index.ts",
    "new",
  ]]);
  assert.deepEqual(await namesIn(parent), ["__generated"]);
  await Deno.remove(parent, { recursive: true });
});

Deno.test("replaceTree failing to write keeps the old directory", async () => {
  const parent = await Deno.makeTempDir();
  const target = `${parent}/__generated`;
  await replaceTree(target, new Map([["keep.ts", "keep"]]));
  await assert.rejects(() =>
    replaceTree(target, new Map([["a.ts", "a"], ["a.ts/b.ts", "clash"]]))
  );
  assert.deepEqual([...await readTree(target)], [MARKED, ["keep.ts", "keep"]]);
  assert.deepEqual(await namesIn(parent), ["__generated"]);
  await Deno.remove(parent, { recursive: true });
});

Deno.test("startReplacement stages beside the target: abandoned, nothing changes; committed, it swaps in", async () => {
  const parent = await Deno.makeTempDir();
  const target = `${parent}/__generated`;
  await replaceTree(target, new Map([["keep.ts", "keep"]]));
  const dropped = await startReplacement(target);
  assert.ok(dropped.dir.startsWith(`${parent}/${STAGING_PREFIX}`));
  await Deno.writeTextFile(`${dropped.dir}/new.ts`, "new");
  await dropped.abandon();
  assert.deepEqual([...await readTree(target)], [MARKED, ["keep.ts", "keep"]]);
  const staged = await startReplacement(target);
  await staged.fill(() => Deno.writeTextFile(`${staged.dir}/new.ts`, "new"));
  await staged.commit();
  assert.deepEqual([...await readTree(target)], [MARKED, ["new.ts", "new"]]);
  assert.deepEqual(await namesIn(parent), ["__generated"]);
  await Deno.remove(parent, { recursive: true });
});

Deno.test("updateTree moves in only the changed files: the others keep their inode and time", async () => {
  const parent = await Deno.makeTempDir();
  const target = `${parent}/out`;
  try {
    const first = new Map([["same.ts", "same"], ["edit.ts", "old"], [
      "gone/x.ts",
      "x",
    ]]);
    assert.equal(await updateTree(target, first), undefined); // new: whole
    const before = await Deno.stat(`${target}/same.ts`);
    const next = new Map<string, string | Uint8Array>([
      ["same.ts", new TextEncoder().encode("same")],
      ["edit.ts", "new"],
      ["add/y.ts", "y"],
    ]);
    assert.deepEqual(await updateTree(target, next), {
      written: ["add/y.ts", "edit.ts"],
      removed: ["gone/x.ts"],
    });
    const after = await Deno.stat(`${target}/same.ts`);
    assert.equal(after.ino, before.ino);
    assert.equal(after.mtime?.getTime(), before.mtime?.getTime());
    assert.deepEqual([...await readTree(target)], [
      MARKED,
      ["add/y.ts", "y"],
      ["edit.ts", "new"],
      ["same.ts", "same"],
    ]);
    assert.deepEqual(await namesIn(parent), ["out"]);
    // The same tree again writes nothing.
    assert.deepEqual(await updateTree(target, next), {
      written: [],
      removed: [],
    });
  } finally {
    await Deno.remove(parent, { recursive: true });
  }
});

Deno.test("updateTree swaps whole a directory without the marker (with force)", async () => {
  const parent = await Deno.makeTempDir();
  const target = `${parent}/out`;
  try {
    await Deno.mkdir(target);
    await Deno.writeFile(`${target}/mine.txt`, new Uint8Array([1]));
    const files = new Map([["a.ts", "a"]]);
    assert.equal(await updateTree(target, files, { force: true }), undefined);
    assert.deepEqual([...await readTree(target)], [MARKED, ["a.ts", "a"]]);
  } finally {
    await Deno.remove(parent, { recursive: true });
  }
});

Deno.test("replaceTree keeps the directory's mode and writes through a link", async () => {
  const parent = await Deno.makeTempDir();
  const real = `${parent}/real`;
  await replaceTree(real, new Map([["a.ts", "a"]]));
  await Deno.chmod(real, 0o750);
  await replaceTree(real, new Map([["b.ts", "b"]]));
  assert.equal((await Deno.stat(real)).mode! & 0o777, 0o750);
  await Deno.symlink(real, `${parent}/link`);
  await replaceTree(`${parent}/link`, new Map([["c.ts", "c"]]));
  assert.ok((await Deno.lstat(`${parent}/link`)).isSymlink);
  assert.deepEqual([...(await readTree(real)).keys()], [MARKER_FILE, "c.ts"]);
  await Deno.remove(parent, { recursive: true });
});

Deno.test("replaceTree sweeps staging directories a killed run left, only marked and stale ones", async () => {
  const parent = await Deno.makeTempDir();
  await writeTree(
    `${parent}/${STAGING_PREFIX}abc`,
    new Map([[MARKER_FILE, MARKER_TEXT], ["x.ts", "x"]]),
  );
  await writeTree(`${parent}/${STAGING_PREFIX}mine`, new Map([["y", "y"]]));
  // A run still writing: marked, but touched just now.
  await writeTree(
    `${parent}/${STAGING_PREFIX}live`,
    new Map([[MARKER_FILE, MARKER_TEXT], ["z.ts", "z"]]),
  );
  const old = new Date(Date.now() - STAGING_STALE_MS - 1000);
  await Deno.utime(`${parent}/${STAGING_PREFIX}abc`, old, old);
  await replaceTree(`${parent}/out`, new Map([["a.ts", "a"]]));
  assert.deepEqual(await namesIn(parent), [
    `${STAGING_PREFIX}live`,
    `${STAGING_PREFIX}mine`,
    "out",
  ]);
  await Deno.remove(parent, { recursive: true });
});

Deno.test("replaceTree refuses what it must not replace, and changes nothing", async () => {
  const parent = await Deno.makeTempDir();
  const project = `${parent}/project`;
  await writeTree(project, new Map([[".git/HEAD", "ref\n"], ["app.ts", "x"]]));
  await Deno.writeTextFile(`${parent}/file.txt`, "keep");
  const refusals: [string, RegExp][] = [
    [project, /is the project/],
    [parent, /is the project .* or holds it/],
    [`${parent}/file.txt`, /is a file/],
    [`${parent}/file.txt/sub`, /which is a file/],
  ];
  for (const [target, message] of refusals) {
    await assert.rejects(
      replaceTree(target, new Map([["a.ts", "a"]]), { project }),
      (e) =>
        e instanceof OutputError && e.exitCode === 2 && message.test(e.message),
      target,
    );
  }
  // Not the project, but holding files Tailor did not write.
  await assert.rejects(
    replaceTree(project, new Map([["a.ts", "a"]])),
    (e) => e instanceof OutputError && /did not write/.test(e.message),
  );
  assert.deepEqual([...await readTree(project)], [[".git/HEAD", "ref\n"], [
    "app.ts",
    "x",
  ]]);
  assert.equal(await Deno.readTextFile(`${parent}/file.txt`), "keep");
  // With force, a directory of other files is replaced.
  await writeTree(`${parent}/other`, new Map([["o.txt", "o"]]));
  await replaceTree(`${parent}/other`, new Map([["a.ts", "a"]]), {
    force: true,
  });
  assert.deepEqual([...(await readTree(`${parent}/other`)).keys()], [
    MARKER_FILE,
    "a.ts",
  ]);
  await Deno.remove(parent, { recursive: true });
});

Deno.test("replaceTree turns an I/O failure into one line with exit code 1", async () => {
  // Nothing can create a directory in /proc, not even root.
  await assert.rejects(
    replaceTree("/proc/tailor-test/out", new Map([["a.ts", "a"]])),
    (e) =>
      e instanceof OutputError && e.exitCode === 1 &&
      /^cannot write \/proc\/tailor-test\/out: /.test(e.message) &&
      !e.message.includes("\n"),
  );
});

Deno.test({
  name:
    "a signal while a fill writes waits for it, then drops the staging directory and exits 130",
  ignore: Deno.build.os === "windows",
  async fn() {
    const parent = await Deno.makeTempDir();
    const target = `${parent}/__generated`;
    await replaceTree(target, new Map([["keep.ts", "keep"]]));
    // The fill writes for about a second, in steps, as the render worker does.
    const script = `
      import { startReplacement } from ${
      JSON.stringify(new URL("./tree.ts", import.meta.url).href)
    };
      const replacement = await startReplacement(${JSON.stringify(target)});
      await replacement.fill(async () => {
        console.log("filling");
        for (let i = 0; i < 100; i++) {
          Deno.writeTextFileSync(replacement.dir + "/f" + i + ".ts", "x");
          await new Promise((r) => setTimeout(r, 10));
        }
        console.log("filled");
      });
      await replacement.commit();
      console.log("committed");`;
    const child = new Deno.Command(Deno.execPath(), {
      args: ["eval", script],
      stdin: "null",
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    const reader = child.stdout.pipeThrough(new TextDecoderStream())
      .getReader();
    let printed = (await reader.read()).value ?? "";
    assert.match(printed, /filling/);
    child.kill("SIGTERM");
    for (let chunk; !(chunk = await reader.read()).done;) {
      printed += chunk.value;
    }
    const status = await child.status;
    assert.equal(status.code, 130);
    assert.match(printed, /filled/, "the fill ran to its end");
    assert.doesNotMatch(printed, /committed/);
    assert.deepEqual([...await readTree(target)], [MARKED, [
      "keep.ts",
      "keep",
    ]]);
    assert.deepEqual(await namesIn(parent), ["__generated"]);
    await Deno.remove(parent, { recursive: true });
  },
});
