import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { type AnalysisResult, analyzeLoaded } from "./analyze.ts";
import { forGeneration } from "./empty_api.ts";
import { loadProject } from "./project.ts";

const ERRORS = fileURLToPath(
  new URL("../../fixtures/errors/", import.meta.url),
);
const RUNTIME = fileURLToPath(new URL("../../runtime.ts", import.meta.url));

/** The analysis of `dir` for generation, and the plain one. */
async function analyses(
  dir: string,
): Promise<{ plain: AnalysisResult; generation: AnalysisResult }> {
  const loaded = await loadProject(dir);
  const plain = analyzeLoaded(loaded);
  return { plain, generation: forGeneration(loaded, plain) };
}

/** A project of `files` in a temporary directory, analyzed. */
async function analysesOf(
  files: Record<string, string>,
): Promise<{ plain: AnalysisResult; generation: AnalysisResult }> {
  const dir = await Deno.makeTempDir({ prefix: "tailor_empty_api_" });
  try {
    for (const [name, text] of Object.entries(files)) {
      await Deno.writeTextFile(`${dir}/${name}`, text);
    }
    return await analyses(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

function onlyDiagnostic(result: AnalysisResult) {
  assert.equal(result.ok, false);
  assert.ok(!result.ok);
  assert.equal(result.diagnostics.length, 1);
  return result.diagnostics[0]!;
}

Deno.test("generation: controllers without a switch are an error", async () => {
  const { plain, generation } = await analyses(`${ERRORS}not_enabled`);
  assert.ok(plain.ok); // the server serves it, with the warning
  const error = onlyDiagnostic(generation);
  assert.equal(error.severity, undefined);
  assert.deepEqual(
    [error.code, error.file, error.line, error.column],
    ["TAILOR001", "controller.ts", 4, 1],
  );
  assert.match(error.message, /^the API is empty although PingController/);
  assert.match(error.message, /no class has @EnableImplicitApi\(\)/);
});

Deno.test("generation: the project's own @Api is named as the cause", async () => {
  const { generation } = await analyses(`${ERRORS}own_api_decorator`);
  const error = onlyDiagnostic(generation);
  assert.match(
    error.message,
    /@Api at controller\.ts:11:1 is not Tailor's, so generation is not enabled/,
  );
});

Deno.test("generation: a controller decorator of the project's own is named", async () => {
  const { generation } = await analysesOf({
    "controller.ts": `
function Controller(): (value: unknown, context: ClassDecoratorContext) => void {
  return () => {};
}

@Controller()
export class PingController {}
`,
  });
  const error = onlyDiagnostic(generation);
  assert.equal(error.line, 6);
  assert.match(
    error.message,
    /@Controller at controller\.ts:6:1 is not Tailor's \(it is declared in controller\.ts\)/,
  );
});

Deno.test("generation: a project without controllers keeps the warning", async () => {
  const { generation } = await analysesOf({
    "entities.ts": `import { Entity, Id } from "${RUNTIME}";
@Entity()
export class Thing {
  @Id()
  id!: string;
}
`,
  });
  assert.ok(generation.ok);
  assert.deepEqual(generation.warnings.map((w) => w.code), ["TAILOR001"]);
});
