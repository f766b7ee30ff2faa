/**
 * How the TypeScript client writes enums (`orm.client.ts.enum-style`):
 * `union` (default) a constant list plus a union type; `enum-like` a frozen
 * object `Gender.MALE` plus the same union type and list. Both are erasable
 * syntax (no TypeScript `enum`). Their index re-exports them and declares
 * `ALL_ENUM_CONSTANTS`, every list by enum name, as Jimmer does. Pure.
 *
 * @module
 */

import type { EnumModel } from "../../model/api_model.ts";
import { constantsName, docLines, propertyKey } from "./render.ts";
import { exportLine } from "./layout.ts";
import { type ImportExtension, withExtension } from "./import_extension.ts";

/** The enum styles. */
export const ENUM_STYLES = ["union", "enum-like"] as const;

/** One of {@link ENUM_STYLES}. */
export type EnumStyle = typeof ENUM_STYLES[number];

const INDENT = "  ";
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The body of `model/enums/<Name>.ts` (without the header). */
export function enumText(
  item: EnumModel,
  constants: string,
  style: EnumStyle,
): string {
  const lines = [...docLines(item.doc, "")];
  const documented = item.values.some((value) => value.doc !== undefined);
  if (style === "enum-like") {
    // As deno fmt lays it out, so that the formatter can skip the file.
    lines.push(`export const ${item.name} = Object.freeze(`, `${INDENT}{`);
    for (const value of item.values) {
      lines.push(...docLines(value.doc, INDENT + INDENT));
      const key = IDENTIFIER.test(value.value)
        ? value.value
        : JSON.stringify(value.value);
      lines.push(`${INDENT}${INDENT}${key}: ${JSON.stringify(value.value)},`);
    }
    lines.push(`${INDENT}} as const,`, ");", "");
    lines.push(...docLines(item.doc, ""));
    lines.push(
      item.values.length === 0
        ? `export type ${item.name} = never;`
        : `export type ${item.name} = typeof ${item.name}[keyof typeof ${item.name}];`,
      "",
      `/** Every value of {@link ${item.name}}, in declaration order. */`,
      `export const ${constants}: readonly ${item.name}[] = Object.freeze(`,
      `${INDENT}Object.values(${item.name}),`,
      ");",
    );
    return lines.join("\n") + "\n";
  }
  if (documented) {
    lines.push(`export const ${constants} = [`);
    for (const value of item.values) {
      lines.push(...docLines(value.doc, INDENT));
      lines.push(`${INDENT}${JSON.stringify(value.value)},`);
    }
    lines.push("] as const;");
  } else {
    const values = item.values.map((value) => JSON.stringify(value.value));
    lines.push(`export const ${constants} = [${values.join(", ")}] as const;`);
  }
  lines.push("");
  lines.push(...docLines(item.doc, ""));
  lines.push(
    item.values.length === 0
      ? `export type ${item.name} = never;`
      : `export type ${item.name} = typeof ${constants}[number];`,
  );
  return lines.join("\n") + "\n";
}

/** Name of the constant lists of every enum, by enum name (Jimmer's). */
export const ALL_ENUM_CONSTANTS = "ALL_ENUM_CONSTANTS";

/**
 * `model/enums/index.ts` of `enums` (at least one): each enum and its
 * constant list re-exported, then {@link ALL_ENUM_CONSTANTS}.
 */
export function enumsIndexText(
  enums: readonly EnumModel[],
  style: EnumStyle,
  extension: ImportExtension,
): string {
  const from = (item: EnumModel) =>
    JSON.stringify(withExtension(`./${item.name}.ts`, extension));
  const lines = enums.map((item) =>
    `import { ${constantsName(item.name)} } from ${from(item)};\n`
  );
  lines.push("\n");
  lines.push(...enums.map((item) => enumExport(item, style, from(item))));
  lines.push(
    "\n/** The constants of every enum, by enum name. */\n",
    `export const ${ALL_ENUM_CONSTANTS} = {\n`,
    ...enums.map((item) =>
      `${INDENT}${propertyKey(item.name)}: ${constantsName(item.name)},\n`
    ),
    "} as const;\n",
  );
  return lines.join("");
}

/** The line of `model/enums/index.ts` re-exporting one enum. */
function enumExport(
  item: EnumModel,
  style: EnumStyle,
  from: string,
): string {
  const name = style === "enum-like" ? item.name : `type ${item.name}`;
  return exportLine([name, constantsName(item.name)], from);
}
