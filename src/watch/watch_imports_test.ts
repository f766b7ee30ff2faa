import assert from "node:assert/strict";
import { loadedModel } from "../pipeline.ts";
import { WatchSession } from "./watch_project.ts";

const RUNTIME = new URL("../../runtime.ts", import.meta.url).pathname;

/**
 * A project in `<base>/app` whose controller returns a type declared in
 * `<base>/shared/note.ts`, outside the project's root.
 */
async function projectWithSharedType(): Promise<string> {
  const base = await Deno.realPath(await Deno.makeTempDir());
  await Deno.mkdir(`${base}/app`);
  await Deno.mkdir(`${base}/shared`);
  await Deno.writeTextFile(
    `${base}/shared/note.ts`,
    "/** A note. */\nexport interface Note {\n  title: string;\n}\n",
  );
  await Deno.writeTextFile(
    `${base}/app/app.ts`,
    `import { Controller, EnableImplicitApi, Get } from "${RUNTIME}";
import type { Note } from "../shared/note.ts";

/** The app. */
@EnableImplicitApi()
export class App {}

/** Notes. */
@Controller("/notes")
export class NoteController {
  /** The notes. */
  @Get()
  list(): Promise<Note[]> {
    return Promise.resolve([]);
  }
}
`,
  );
  return base;
}

Deno.test("watch: an edit of an imported file outside the root refreshes the model", async () => {
  const base = await projectWithSharedType();
  const session = await WatchSession.open(`${base}/app`);
  const controller = new AbortController();
  try {
    const modelText = async () => {
      const result = await loadedModel(session.loaded, {
        analyze: session.analyze,
        typeCheck: false,
      });
      assert.ok(result.ok);
      return JSON.stringify(result.model);
    };
    assert.ok(!(await modelText()).includes("pages"));
    const changed = Promise.withResolvers<string>();
    const watching = session.watch(
      async () => changed.resolve(await modelText()),
      { signal: controller.signal },
    );
    // `watch` has started watching the shared folder before it returned.
    await Deno.writeTextFile(
      `${base}/shared/note.ts`,
      "/** A note. */\nexport interface Note {\n  title: string;\n  pages: number;\n}\n",
    );
    const timeout = setTimeout(
      () => changed.reject(new Error("no change")),
      5000,
    );
    try {
      assert.ok((await changed.promise).includes("pages"));
    } finally {
      clearTimeout(timeout);
    }
    controller.abort();
    await watching;
  } finally {
    controller.abort();
    session.close();
    await Deno.remove(base, { recursive: true });
  }
});
