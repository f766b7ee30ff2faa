/**
 * TypeScript's `lib` files (`lib.esnext.d.ts` and the files it references),
 * as the compiler ts-morph bundles them (`@ts-morph/common`), at paths of a
 * folder that exists only in memory: nothing is read from disk for them.
 *
 * The folder is not ts-morph's `/node_modules/typescript/lib`. For a file
 * under a `node_modules` folder, every program TypeScript makes looks for
 * the `package.json` that decides its module format, asking whether each
 * folder above it exists. For the 87 lib files that was 261 failed `stat`
 * calls per program, each a thrown `NotFound`: about 2 ms once warm, more
 * in a cold run, and watch mode makes a new program after every edit.
 *
 * @module
 */

import { getLibFiles } from "@ts-morph/common";

/** The in-memory folder of the lib files (no `node_modules` in it). */
export const LIB_FOLDER = "/tailor-typescript-lib";

/** The lib files' texts by path (in {@link LIB_FOLDER}). */
export const LIB_TEXTS: ReadonlyMap<string, string> = new Map(
  getLibFiles().map((lib) => [`${LIB_FOLDER}/${lib.fileName}`, lib.text]),
);
