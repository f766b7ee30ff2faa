import assert from "node:assert/strict";
import { LineWriter } from "./line_writer.ts";

Deno.test("line writer: indentation, blank lines and lists", () => {
  const w = new LineWriter();
  w.line("class A {");
  w.indented(() => {
    w.list("record B", ["long x", "String y"], " {");
    w.line("}");
    w.line();
    w.list("void run", [], ";");
  });
  w.line("}");
  assert.equal(
    w.text(),
    [
      "class A {",
      "    record B(",
      "        long x,",
      "        String y",
      "    ) {",
      "    }",
      "",
      "    void run();",
      "}",
      "",
    ].join("\n"),
  );
});
