/**
 * A small plain-TypeScript project for the type-check tests: relative
 * imports only, and Deno's globals (`Deno.*`, web APIs, `import.meta.main`).
 *
 * @module
 */

import { join } from "node:path";

/**
 * Writes the project into a fresh directory and returns it; `extra` is
 * appended to its `main.ts` (to add an error).
 */
export async function writePlainProject(extra = ""): Promise<string> {
  const root = await Deno.realPath(await Deno.makeTempDir());
  await Deno.writeTextFile(join(root, "deno.json"), "{}");
  await Deno.writeTextFile(
    join(root, "book.ts"),
    "export interface Book {\n  title: string;\n}\n",
  );
  await Deno.writeTextFile(
    join(root, "main.ts"),
    [
      `import type { Book } from "./book.ts";`,
      `if (import.meta.main) {`,
      `  const text: string = await Deno.readTextFile("books.json");`,
      `  const book: Book = { title: new URL(text).host };`,
      `  console.log(new Response(book.title).status);`,
      `}`,
      extra,
    ].join("\n"),
  );
  return root;
}
