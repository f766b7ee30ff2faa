import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const SCRIPT = fileURLToPath(
  new URL("./testdata/preload_compiler.ts", import.meta.url),
);
const CONFIG = fileURLToPath(new URL("../../deno.json", import.meta.url));

/** One fresh process preloading the compiler with the cache in `dir`. */
async function preloadIn(dir: string): Promise<Record<string, unknown>> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `--config=${CONFIG}`, SCRIPT, dir],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  assert.equal(output.code, 0);
  return JSON.parse(new TextDecoder().decode(output.stdout));
}

Deno.test("compiler code cache: made by the first run, used by the next, by the same compiler @ts-morph/common exports", async () => {
  const dir = await Deno.makeTempDir({ prefix: "tailor_code_cache_" });
  try {
    const first = await preloadIn(dir);
    assert.deepEqual(first, {
      preloaded: true,
      cached: false,
      same: true,
      statements: 1,
      before: 0,
      after: 1,
    });
    const second = await preloadIn(dir);
    assert.deepEqual(second, { ...first, cached: true, before: 1 });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compiler code cache: a damaged cache is rejected and made again", async () => {
  const dir = await Deno.makeTempDir({ prefix: "tailor_code_cache_" });
  try {
    await preloadIn(dir);
    const [entry] = [...Deno.readDirSync(dir)];
    const path = `${dir}/${entry!.name}`;
    const bytes = Deno.readFileSync(path);
    bytes.fill(7, 0, 64);
    Deno.writeFileSync(path, bytes);
    const damaged = await preloadIn(dir);
    assert.equal(damaged.cached, false);
    assert.equal(damaged.statements, 1);
    assert.equal((await preloadIn(dir)).cached, true);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
