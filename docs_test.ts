/**
 * The documentation is true: every relative link and anchor of README.md,
 * CONTRIBUTING.md, ARCHITECTURE.md and docs/ resolves, and none leads
 * outside the repository (a clone stands alone); every `sh` block
 * marked `runnable` in them runs, line by line, against a live example
 * server (its `http://127.0.0.1:8080` replaced by the server's address) in a
 * scratch directory; and docs/cli.md's reference is what each command's
 * `--help` prints.
 */

import assert from "node:assert/strict";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "./src/testing/run.ts";
import { startExampleServer } from "./src/testing/example_server.ts";
import { UPDATING_GOLDEN } from "./src/testing/golden.ts";
import { COMMANDS } from "./src/cli/commands.ts";
import { runCommand } from "./src/cli/run_command.ts";

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

/** Markdown without its fenced code blocks. */
function withoutFences(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, "");
}

/** Markdown without any code (links in code are not links). */
function prose(text: string): string {
  return withoutFences(text).replace(/`[^`\n]*`/g, "");
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
  for (const [, heading] of withoutFences(text).matchAll(/^#{1,6} (.+)$/gm)) {
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

Deno.test("docs: nothing points outside the repository", async () => {
  const outside: string[] = [];
  const escapes = (file: string, path: string) =>
    relative(ROOT, join(ROOT, dirname(file), path)).startsWith("..");
  for (const file of await documents()) {
    const text = await Deno.readTextFile(join(ROOT, file));
    for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      if (escapes(file, target!.split("#")[0]!)) {
        outside.push(`${file}: ${target}`);
      }
    }
    // A path in code standing for a file to read (`../shared/spec.md`).
    for (const [, path] of withoutFences(text).matchAll(/`(\.\.\/[^`\s]+)`/g)) {
      if (escapes(file, path!)) outside.push(`${file}: \`${path}\``);
    }
  }
  assert.deepEqual(outside, []);
});

/** The lines of the `sh runnable` blocks of every document, comments dropped. */
async function runnableLines(): Promise<string[]> {
  const texts = await Promise.all(
    (await documents()).map((file) => Deno.readTextFile(join(ROOT, file))),
  );
  return [...texts.join("\n").matchAll(/^```sh runnable\n([\s\S]*?)^```/gm)]
    .flatMap(([, block]) => block!.split("\n"))
    .map((line) => line.replace(/\s+#(?!\S*').*$/, "").trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

Deno.test("docs: the runnable commands run against the example server", async () => {
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

/** docs/cli.md's reference: every command's `--help`, as the commands print it. */
export async function cliReference(): Promise<string> {
  const sections = [];
  for (const command of COMMANDS) {
    const lines: string[] = [];
    const { log } = console;
    console.log = (...parts: unknown[]) => lines.push(parts.join(" "));
    try {
      await runCommand(command, ["--help"]);
    } finally {
      console.log = log;
    }
    sections.push(
      `### \`tailor ${command.name}\`\n\n\`\`\`text\n${
        lines.join("\n")
      }\n\`\`\``,
    );
  }
  return `${REFERENCE_HEADING}\n\n${REFERENCE_NOTE}\n\n${
    sections.join("\n\n")
  }\n`;
}

const REFERENCE_HEADING = "## Reference: every command's `--help`";
const REFERENCE_NOTE =
  "What each command prints for `--help` (`docs_test.ts`).";

Deno.test("docs: docs/cli.md's reference is every command's --help", async () => {
  const path = join(ROOT, "docs/cli.md");
  const text = await Deno.readTextFile(path);
  const at = text.indexOf(REFERENCE_HEADING);
  const expected = await cliReference();
  if (UPDATING_GOLDEN) {
    const head = at === -1 ? `${text.trimEnd()}\n\n` : text.slice(0, at);
    await Deno.writeTextFile(path, head + expected);
    return;
  }
  assert.ok(at !== -1, `docs/cli.md has no "${REFERENCE_HEADING}"`);
  assert.equal(text.slice(at), expected);
});
