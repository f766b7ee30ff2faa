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

Deno.test("LiveProject: an imported file outside the root is read again; its edits are code", async () => {
  const base = await project({});
  await Deno.mkdir(`${base}/app`);
  await Deno.mkdir(`${base}/shared`);
  const shared = `${base}/shared/s.ts`;
  await Deno.writeTextFile(shared, "export const s = 1;\n");
  await Deno.writeTextFile(
    `${base}/app/a.ts`,
    'import { s } from "../shared/s.ts";\nexport const a = s;\n',
  );
  try {
    const live = await LiveProject.load(`${base}/app`);
    live.loaded.project.program();
    assert.deepEqual(await live.refresh([shared]), {
      changed: [],
      codeChanged: false,
    });
    await Deno.writeTextFile(shared, "// a comment\nexport const s = 1;\n");
    assert.deepEqual(await live.refresh([shared]), {
      changed: [shared],
      codeChanged: true,
    });
    assert.deepEqual(
      await live.refresh([`${base}/shared/other.ts`]),
      { changed: [], codeChanged: false },
      "a file no program read",
    );
  } finally {
    await Deno.remove(base, { recursive: true });
  }
});

Deno.test("LiveProject: a rehearsed edit parses a file again from the same text, its code unchanged", async () => {
  const dir = await project({ "a.ts": "/** A. */\nexport const a = 1;\n" });
  try {
    const live = await LiveProject.load(dir);
    const a = `${dir}/a.ts`;
    const before = live.loaded.project.sourceFile(a);
    assert.deepEqual(live.rehearse(a), { changed: [a], codeChanged: false });
    const after = live.loaded.project.sourceFile(a);
    assert.notEqual(after, before, "a new parse, as after an edit");
    assert.equal(after.text, before.text);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
