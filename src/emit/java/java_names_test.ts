import assert from "node:assert/strict";
import {
  kebabCase,
  NameAllocator,
  sanitizeIdentifier,
  sanitizeMemberName,
  sanitizeTypeName,
  upperFirst,
} from "./java_names.ts";
import { JAVA_KEYWORDS } from "../../model/java_package.ts";
import {
  CompilationUnit,
  javadoc,
  javadocText,
  javaString,
} from "./java_source.ts";

Deno.test("names: keywords get a trailing underscore", () => {
  for (
    const word of [
      "default",
      "class",
      "int",
      "enum",
      "true",
      "null",
      "goto",
      "_",
    ]
  ) {
    assert.ok(JAVA_KEYWORDS.has(word), word);
    assert.equal(sanitizeIdentifier(word), `${word}_`);
  }
  assert.equal(sanitizeIdentifier("name"), "name");
  assert.equal(sanitizeIdentifier("Default"), "Default");
});

Deno.test("names: invalid characters and leading digits", () => {
  assert.equal(sanitizeIdentifier("x-request-id"), "x_request_id");
  assert.equal(sanitizeIdentifier("a b"), "a_b");
  assert.equal(sanitizeIdentifier("1st"), "_1st");
  assert.equal(sanitizeIdentifier(""), "__");
  assert.equal(sanitizeIdentifier("$ref"), "$ref");
  assert.equal(sanitizeIdentifier("_1"), "_1");
  assert.equal(sanitizeIdentifier("\u540d\u524d"), "\u540d\u524d");
  assert.equal(sanitizeIdentifier("caf\u00e9"), "caf\u00e9");
  assert.equal(sanitizeIdentifier("a.b/c@d"), "a_b_c_d");
});

Deno.test("names: members named like Object methods, types named like restricted words", () => {
  assert.equal(sanitizeMemberName("hashCode"), "hashCode_");
  assert.equal(sanitizeMemberName("toString"), "toString_");
  assert.equal(sanitizeMemberName("getClass"), "getClass_");
  assert.equal(sanitizeMemberName("wait"), "wait_");
  assert.equal(sanitizeMemberName("record"), "record");
  assert.equal(sanitizeMemberName("default"), "default_");
  assert.equal(sanitizeTypeName("record"), "record_");
  assert.equal(sanitizeTypeName("var"), "var_");
  assert.equal(sanitizeTypeName("yield"), "yield_");
  assert.equal(sanitizeTypeName("Book"), "Book");
  assert.equal(sanitizeTypeName("Weird-Service"), "Weird_Service");
});

Deno.test("names: case helpers", () => {
  assert.equal(upperFirst("childNodes"), "ChildNodes");
  assert.equal(kebabCase("BookService"), "book-service");
  assert.equal(kebabCase("HTTPBookService"), "http-book-service");
  assert.equal(kebabCase("Weird_Service$2"), "weird-service-2");
  assert.equal(kebabCase("___"), "x");
});

Deno.test("names: the allocator hands out distinct names deterministically", () => {
  const names = new NameAllocator(["Outer"]);
  assert.equal(names.claim("Outer"), "Outer_2");
  assert.equal(names.claim("Store"), "Store");
  assert.equal(names.claim("Store"), "Store_2");
  assert.equal(names.claim("Store_2"), "Store_2_2");
  assert.ok(names.has("Store"));
  assert.ok(!names.has("Authors"));
  assert.equal(names.claim("store"), "store");
  const types = NameAllocator.forTypes(["BookDto"]);
  assert.equal(types.claim("bookDto"), "bookDto_2");
  assert.equal(types.claim("Page"), "Page");
  assert.equal(types.claim("page"), "page_2");
});

Deno.test("source: string literals", () => {
  assert.equal(javaString("plain"), '"plain"');
  assert.equal(javaString('a"b\\c'), '"a\\"b\\\\c"');
  assert.equal(javaString("\n\r\t\b\f"), '"\\n\\r\\t\\b\\f"');
  assert.equal(javaString("\u0001\u007f"), '"\\001\\177"');
  assert.equal(javaString("\\u000a"), '"\\\\u000a"');
  assert.equal(javaString("\u20ac"), '"\u20ac"');
  assert.equal(javaString("${x.url}"), '"${x.url}"');
});

Deno.test("source: Javadoc text escapes", () => {
  assert.equal(
    javadocText("a */ b <i> & @x \\u0041"),
    "a *&#47; b &lt;i&gt; &amp; &#64;x &#92;u0041",
  );
  assert.equal(
    javadocText("use `a < b` here"),
    "use <code>a &lt; b</code> here",
  );
  assert.deepEqual(javadoc("  ", [undefined, " "]), []);
  assert.deepEqual(
    javadoc("", ["First.\n\nSecond\nline.", { raw: "<b>raw</b>" }], [
      { tag: "param", name: "x", text: "The x.\nMore." },
      { tag: "param", name: "y", text: "  " },
    ]),
    [
      "/**",
      " * First.",
      " *",
      " * <p>Second",
      " * line.",
      " *",
      " * <p><b>raw</b>",
      " *",
      " * @param x The x.",
      " *     More.",
      " */",
    ],
  );
});

Deno.test("source: imports, same-package and shadowed names", () => {
  const unit = new CompilationUnit(
    "a.dto",
    "BookDto",
    new Set(["BookDto", "Other", "Long"]),
  );
  unit.declare("Page");
  const body = [
    unit.ref("a.dto", "BookDto"),
    unit.ref("a.dto", "Other"),
    unit.ref("a.statics", "Page"),
    unit.ref("java.util", "List"),
    unit.ref("a.statics", "List"),
    unit.ref("java.lang", "String"),
    unit.ref("a.enums", "String"),
    unit.ref("java.lang", "Long"),
    unit.ref("java.util", "List"),
  ].join(" ");
  assert.equal(
    unit.render(["// h", ""], `${body}\n`),
    [
      "// h",
      "",
      "package a.dto;",
      "",
      "import a.statics.List;",
      "",
      "BookDto Other a.statics.Page java.util.List List String a.enums.String java.lang.Long java.util.List",
      "",
    ].join("\n"),
  );
});
