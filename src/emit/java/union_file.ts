/**
 * A discriminated union of static types in the Java client: a sealed
 * interface that `permits` its members' records, with Jackson's
 * `@JsonTypeInfo` (the discriminator is an existing, visible property, so
 * each record keeps it as a component) and `@JsonSubTypes` (one per value).
 *
 * @module
 */

import type { ApiModel, StaticTypeModel } from "../../model/api_model.ts";
import { compilationUnit, type DeclarationNames } from "./declaration_names.ts";
import { fileHeader, javadoc, javaString } from "./java_source.ts";
import { LineWriter } from "./line_writer.ts";

const JACKSON = "com.fasterxml.jackson.annotation";

/** `<Union>.java`: the sealed interface of a static type with a union. */
export function unionFile(
  type: StaticTypeModel,
  java: string,
  names: DeclarationNames,
): string {
  const union = type.union!;
  const unit = compilationUnit(names, names.packages.statics, java);
  const info = unit.ref(JACKSON, "JsonTypeInfo");
  const subTypes = unit.ref(JACKSON, "JsonSubTypes");
  const members = union.members.map((member) => ({
    value: member.value,
    java: names.statics.get(member.name)!.java,
  }));
  const w = new LineWriter();
  w.lines(javadoc("", [type.doc]));
  w.line(
    `@${info}(use = ${info}.Id.NAME, include = ${info}.As.EXISTING_PROPERTY, ` +
      `property = ${javaString(union.discriminator)}, visible = true)`,
  );
  w.line(`@${subTypes}({`);
  w.indented(() =>
    members.forEach((member, i) =>
      w.line(
        `@${subTypes}.Type(value = ${member.java}.class, name = ${
          javaString(member.value)
        })${i < members.length - 1 ? "," : ""}`,
      )
    )
  );
  w.line("})");
  w.line(
    `public sealed interface ${java} permits ${
      members.map((m) => m.java).join(", ")
    } {`,
  );
  w.line("}");
  const from = type.source === undefined ? [] : [type.source.file];
  return unit.render(fileHeader(from), w.text());
}

/**
 * The Java names of the unions each static type is a member of, by the
 * member's model name, in model order.
 */
export function unionsOfMembers(
  model: ApiModel,
  names: DeclarationNames,
): Map<string, string[]> {
  const unions = new Map<string, string[]>();
  for (const type of model.staticTypes) {
    for (const member of type.union?.members ?? []) {
      const list = unions.get(member.name) ?? [];
      list.push(names.statics.get(type.name)!.java);
      unions.set(member.name, list);
    }
  }
  return unions;
}
