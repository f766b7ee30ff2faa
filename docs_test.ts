/**
 * The documentation is true: every relative link and anchor of README.md,
 * CONTRIBUTING.md, ARCHITECTURE.md and docs/ resolves, and every `sh` block
 * marked `runnable` in README.md runs, line by line, against a live example
 * server (its `http://127.0.0.1:8080` replaced by the server's address) in a
 * scratch directory.
 */

import assert from "node:assert/strict";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "./src/testing/run.ts";
import { startExampleServer } from "./src/testing/example_server.ts";

const ROOT = fileURLToPath(new URL(".", import.meta.url));

/** The Markdown files whose links are checked. */
async function documents(): Promise<string[]> {
  const files = ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md"];
  try {
    for await (const entry of Deno.readDir(join(ROOT, "docs"))) {
      if (entry.isFile && entry.name.endsWith(".md")) {
        files.push(`docs/${entry.name}`);
      }
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  return files.sort();
}

/** Markdown without its fenced code blocks (links in code are not links). */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to -. */
export function headingSlug(heading: string): string {
  return heading.trim().toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a Markdown file. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = headingSlug(heading!);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

Deno.test("docs: every relative link and anchor resolves", async () => {
  const broken: string[] = [];
  for (const file of await documents()) {
    const text = await Deno.readTextFile(join(ROOT, file));
    for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue; // http:, mailto:
      const [path, anchor] = target!.split("#") as [string, string?];
      const linked = path === ""
        ? join(ROOT, file)
        : join(ROOT, dirname(file), path);
      let linkedText: string | undefined;
      try {
        const info = await Deno.stat(linked);
        if (info.isFile) linkedText = await Deno.readTextFile(linked);
      } catch {
        broken.push(`${file}: ${target} (no ${relative(ROOT, linked)})`);
        continue;
      }
      if (anchor === undefined || !linked.endsWith(".md")) continue;
      if (!anchorsOf(linkedText ?? "").has(anchor)) {
        broken.push(`${file}: ${target} (no heading #${anchor})`);
      }
    }
  }
  assert.deepEqual(broken, []);
});

/** The lines of README.md's `sh runnable` blocks, comments dropped. */
async function runnableLines(): Promise<string[]> {
  const text = await Deno.readTextFile(join(ROOT, "README.md"));
  return [...text.matchAll(/^```sh runnable\n([\s\S]*?)^```/gm)]
    .flatMap(([, block]) => block!.split("\n"))
    .map((line) => line.replace(/\s+#(?!\S*').*$/, "").trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

Deno.test("docs: README's runnable commands run against the example server", async () => {
  const lines = await runnableLines();
  assert.ok(lines.length >= 5, `only ${lines.length} runnable lines`);
  const { base, stop } = await startExampleServer();
  const scratch = await Deno.makeTempDir({ prefix: "tailor_readme_" });
  try {
    for (const line of lines) {
      const command = line.replaceAll("http://127.0.0.1:8080", base);
      const result = await run("bash", ["-eo", "pipefail", "-c", command], {
        cwd: scratch,
        env: { PATH: `${dirname(Deno.execPath())}:${Deno.env.get("PATH")}` },
      });
      assert.equal(result.code, 0, `${line}\n${result.output}`);
    }
  } finally {
    await stop();
    await Deno.remove(scratch, { recursive: true });
  }
});
