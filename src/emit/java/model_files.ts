/**
 * The model files of the Java client: one `final class <Entity>Dto` per
 * entity holding a record per shape, a `Dynamic_<Entity>` record per entity
 * returned without a fetcher, a (generic) record per static type and an
 * `enum` per enum. Each function returns the text of one file.
 *
 * @module
 */

import type {
  DynamicEntityModel,
  EntityDtoModel,
  EnumModel,
  FetchedShapeModel,
  StaticTypeModel,
} from "../../model/api_model.ts";
import { compilationUnit, type DeclarationNames } from "./declaration_names.ts";
import { LineWriter } from "./line_writer.ts";
import {
  NameAllocator,
  sanitizeIdentifier,
  sanitizeTypeName,
} from "./java_names.ts";
import { fileHeader, javadoc, javadocText, javaString } from "./java_source.ts";
import { JSON_PROPERTY } from "./java_types.ts";
import { recordFile, writeRecord } from "./records.ts";

/** `<Entity>Dto.java`: a holder class with one record per shape. */
export function dtoFile(
  dto: EntityDtoModel,
  java: string,
  names: DeclarationNames,
): string {
  const unit = compilationUnit(names, names.packages.dto, java);
  for (const shape of dto.shapes) {
    unit.declare(names.shapes.get(shape.key)!.record);
  }
  const w = new LineWriter();
  w.lines(javadoc("", [
    dto.doc,
    {
      raw: `Shapes of <code>${
        javadocText(dto.entity)
      }</code>: one record per (owner, fetcher) pair.`,
    },
  ]));
  w.line(`public final class ${java} {`);
  w.indented(() => {
    w.line();
    w.line(`private ${java}() {`);
    w.line("}");
    for (const shape of dto.shapes) {
      w.line();
      writeRecord(w, {
        name: names.shapes.get(shape.key)!.record,
        paragraphs: [shape.doc, { raw: shapeDescription(shape) }],
        properties: shape.type.properties,
      }, { unit, names, enclosing: new Set([java]) });
    }
  });
  w.line("}");
  return unit.render(
    fileHeader(dto.shapes.map((s) => s.source.file)),
    w.text(),
  );
}

function shapeDescription(shape: FetchedShapeModel): string {
  const constant = `<code>${
    javadocText(`${shape.owner}.${shape.fetcher}`)
  }</code>`;
  return shape.path === undefined
    ? `The shape of the fetcher ${constant}.`
    : `The recursive part <code>${
      javadocText(shape.path)
    }</code> of the fetcher ${constant}.`;
}

/** `Dynamic_<Entity>.java`: every component nullable. */
export function dynamicFile(
  entity: DynamicEntityModel,
  java: string,
  names: DeclarationNames,
): string {
  return recordFile(
    {
      name: java,
      paragraphs: [
        entity.doc,
        {
          raw: `The entity <code>${
            javadocText(entity.entity)
          }</code> returned without a fetcher: any property may be absent.`,
        },
      ],
      properties: entity.properties,
      forceNullable: true,
    },
    compilationUnit(names, names.packages.dynamic, java),
    names,
    fileHeader([]),
  );
}

/**
 * A static type's file: a record, generic over its type parameters, that
 * implements the sealed interfaces of the unions it is a member of
 * (`unions`).
 */
export function staticFile(
  type: StaticTypeModel,
  java: string,
  names: DeclarationNames,
  unions: readonly string[] = [],
): string {
  const unit = compilationUnit(names, names.packages.statics, java);
  const params = new NameAllocator([java]);
  const typeParameters = new Map<string, string>();
  for (const p of type.typeParameters) {
    const name = params.claim(sanitizeTypeName(p));
    typeParameters.set(p, name);
    unit.declare(name);
  }
  const from = type.source === undefined
    ? `the runtime type ${type.name}`
    : [type.source.file];
  return recordFile(
    {
      name: java,
      typeParameters,
      paragraphs: [type.doc],
      properties: type.properties,
      implements: unions,
    },
    unit,
    names,
    fileHeader(from),
  );
}

/** An enum's file: constants named by their values. */
export function enumFile(
  e: EnumModel,
  java: string,
  names: DeclarationNames,
): string {
  const unit = compilationUnit(names, names.packages.enums, java);
  const constants = new NameAllocator();
  const w = new LineWriter();
  w.lines(javadoc("", [e.doc]));
  w.line(`public enum ${java} {`);
  w.indented(() =>
    e.values.forEach((v, i) => {
      const name = constants.claim(sanitizeIdentifier(v.value));
      const annotation = name === v.value
        ? ""
        : `@${unit.ref(...JSON_PROPERTY)}(${javaString(v.value)}) `;
      const end = i < e.values.length - 1 ? "," : "";
      w.lines(javadoc("", [v.doc]));
      w.line(`${annotation}${name}${end}`);
    })
  );
  w.line("}");
  return unit.render(fileHeader([]), w.text());
}
