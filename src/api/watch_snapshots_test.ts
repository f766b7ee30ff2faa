/**
 * No client is ever torn: while a burst of edits renames a type of the
 * server (its DTO keys, its file and the service importing it all change
 * together), `api --watch` swaps client after client into a directory, and
 * 200 snapshots of that directory each type-check (every distinct one once,
 * with npm TypeScript in-process).
 */

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readTreeBytes, writeFiles } from "../fs/tree.ts";
import {
  compileProject,
  formatDiagnostics,
} from "../emit/ts/testdata/tsc_project.ts";
import { createServer } from "../server/create_server.ts";
import { listen } from "../server/listen.ts";
import { writeSyntheticProject } from "../testing/synthetic_project.ts";
import { parseCommandLine, resolveOptions } from "./args.ts";
import { watchClient } from "./watch_client.ts";

/** Snapshots taken, at least. */
const SNAPSHOTS = 200;
const EDITS = 12;

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: "es2022",
    lib: ["es2022", "dom"],
    module: "esnext",
    moduleResolution: "bundler",
    allowImportingTsExtensions: true,
  },
});

/**
 * The directory's files at one instant, or undefined when it was swapped
 * (or missing) while they were read: the directory itself is the same one
 * (same inode) before and after, so every file came from one version.
 */
async function snapshot(
  dir: string,
): Promise<Map<string, Uint8Array> | undefined> {
  try {
    const before = (await Deno.stat(dir)).ino;
    const files = await readTreeBytes(dir);
    const after = (await Deno.stat(dir)).ino;
    return before === after && files.size > 0 ? files : undefined;
  } catch {
    return undefined;
  }
}

function digest(files: ReadonlyMap<string, Uint8Array>): string {
  const hash = createHash("sha256");
  for (const [path, bytes] of files) hash.update(path).update(bytes);
  return hash.digest("hex");
}

/** What one burst of edits gave. */
interface Burst {
  readonly taken: number;
  readonly distinct: number;
  /** Reads that met a swap (the directory replaced meanwhile, or missing). */
  readonly torn: number;
  readonly lines: readonly string[];
}

/**
 * Runs a watching server of a synthetic project and `api --watch` into a
 * directory, applies `edit` to controller 0 {@link EDITS} times, takes at
 * least 200 snapshots meanwhile and type-checks each distinct one.
 */
async function burst(
  edit: (text: string, i: number) => string,
): Promise<Burst> {
  const root = await Deno.makeTempDir({ prefix: "tailor-snapshots-" });
  const project = `${root}/server`;
  await writeSyntheticProject(project, 20);
  const quiet = console.error;
  console.error = () => {};
  const watching = new AbortController();
  const app = await createServer({
    project,
    typeCheck: false,
    watch: { signal: watching.signal, debounceMs: 10 },
  });
  const server = listen(app.fetch, { port: 0, hostname: "127.0.0.1" });
  const dir = `${root}/client`;
  const stop = new AbortController();
  let updates = 0;
  const lines: string[] = [];
  const firstUpdate = Promise.withResolvers<void>();
  const watched = watchClient(
    resolveOptions(
      parseCommandLine([`http://127.0.0.1:${server.port}/ts.zip`, dir]),
    ),
    {
      signal: stop.signal,
      log: (line) => lines.push(line),
      onUpdate: () => {
        updates++;
        firstUpdate.resolve();
      },
    },
  );
  const distinct = new Map<string, Map<string, Uint8Array>>();
  let taken = 0;
  let torn = 0;
  try {
    await firstUpdate.promise;
    const controller =
      `${project}/domain/m0/controllers/resource0_controller.ts`;
    let editsDone = false;
    const editing = (async () => {
      for (let i = 1; i <= EDITS; i++) {
        const text = await Deno.readTextFile(controller);
        await Deno.writeTextFile(controller, edit(text, i));
        await new Promise((resolve) => setTimeout(resolve, 120));
      }
      // Time for the last version to land.
      await new Promise((resolve) => setTimeout(resolve, 500));
      editsDone = true;
    })();
    // At least 200, spread over the whole burst; none during the first
    // update (taken above), so a swap seen is one of an edit's.
    while (taken < SNAPSHOTS || !editsDone) {
      const files = await snapshot(dir);
      if (files === undefined) {
        torn++;
        await new Promise((resolve) => setTimeout(resolve, 1));
        continue;
      }
      taken++;
      distinct.set(digest(files), files);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await editing;
    // The burst was seen: more than one version among the snapshots.
    assert.ok(distinct.size > 1, lines.join("\n"));
    for (const [hash, files] of distinct) {
      const copy = `${root}/check-${hash.slice(0, 12)}`;
      await Deno.mkdir(copy);
      writeFiles(copy, files);
      await Deno.writeTextFile(`${copy}/tsconfig.json`, TSCONFIG);
      const diagnostics = compileProject(copy);
      assert.equal(diagnostics.length, 0, formatDiagnostics(diagnostics));
    }
    console.log(
      `${taken} snapshots, ${distinct.size} distinct, ${updates} updates, ${torn} reads during a swap retried`,
    );
    return { taken, distinct: distinct.size, torn, lines };
  } finally {
    stop.abort();
    await watched;
    watching.abort();
    await server.shutdown();
    console.error = quiet;
    await Deno.remove(root, { recursive: true });
  }
}

Deno.test("api --watch: 200 snapshots of the client directory during a burst of edits all type-check", async () => {
  // A type renamed: its DTO keys, its file and the service importing it
  // change together (a delta of several files: a new tree swapped in).
  await burst((text, i) => text.replace(/\bReport0(v\d+)?\b/g, `Report0v${i}`));
});

Deno.test("api --watch: an operation renamed, two files changed and none removed: every snapshot type-checks", async () => {
  // The service's method and the query options that call it change
  // together: a mix of the two would not type-check.
  await burst((text, i) => text.replace(/\blist(v\d+)?\(/, `listv${i}(`));
});

Deno.test("api --watch: doc-comment edits are renamed in file by file, the directory never swapped, every snapshot type-checks", async () => {
  const result = await burst((text, i) =>
    text.replace(
      /one page at a time\.( \(edit \d+\))?/,
      `one page at a time. (edit ${i})`,
    )
  );
  assert.equal(result.torn, 0, result.lines.join("\n"));
});
