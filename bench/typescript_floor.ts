/**
 * The TypeScript compiler's own work, measured alone: what every analysis
 * pays before it reads a declaration. Loads the compiler as the CLI does
 * (`@ts-morph/common`'s, preloaded with V8's code cache of an earlier run:
 * `compiler_code_cache.ts`), then makes a program and its checker through
 * the analysis' own loading:
 *
 *   deno run -A bench/typescript_floor.ts DIR            one empty file
 *   deno run -A bench/typescript_floor.ts DIR PROJECT    PROJECT's sources
 *
 * Without PROJECT: the program of one empty file (written into DIR) with
 * the analysis' default library (`lib.esnext.d.ts` and what it
 * references), the compiler's start-up. With PROJECT: the program of
 * PROJECT's source files as `generate` loads them (`loadProject`: its
 * compiler options, its imports), parsed and bound, and nothing asked of
 * the checker: the floor of any analysis of that project.
 *
 * @module
 */

import { preloadCompiler } from "../src/analyze/compiler_code_cache.ts";

if (import.meta.main) {
  const compiler = await preloadCompiler();
  const [dirArg, projectArg] = Deno.args;
  const program = projectArg === undefined
    ? await emptyProgram(dirArg!)
    : await projectProgram(projectArg);
  program.getTypeChecker();
  compiler?.keep();
  console.log(`${program.getSourceFiles().length} files`);
}

async function emptyProgram(dirArg: string) {
  const { SourceProject } = await import("../src/analyze/source_project.ts");
  const { ts } = await import("../src/analyze/compiler.ts");
  const dir = (await Deno.realPath(dirArg)).replaceAll("\\", "/");
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
  return project.program();
}

async function projectProgram(projectArg: string) {
  const { loadProject } = await import("../src/analyze/project.ts");
  const root = (await Deno.realPath(projectArg)).replaceAll("\\", "/");
  return (await loadProject(root)).project.program();
}
