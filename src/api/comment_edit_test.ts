import assert from "node:assert/strict";
import { codeOf, sameCode } from "./comment_edit.ts";

const SERVICE = `/** Books. */
export class BookService {
  /**
   * Lists books.
   * @param page From 0.
   */
  async list(page: number): Promise<Book[]> { // one page
    const path = \`/books?page=\${page}&q=\${\`nested \${"}"}\`}\`;
    return await this.run("GET", path, { note: "a // b /* c */" });
  }
}
`;

Deno.test("same code: an edit of comments only, or of spaces between tokens", () => {
  const edited = SERVICE
    .replace("Lists books.", "Lists books, a page at a time.\n   * Sorted.")
    .replace("// one page", "// one page of twenty")
    .replace("/** Books. */", "/**\n * The books.\n */");
  assert.ok(sameCode(SERVICE, edited));
  assert.ok(
    sameCode(SERVICE, SERVICE.replace("page: number", "page:  number")),
  );
});

Deno.test("not the same code: code, strings and templates, line breaks, checker comments", () => {
  for (
    const [from, to] of [
      ["page: number", "page: string"],
      ['"a // b /* c */"', '"a // b /* d */"'],
      ["&q=", "&query="],
      ['\${"}"}', '\${"{"}'],
      ["async list(", "async\nlist("],
      ["// one page", "// @ts-ignore"],
    ] as const
  ) {
    assert.ok(SERVICE.includes(from), from);
    assert.ok(
      !sameCode(SERVICE, SERVICE.replace(from, to)),
      `${from} -> ${to}`,
    );
  }
});

Deno.test("the scan gives up where a parser is needed: a division, a regular expression, an open string", () => {
  assert.equal(codeOf("const a = b / c;"), undefined);
  assert.equal(codeOf("const a = /x/.test(b);"), undefined);
  assert.equal(codeOf('const a = "open;'), undefined);
  assert.equal(codeOf("const a = `open ${b"), undefined);
  assert.equal(codeOf("/* open"), undefined);
  assert.ok(!sameCode("const a = b / c; // x", "const a = b / c; // y"));
  assert.equal(codeOf("a /* x */ b // y\nc"), "a b\nc");
});
