import assert from "node:assert/strict";
import { isJavaIdentifierText, javaPackageProblem } from "./java_package.ts";

Deno.test("names: Java identifiers", () => {
  assert.ok(isJavaIdentifierText("_x1"));
  assert.ok(!isJavaIdentifierText("1x"));
  assert.ok(!isJavaIdentifierText("a-b"));
});

Deno.test("names: package validation", () => {
  assert.equal(javaPackageProblem("com.example.client"), undefined);
  assert.equal(javaPackageProblem("Org.Ex_1.$api"), undefined);
  assert.match(
    javaPackageProblem("com.example.int")!,
    /"int" is a Java keyword \(use for example "int_"/,
  );
  assert.match(
    javaPackageProblem("com.example.true")!,
    /"true" is a Java keyword/,
  );
  assert.match(javaPackageProblem("com._.x")!, /"_" is a Java keyword/);
  assert.match(javaPackageProblem("com.1x")!, /"1x" is not a Java identifier/);
  assert.match(javaPackageProblem(".com")!, /empty segment/);
  assert.match(javaPackageProblem("")!, /must not be empty/);
});
