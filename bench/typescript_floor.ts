/**
 * The TypeScript compiler's own start-up, measured alone: what every
 * analysis pays before it reads a line of the project. Loads the compiler
 * as the CLI does (`@ts-morph/common`'s, preloaded with V8's code cache of
 * an earlier run: `compiler_code_cache.ts`), then makes the program and the
 * checker of one empty file with the analysis' default library
 * (`lib.esnext.d.ts` and what it references), through the analysis' own
 * `SourceProject`:
 *
 *   deno run -A bench/typescript_floor.ts DIR
 *
 * DIR is a directory to write the empty file into.
 *
 * @module
 */

import { preloadCompiler } from "../src/analyze/compiler_code_cache.ts";

if (import.meta.main) {
  const compiler = await preloadCompiler();
  const { SourceProject } = await import("../src/analyze/source_project.ts");
  const { ts } = await import("../src/analyze/compiler.ts");
  const dir = (await Deno.realPath(Deno.args[0]!)).replaceAll("\\", "/");
  const file = `${dir}/empty.ts`;
  await Deno.writeTextFile(file, "export {};\n");
  const project = new SourceProject(dir, {
    target: ts.ScriptTarget.ESNext,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noEmit: true,
    lib: ["lib.esnext.d.ts"],
  });
  project.load([file]);
  const program = project.program();
  program.getTypeChecker();
  compiler?.keep();
  console.log(`${program.getSourceFiles().length} files`);
}
