/**
 * The example server. Until the HTTP server lands, `deno task serve`
 * generates the bookstore client into `out/bookstore` and says where.
 *
 * @module
 */

import { main } from "./cli.ts";

/** Where the bookstore client is written. */
export const BOOKSTORE_OUT = "out/bookstore";

if (import.meta.main) {
  const status = await main([
    "generate",
    "--project",
    "fixtures/bookstore",
    "--out",
    BOOKSTORE_OUT,
  ]);
  if (status === 0) {
    console.log(
      `The bookstore client is in ${BOOKSTORE_OUT}/: ts/ (TypeScript), java/ (Feign), openapi.yml and openapi.html.`,
    );
    console.log("The HTTP server that serves them is not built yet.");
  }
  Deno.exit(status);
}
