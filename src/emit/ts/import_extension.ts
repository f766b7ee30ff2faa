/**
 * The import styles of the generated TypeScript client. No dependencies, so
 * that the configuration and the CLI can name them without loading the
 * emitter.
 *
 * @module
 */

/**
 * How relative imports between generated files end: `ts` (`./Api.ts`: Deno,
 * tsc with `allowImportingTsExtensions`), `js` (`./Api.js`: NodeNext, tsc
 * emit) or `none` (`./Api`: bundler resolution in Vite, Next.js, Angular,
 * webpack).
 */
export type ImportExtension = "ts" | "js" | "none";

/** Every {@link ImportExtension}, the default first. */
export const IMPORT_EXTENSIONS: readonly ImportExtension[] = [
  "ts",
  "js",
  "none",
];

/**
 * `specifier` (which names a generated `.ts` file) ending as `extension`
 * asks: `./Api.ts` -> `./Api.ts`, `./Api.js` or `./Api`.
 */
export function withExtension(
  specifier: string,
  extension: ImportExtension,
): string {
  if (extension === "ts" || !specifier.endsWith(".ts")) return specifier;
  const stem = specifier.slice(0, -".ts".length);
  return extension === "js" ? `${stem}.js` : stem;
}
