/**
 * What a first `deno task serve` downloads: `deno.lock` holds the packages
 * of deno.json's import map (what Tailor itself runs on) and nothing else;
 * the test and benchmark tools are pinned where they are used and locked in
 * `dev.lock` (the lock of `deno task test` and `deno task bench`), at the
 * same versions. Deno downloads every package of a lock file it uses, so a
 * test validator in `deno.lock` would cost every user's first run.
 *
 * It reads the committed `deno.lock` (what a fresh clone runs with): a bare
 * `deno test` or `deno check` of a test file records the test tools in the
 * working copy's `deno.lock`, which is a local change to throw away, not to
 * commit (`deno task test` uses `dev.lock` and leaves it as it is).
 */

import assert from "node:assert/strict";

interface LockFile {
  readonly specifiers: Record<string, string>;
  readonly npm: Record<string, unknown>;
  readonly workspace: { readonly dependencies: readonly string[] };
}

const read = async (path: string) =>
  JSON.parse(await Deno.readTextFile(new URL(path, import.meta.url)));

/** `deno.lock` as committed, else (no git, no commit) as it is on disk. */
async function committedLeanLock(): Promise<LockFile> {
  try {
    const { code, stdout } = await new Deno.Command("git", {
      args: ["show", "HEAD:deno.lock"],
      cwd: new URL(".", import.meta.url),
      stdout: "piped",
      stderr: "null",
    }).output();
    if (code === 0) return JSON.parse(new TextDecoder().decode(stdout));
  } catch {
    // no git here: the file on disk
  }
  return await read("./deno.lock");
}

Deno.test("dependencies: deno.lock locks the import map and nothing else, as dev.lock does", async () => {
  const { imports } = await read("./deno.json");
  const lean = await committedLeanLock();
  const dev: LockFile = await read("./dev.lock");
  const mapped = Object.values(imports as Record<string, string>).sort();
  assert.deepEqual(Object.keys(lean.specifiers).sort(), mapped);
  assert.deepEqual([...lean.workspace.dependencies].sort(), mapped);
  for (const [name, entry] of Object.entries(lean.npm)) {
    assert.deepEqual(entry, dev.npm[name], `${name} differs in dev.lock`);
  }
  for (const [specifier, version] of Object.entries(lean.specifiers)) {
    assert.equal(dev.specifiers[specifier], version, specifier);
  }
  const tools = ["playwright", "redocly", "orval", "autocannon", "hey-api"];
  const leaked = Object.keys(lean.npm)
    .filter((name) => tools.some((tool) => name.includes(tool)));
  assert.deepEqual(leaked, [], "test or benchmark tools in deno.lock");
});
