/**
 * A discriminated union in the Java client: the sealed interface with
 * Jackson's annotations, and the member records that implement it.
 */
import assert from "node:assert/strict";
import { unionModel } from "../testdata/union_model.ts";
import { DEFAULT_JAVA_BASE_PACKAGE, emitJava } from "./emit_java.ts";

const files = emitJava(unionModel, { basePackage: DEFAULT_JAVA_BASE_PACKAGE });

function file(name: string): string {
  const found = [...files].find(([path]) => path.endsWith(`/${name}.java`));
  if (found === undefined) assert.fail(`no ${name}.java`);
  return found[1];
}

Deno.test("java unions: a sealed interface read by its discriminator", () => {
  const shape = file("Shape");
  assert.match(
    shape,
    /@JsonTypeInfo\(use = JsonTypeInfo\.Id\.NAME, include = JsonTypeInfo\.As\.EXISTING_PROPERTY, property = "kind", visible = true\)\n@JsonSubTypes\(\{\n {4}@JsonSubTypes\.Type\(value = Circle\.class, name = "circle"\),\n {4}@JsonSubTypes\.Type\(value = Square\.class, name = "square"\)\n\}\)\npublic sealed interface Shape permits Circle, Square \{\n\}\n$/,
  );
  assert.match(
    shape,
    /^import com\.fasterxml\.jackson\.annotation\.JsonSubTypes;$/m,
  );
});

Deno.test("java unions: members implement their union and keep the discriminator", () => {
  assert.match(file("Circle"), /^\) implements Shape \{$/m);
  assert.match(file("Circle"), /^ {4}String kind,$/m);
  assert.match(file("Drawing"), /^\) \{$/m);
});
