import assert from "node:assert/strict";
import type { TreeChanges } from "../fs/tree_changes.ts";
import { loadConfig } from "../config/config.ts";
import { formatDiagnostic } from "../model/diagnostic.ts";
import { renderArtifacts } from "../render/render_artifacts.ts";
import { copyFixture } from "../testing/fixture_copy.ts";
import {
  type ModelSource,
  watchGenerate,
  writeChanges,
} from "./watch_generate.ts";

/** Values pushed by a callback, awaited one by one. */
class Queue<T> {
  readonly #values: T[] = [];
  readonly #waiting: ((value: T) => void)[] = [];

  push(value: T): void {
    const waiter = this.#waiting.shift();
    if (waiter === undefined) this.#values.push(value);
    else waiter(value);
  }

  next(): Promise<T> {
    if (this.#values.length > 0) return Promise.resolve(this.#values.shift()!);
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
}

/** Every file under `dir` with its bytes and modification time. */
async function snapshot(
  dir: string,
): Promise<Map<string, { bytes: string; mtime: number }>> {
  const files = new Map<string, { bytes: string; mtime: number }>();
  const walk = async (sub: string) => {
    for await (const entry of Deno.readDir(`${dir}/${sub}`)) {
      const path = sub === "" ? entry.name : `${sub}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else {
        const full = `${dir}/${path}`;
        const bytes = await Deno.readFile(full);
        files.set(path, {
          bytes: bytes.join(","),
          mtime: (await Deno.stat(full)).mtime!.getTime(),
        });
      }
    }
  };
  await walk("");
  return files;
}

function differing<T>(
  a: ReadonlyMap<string, T>,
  b: ReadonlyMap<string, T>,
  same: (x: T, y: T) => boolean,
): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((path) => {
    const x = a.get(path);
    const y = b.get(path);
    return x === undefined || y === undefined || !same(x, y);
  }).sort();
}

/**
 * Runs `generate --watch` in process on a copy of the bookstore, writing
 * beside it, or with `inside` into a folder of the project itself.
 */
async function startWatch({ inside = false } = {}) {
  const copy = await copyFixture("bookstore");
  const out = inside ? `${copy.project}/gen` : `${copy.dir}/out`;
  const printed: string[] = [];
  const changes = new Queue<TreeChanges | undefined>();
  const ready = Promise.withResolvers<void>();
  const controller = new AbortController();
  /** When the first output was reported written (ms since the epoch). */
  let firstWrittenAt = 0;
  // What cli.ts does: the configuration read, diagnostics printed, files of
  // every artifact.
  const render = async (modelOf: ModelSource) => {
    const config = await loadConfig(copy.project);
    const result = await modelOf(copy.project, {});
    if (!result.ok) {
      if ("diagnostics" in result) {
        printed.push(...result.diagnostics.map(formatDiagnostic));
      }
      return undefined;
    }
    return renderArtifacts(result.model, config, "bookstore");
  };
  const done = watchGenerate({
    out,
    render,
    signal: controller.signal,
    log: (line) => {
      printed.push(line);
      if (line.startsWith("wrote ")) firstWrittenAt = Date.now();
      if (line.startsWith("watching ")) ready.resolve();
    },
    onChange: (written) => changes.push(written),
  });
  await ready.promise;
  const edit = async (file: string, from: string, to: string) => {
    const path = `${copy.project}/${file}`;
    const text = await Deno.readTextFile(path);
    assert.ok(text.includes(from), `${file} has ${from}`);
    await Deno.writeTextFile(path, text.replace(from, to));
  };
  const stop = async () => {
    controller.abort();
    assert.equal(await done, 0);
    await copy.remove();
  };
  return { out, printed, changes, edit, stop, firstWrittenAt };
}

Deno.test("generate --watch: a doc comment edit rewrites exactly the edited controller's outputs", async () => {
  const watch = await startWatch();
  try {
    const before = await snapshot(watch.out);
    await watch.edit(
      "book_controller.ts",
      "/** Books of the store: listing and details. */",
      "/** Books of the store, listed and detailed. */",
    );
    const changes = await watch.changes.next();
    const after = await snapshot(watch.out);
    const expected = [
      "java/com/example/bookstore/client/service/BookService.java",
      "model.json", // holds the doc comments too
      "openapi.yml",
      "ts/Api.ts",
      "ts/queries.ts", // the service's doc on its entry
      "ts/services/BookService.ts",
    ];
    assert.deepEqual(
      differing(before, after, (x, y) => x.bytes === y.bytes),
      expected,
    );
    // Every other file was not even rewritten.
    assert.deepEqual(
      differing(
        before,
        after,
        (x, y) => x.bytes === y.bytes && x.mtime === y.mtime,
      ),
      expected,
    );
    assert.deepEqual(changes, { written: expected, removed: [] });
    assert.match(
      await Deno.readTextFile(`${watch.out}/ts/services/BookService.ts`),
      /Books of the store, listed and detailed\./,
    );
  } finally {
    await watch.stop();
  }
});

Deno.test("generate --watch: the edit rehearsed before it says `watching` writes and prints nothing", async () => {
  const watch = await startWatch();
  try {
    assert.equal(watch.printed.length, 2, watch.printed.join("\n"));
    assert.match(watch.printed[0]!, /^wrote \d+ files to /);
    assert.match(watch.printed[1]!, /^watching /);
    // Every file as the first generation wrote it: none written since.
    const files = await snapshot(watch.out);
    const newest = Math.max(...[...files.values()].map((file) => file.mtime));
    assert.ok(newest <= watch.firstWrittenAt, "a file was written again");
  } finally {
    await watch.stop();
  }
});

Deno.test("generate --watch: an edit of orm.yml alone renders again with it", async () => {
  const watch = await startWatch();
  try {
    await watch.edit(
      "orm.yml",
      "base-package: com.example.bookstore.client",
      "base-package: com.example.shop.client",
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changes = await Promise.race([
      watch.changes.next(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("not rendered")), 10_000);
      }),
    ]).finally(() => clearTimeout(timer));
    assert.ok(changes !== undefined);
    assert.ok(
      changes.written.includes(
        "java/com/example/shop/client/service/BookService.java",
      ),
      changes.written.join(", "),
    );
    assert.ok(
      changes.removed.includes(
        "java/com/example/bookstore/client/service/BookService.java",
      ),
    );
  } finally {
    await watch.stop();
  }
});

Deno.test("generate --watch: an edit with an error prints it and keeps the last good output", async () => {
  const watch = await startWatch();
  try {
    const before = await snapshot(watch.out);
    await watch.edit("entities.ts", "price!: number;", "price!: nmber;");
    assert.equal(await watch.changes.next(), undefined);
    assert.deepEqual(await snapshot(watch.out), before);
    const errors = watch.printed.filter((line) => line.includes("nmber"));
    assert.ok(
      errors.some((line) => line.startsWith("entities.ts:60:11 - error")),
      watch.printed.join("\n"),
    );
    assert.ok(
      watch.printed.some((line) => line.endsWith("keeps the last good output")),
    );
    // The fix is picked up again.
    await watch.edit("entities.ts", "price!: nmber;", "price!: number;");
    assert.deepEqual(await watch.changes.next(), { written: [], removed: [] });
    assert.deepEqual(await snapshot(watch.out), before);
  } finally {
    await watch.stop();
  }
});

Deno.test("generate --watch: its output inside the project is never read as a source", async () => {
  const watch = await startWatch({ inside: true });
  try {
    await watch.edit(
      "book_controller.ts",
      "/** Books of the store: listing and details. */",
      "/** Books of the store, listed and detailed. */",
    );
    const changes = await watch.changes.next();
    assert.ok(changes?.written.includes("ts/services/BookService.ts"));
    // A second edit: the output now in the project is still not read.
    await watch.edit(
      "book_controller.ts",
      "/** Books of the store, listed and detailed. */",
      "/** Books of the store: listing and details. */",
    );
    const again = await watch.changes.next();
    assert.ok(again?.written.includes("ts/services/BookService.ts"));
    assert.ok(
      !watch.printed.some((line) => line.includes("TAILOR")),
      watch.printed.join("\n"),
    );
  } finally {
    await watch.stop();
  }
});

Deno.test("writeChanges: writes only what differs and removes what is gone", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const previous = new Map<string, string | Uint8Array>([
      ["a.ts", "a"],
      ["sub/b.ts", "b"],
      ["bin", new Uint8Array([1, 2])],
    ]);
    await writeChanges(dir, new Map(), previous);
    const next = new Map<string, string | Uint8Array>([
      ["a.ts", "a2"],
      ["bin", new Uint8Array([1, 2])],
      ["c.ts", "c"],
    ]);
    assert.deepEqual(await writeChanges(dir, previous, next), {
      written: ["a.ts", "c.ts"],
      removed: ["sub/b.ts"],
    });
    assert.deepEqual(
      [...(await snapshot(dir)).keys()].sort(),
      ["a.ts", "bin", "c.ts"],
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
