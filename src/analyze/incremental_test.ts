import assert from "node:assert/strict";
import { type AnalysisScope, analyzeLoaded } from "./analyze.ts";
import { IncrementalAnalyzer } from "./incremental.ts";
import { LiveProject } from "../watch/live_project.ts";
import { copyFixture } from "../testing/fixture_copy.ts";
import {
  editTarget,
  writeSyntheticProject,
} from "../testing/synthetic_project.ts";

/** One edit: a file, what to replace in it, and how the analyzer should run. */
interface Edit {
  readonly file: string;
  readonly from: string | RegExp;
  readonly to: string;
  readonly run: "partial" | "whole";
}

/**
 * Applies `edits` one after the other to the project in `dir`; after each,
 * the incremental analysis must equal a whole one of the same sources.
 */
async function checkEdits(
  dir: string,
  edits: readonly Edit[],
  scope: AnalysisScope = "client",
): Promise<void> {
  const live = await LiveProject.load(dir);
  const analyzer = new IncrementalAnalyzer(scope);
  assert.deepEqual(
    analyzer.analyze(live.loaded),
    analyzeLoaded(live.loaded, scope),
  );
  analyzer.prepare(); // as watch mode does before the first edit
  for (const [i, edit] of edits.entries()) {
    const path = `${dir}/${edit.file}`;
    const text = await readOrEmpty(path);
    const next = text === "" ? edit.to : text.replace(edit.from, edit.to);
    assert.notEqual(next, text, `edit ${i} changes ${edit.file}`);
    await Deno.writeTextFile(path, next);
    await live.refresh([path]);
    const incremental = analyzer.analyze(live.loaded);
    const whole = analyzeLoaded(live.loaded, scope);
    assert.deepEqual(incremental, whole, `edit ${i} of ${edit.file}`);
    assert.equal(analyzer.lastRun.kind, edit.run, `edit ${i} of ${edit.file}`);
  }
}

async function readOrEmpty(path: string): Promise<string> {
  try {
    return await Deno.readTextFile(path);
  } catch {
    return "";
  }
}

const AUTHORS = "author_controller.ts";

const BOOKSTORE_EDITS: readonly Edit[] = [
  {
    file: AUTHORS,
    from: "The authors with the most books",
    to: "The most active authors",
    run: "partial",
  },
  {
    file: AUTHORS,
    from: "fetcher(Author).firstName().lastName()",
    to: "fetcher(Author).firstName()",
    run: "partial",
  },
  {
    file: AUTHORS,
    from: "  /** Serves the authors",
    to:
      '  @Get("/count")\n  count(): Promise<Int> {\n    return Promise.resolve(1);\n  }\n\n  /** Serves the authors',
    run: "partial",
  },
  {
    file: AUTHORS,
    from: "count(): Promise<Int>",
    to: "count(: ",
    run: "whole",
  },
  {
    file: AUTHORS,
    from: "count(: ",
    to: "count(): Promise<Int>",
    run: "partial",
  },
  {
    file: AUTHORS,
    from: '@Get("/count")',
    to: '@Get("/../books/{id}")',
    run: "whole",
  },
  {
    file: AUTHORS,
    from: '@Get("/../books/{id}")',
    to: '@Get("/count")',
    run: "partial",
  },
  {
    file: "entities.ts",
    from: /\/\*\*[^*]*\*\/\n@Entity\(\)\nexport class Author/,
    to: "/** A writer. */\n@Entity()\nexport class Author",
    run: "partial",
  },
  {
    file: "extra_controller.ts",
    from: "",
    to: 'import { Controller, Get } from "../../runtime.ts";\n\n' +
      '/** Extra. */\n@Controller("/extra")\nexport class ExtraController {\n' +
      '  /** Ping. */\n  @Get("/ping")\n  ping(): Promise<string> {\n' +
      '    return Promise.resolve("pong");\n  }\n}\n',
    run: "whole",
  },
];

Deno.test("IncrementalAnalyzer: bookstore edits give what a whole analysis gives", async () => {
  const copy = await copyFixture("bookstore");
  try {
    await checkEdits(copy.project, BOOKSTORE_EDITS);
  } finally {
    await copy.remove();
  }
});

Deno.test("IncrementalAnalyzer: treeshop edits of shared fetchers, in both scopes", async () => {
  for (const scope of ["client", "server"] as const) {
    const copy = await copyFixture("treeshop");
    try {
      await checkEdits(copy.project, [
        {
          file: "fetchers.ts",
          from: "fetcher(Product).name();",
          to: "fetcher(Product).name().price();",
          run: "partial",
        },
        {
          file: "tree_controller.ts",
          from: "fetcher(TreeNode).name().parent()",
          to: "fetcher(TreeNode).name().kind().parent()",
          run: "partial",
        },
        // A subclass of the Delivery union, which no controller imports.
        {
          file: "deliveries.ts",
          from: '"courier" as const',
          to: '"van" as const',
          run: "whole",
        },
      ], scope);
    } finally {
      await copy.remove();
    }
  }
});

Deno.test("IncrementalAnalyzer: a synthetic project re-reads one controller and keeps the other services", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    await writeSyntheticProject(dir, 100);
    const { controller, anchor } = editTarget(100);
    const live = await LiveProject.load(dir);
    const analyzer = new IncrementalAnalyzer();
    const first = analyzer.analyze(live.loaded);
    assert.ok(first.ok);
    const path = `${dir}/${controller}`;
    const text = await Deno.readTextFile(path);
    await Deno.writeTextFile(path, text.replace(anchor, `${anchor} Edited.`));
    await live.refresh([path]);
    const second = analyzer.analyze(live.loaded);
    assert.deepEqual(second, analyzeLoaded(live.loaded));
    assert.deepEqual(analyzer.lastRun, { kind: "partial", files: [path] });
    assert.ok(second.ok);
    const changed = second.model.services.filter((service, i) =>
      service !== first.model.services[i]
    );
    assert.deepEqual(changed.map((s) => s.name), ["Resource0Service"]);
    assert.ok(
      second.model.dtos.every((dto, i) => dto === first.model.dtos[i]),
      "every DTO is the same object",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
