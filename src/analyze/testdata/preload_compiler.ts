/**
 * A fresh process of `compiler_code_cache_test.ts`: preloads the compiler
 * with the code cache in `Deno.args[0]`, then imports `@ts-morph/common`
 * and prints, as JSON, whether it uses the preloaded compiler and whether
 * a cache was read and accepted.
 *
 * @module
 */

import { preloadCompiler } from "../compiler_code_cache.ts";

const cache = Deno.args[0]!;
const before = [...Deno.readDirSync(cache)].length;
const preloaded = await preloadCompiler(cache);
const { ts } = await import("@ts-morph/common");
const file = ts.createSourceFile("a.ts", "export const a = 1;", 99);
preloaded?.keep();
console.log(JSON.stringify({
  preloaded: preloaded !== undefined,
  cached: preloaded?.cached,
  // `ts` is a copy of the compiler's namespace object, with its functions.
  same: (preloaded?.compiler as typeof ts | undefined)?.createSourceFile ===
    ts.createSourceFile,
  statements: file.statements.length,
  before,
  after: [...Deno.readDirSync(cache)].length,
}));
