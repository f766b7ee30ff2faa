/**
 * The files of the model's data types: `model/dto/<Entity>Dto.ts` (the
 * fetched shapes of an entity), `model/static/<Type>.ts`,
 * `model/embeddable/<Type>.ts` and
 * `model/dynamic/Dynamic_<Entity>.ts`, each without its header line.
 *
 * @module
 */

import type {
  DynamicEntityModel,
  EntityDtoModel,
  StaticTypeModel,
  UnionModel,
} from "../../model/api_model.ts";
import { unionMembers } from "../../model/unions.ts";
import type { ImportExtension } from "./import_extension.ts";
import { fittedType } from "./layout.ts";
import {
  docLines,
  dtoFile,
  dtoName,
  dynamicFile,
  dynamicName,
  embeddableFile,
  Imports,
  INDENT,
  staticFile,
  TypeRenderer,
  type TypeStyle,
  withImports,
} from "./render.ts";

/** `model/dto/<Entity>Dto.ts`: one property per fetched shape. */
export function dtoText(
  dto: EntityDtoModel,
  extension: ImportExtension,
  style: TypeStyle,
): string {
  const imports = new Imports(dtoFile(dto.entity), extension);
  const types = new TypeRenderer(imports, style);
  const lines = [...docLines(dto.doc, "")];
  lines.push(`export type ${dtoName(dto.entity)} = {`);
  for (const shape of dto.shapes) {
    lines.push(...docLines(shape.doc, INDENT));
    lines.push(
      `${INDENT}${types.readonly}${JSON.stringify(shape.key)}: ${
        types.objectType(shape.type.properties, INDENT)
      };`,
    );
  }
  lines.push("};");
  return withImports(imports, lines);
}

/**
 * `model/static/<Type>.ts` (`model/embeddable/<Type>.ts` for an
 * embeddable); `input` when a client sends the type (its optional
 * properties admit `undefined`).
 */
export function staticText(
  type: StaticTypeModel,
  extension: ImportExtension,
  input: boolean,
  style: TypeStyle,
): string {
  const file = type.origin === "embeddable"
    ? embeddableFile(type.name)
    : staticFile(type.name);
  const imports = new Imports(file, extension);
  const types = new TypeRenderer(imports, style);
  const parameters = type.typeParameters.length === 0
    ? ""
    : `<${type.typeParameters.join(", ")}>`;
  const lines = [...docLines(type.doc, "")];
  lines.push(
    ...(type.union === undefined
      ? interfaceLines(`${type.name}${parameters}`, type, types, input)
      : unionLines(type.name, type.union, types)),
  );
  return withImports(imports, lines);
}

/** A discriminated union: `export type Promotion = PercentOff | FixedOff;`. */
function unionLines(
  name: string,
  union: UnionModel,
  types: TypeRenderer,
): string[] {
  const members = unionMembers({ union }).map((member) =>
    types.render(member, "")
  );
  return fittedType(`export type ${name} = `, members.join(" | "), ";", "");
}

/** `model/dynamic/Dynamic_<Entity>.ts`; `input` as for {@link staticText}. */
export function dynamicText(
  entity: DynamicEntityModel,
  extension: ImportExtension,
  input: boolean,
  style: TypeStyle,
): string {
  const imports = new Imports(dynamicFile(entity.entity), extension);
  const types = new TypeRenderer(imports, style);
  const lines = [...docLines(entity.doc, "")];
  lines.push(
    ...interfaceLines(dynamicName(entity.entity), entity, types, input),
  );
  return withImports(imports, lines);
}

/**
 * An interface of `properties`, or a type without any when there are none;
 * a union member's discriminator is its string literal.
 */
function interfaceLines(
  name: string,
  type: StaticTypeModel | DynamicEntityModel,
  types: TypeRenderer,
  input: boolean,
): string[] {
  const { properties } = type;
  const discriminator = "discriminator" in type
    ? type.discriminator
    : undefined;
  if (properties.length === 0) {
    return [`export type ${name} = ${types.noProperties};`];
  }
  return [
    `export interface ${name} {`,
    ...properties.flatMap((property) =>
      types.propertyLines(
        property,
        INDENT,
        input,
        discriminator?.property === property.name
          ? discriminator.value
          : undefined,
      )
    ),
    "}",
  ];
}
