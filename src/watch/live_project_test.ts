import assert from "node:assert/strict";
import { LiveProject } from "./live_project.ts";

async function project(files: Record<string, string>): Promise<string> {
  const dir = await Deno.makeTempDir();
  for (const [name, text] of Object.entries(files)) {
    await Deno.writeTextFile(`${dir}/${name}`, text);
  }
  return await Deno.realPath(dir);
}

Deno.test("LiveProject: a comment edit is not code; a type edit, a pragma, added and removed files are", async () => {
  const dir = await project({
    "a.ts": "/** A. */\nexport const a: number = 1;\n",
    "b.ts": "export const b = 2;\n",
  });
  try {
    const live = await LiveProject.load(dir);
    const a = `${dir}/a.ts`;
    await Deno.writeTextFile(
      a,
      "/** A, edited. */\nexport const a: number = 1; // note\n",
    );
    assert.deepEqual(await live.refresh([a]), {
      changed: [a],
      codeChanged: false,
    });
    assert.match(
      live.loaded.project.sourceFile(a).text,
      /edited/,
    );
    assert.deepEqual(await live.refresh([a]), {
      changed: [],
      codeChanged: false,
    });

    await Deno.writeTextFile(a, "/** A. */\nexport const a: string = 1;\n");
    assert.deepEqual(await live.refresh([a]), {
      changed: [a],
      codeChanged: true,
    });

    await Deno.writeTextFile(a, "// @ts-ignore\nexport const a: string = 1;\n");
    assert.deepEqual(await live.refresh([a]), {
      changed: [a],
      codeChanged: true,
    });

    await Deno.writeTextFile(`${dir}/c.ts`, "export const c = 3;\n");
    assert.deepEqual(
      await live.refresh([a], { rediscover: false }),
      { changed: [], codeChanged: false },
      "only contents changed: no new file looked for",
    );
    assert.deepEqual(live.loaded.files, [a, `${dir}/b.ts`]);

    await Deno.remove(`${dir}/b.ts`);
    await Deno.writeTextFile(`${dir}/c.ts`, "export const c = 3;\n");
    assert.deepEqual(await live.refresh([]), {
      changed: [`${dir}/b.ts`, `${dir}/c.ts`],
      codeChanged: true,
    });
    assert.deepEqual(live.loaded.files, [a, `${dir}/c.ts`]);
    assert.equal(live.loaded.project.has(`${dir}/b.ts`), false);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
