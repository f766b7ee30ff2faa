/**
 * Java records of model properties: one component per property, boxed and
 * `@Nullable` when optional, `@JsonProperty` when the Java name had to
 * change; an inline object among the properties' types becomes a nested
 * record named after its property.
 *
 * @module
 */

import type { ObjectTypeRef, PropertyModel } from "../../model/api_model.ts";
import { constraintAnnotations } from "./constraint_annotations.ts";
import type { DeclarationNames } from "./declaration_names.ts";
import { LineWriter } from "./line_writer.ts";
import {
  NameAllocator,
  sanitizeMemberName,
  sanitizeTypeName,
  upperFirst,
} from "./java_names.ts";
import {
  type CompilationUnit,
  type DocTag,
  javadoc,
  type JavadocParagraph,
  javadocText,
  javaString,
} from "./java_source.ts";
import {
  JSON_PROPERTY,
  type JType,
  NULLABLE,
  spell,
  toJType,
} from "./java_types.ts";

/** What one record declares. */
export interface RecordSpec {
  readonly name: string;
  readonly paragraphs: readonly JavadocParagraph[];
  readonly properties: readonly PropertyModel[];
  /** Type parameters, model name -> Java name, in order. */
  readonly typeParameters?: ReadonlyMap<string, string>;
  /** Every component nullable (dynamic entities), nested records too. */
  readonly forceNullable?: boolean;
  /** Declared in an interface, hence implicitly public: no modifier. */
  readonly inInterface?: boolean;
  /** Member lines written first in the record's body (constants). */
  readonly members?: readonly string[];
  /** Interfaces it implements (the sealed interfaces of its unions). */
  readonly implements?: readonly string[];
}

/** The file a record is written into. */
export interface RecordContext {
  readonly unit: CompilationUnit;
  readonly names: DeclarationNames;
  /** Simple names of the enclosing types, which a nested record must not take. */
  readonly enclosing?: ReadonlySet<string>;
}

/** One nested record to write for an inline object. */
export interface NestedRecord {
  readonly name: string;
  readonly object: ObjectTypeRef;
  readonly doc?: string;
}

/**
 * The nested records of one enclosing type, one per inline object met while
 * its members' types are written.
 */
export class NestedRecords {
  /** In the order they were declared. */
  readonly entries: NestedRecord[] = [];
  readonly #names: NameAllocator;

  /** @param taken Names the nested records must not take. */
  constructor(readonly unit: CompilationUnit, taken: Iterable<string>) {
    this.#names = NameAllocator.forTypes(taken);
  }

  /** Declares a record named after `hint` for `object`; returns its type. */
  declare(hint: string, object: ObjectTypeRef, doc?: string): JType {
    const name = this.#names.claim(sanitizeTypeName(hint));
    this.unit.declare(name);
    this.entries.push({ name, object, ...(doc === undefined ? {} : { doc }) });
    return { k: "local", name };
  }
}

/** Writes the record `spec`, its nested records inside it. */
export function writeRecord(
  w: LineWriter,
  spec: RecordSpec,
  context: RecordContext,
): void {
  const { unit, names } = context;
  const enclosing = context.enclosing ?? new Set<string>();
  const typeParameters = spec.typeParameters ?? new Map<string, string>();
  const nested = new NestedRecords(unit, [
    ...enclosing,
    spec.name,
    ...typeParameters.values(),
  ]);
  const componentNames = new NameAllocator();
  const tags: DocTag[] = [];
  const components = spec.properties.map((p) => {
    const java = componentNames.claim(sanitizeMemberName(p.name));
    const type = toJType(p.type, {
      names,
      typeParameters,
      inline: (object) => nested.declare(upperFirst(p.name), object, p.doc),
    });
    if (p.doc !== undefined) {
      tags.push({ tag: "param", name: java, text: p.doc });
    }
    const nullable = p.optional || spec.forceNullable === true;
    const annotations: string[] = [];
    if (java !== p.name) {
      annotations.push(
        `@${unit.ref(...JSON_PROPERTY)}(${javaString(p.name)}) `,
      );
    }
    annotations.push(constraintAnnotations(p.constraints, p.type, unit));
    if (nullable) annotations.push(`@${unit.ref(...NULLABLE)} `);
    return `${annotations.join("")}${spell(type, unit, nullable)} ${java}`;
  });
  const generics = typeParameters.size === 0
    ? ""
    : `<${[...typeParameters.values()].join(", ")}>`;
  const modifiers = spec.inInterface === true ? "" : "public ";
  w.lines(javadoc("", spec.paragraphs, tags));
  const implemented = spec.implements ?? [];
  const tail = implemented.length === 0
    ? " {"
    : ` implements ${implemented.join(", ")} {`;
  w.list(`${modifiers}record ${spec.name}${generics}`, components, tail);
  const within = new Set([...enclosing, spec.name]);
  w.indented(() => {
    for (const line of spec.members ?? []) w.line(line);
    for (const n of nested.entries) {
      w.line();
      writeRecord(w, {
        name: n.name,
        paragraphs: [
          n.doc,
          n.object.entity === undefined ? undefined : {
            raw: `A shape of <code>${javadocText(n.object.entity)}</code>.`,
          },
        ],
        properties: n.object.properties,
        forceNullable: spec.forceNullable === true,
      }, { unit, names, enclosing: within });
    }
  });
  w.line("}");
}

/** A whole file holding one top-level record. */
export function recordFile(
  spec: RecordSpec,
  unit: CompilationUnit,
  names: DeclarationNames,
  header: readonly string[],
): string {
  const w = new LineWriter();
  writeRecord(w, spec, { unit, names });
  return unit.render(header, w.text());
}
