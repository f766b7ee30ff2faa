/**
 * Building blocks of the TypeScript emitter: file locations of generated
 * declarations, import collection, TypeRef rendering and doc comments.
 *
 * Text is produced already laid out the way `deno fmt` keeps it (object types
 * on several lines, two-space indentation); wrapping of long lines is left to
 * the formatter that runs over every file at the end.
 *
 * @module
 */

import type {
  Constraints,
  PropertyModel,
  StaticTypeModel,
  TypeRef,
} from "../../model/api_model.ts";
import { type ImportExtension, withExtension } from "./import_extension.ts";
import { fittedType, INDENT } from "./layout.ts";

export { INDENT } from "./layout.ts";

/** Root-relative path of the file declaring the DTO type of `entity`. */
export function dtoFile(entity: string): string {
  return `model/dto/${dtoName(entity)}.ts`;
}

/** Name of the DTO type of `entity`. */
export function dtoName(entity: string): string {
  return `${entity}Dto`;
}

/** Name of the constant list of enum `name`: `Gender_CONSTANTS`. */
export function constantsName(name: string): string {
  return `${name}_CONSTANTS`;
}

/** Name of the dynamic type of `entity`. */
export function dynamicName(entity: string): string {
  return `Dynamic_${entity}`;
}

/** Root-relative path of the file declaring the dynamic type of `entity`. */
export function dynamicFile(entity: string): string {
  return `model/dynamic/${dynamicName(entity)}.ts`;
}

/** Root-relative path of the file declaring enum `name`. */
export function enumFile(name: string): string {
  return `model/enums/${name}.ts`;
}

/** Root-relative path of the file declaring static type `name`. */
export function staticFile(name: string): string {
  return `model/static/${name}.ts`;
}

/** Root-relative path of the file declaring embeddable type `name`. */
export function embeddableFile(name: string): string {
  return `model/embeddable/${name}.ts`;
}

/** Root-relative path of the multipart helpers (clients with uploads only). */
export const MULTIPART_FILE = "Multipart.ts";

/** The client's type of an uploaded file (`File` or `Blob`, without DOM types). */
export const UPLOAD_FILE = "UploadFile";

/** Root-relative path of the file declaring service `name`. */
export function serviceFile(name: string): string {
  return `services/${name}.ts`;
}

/** Relative import specifier from root-relative file `from` to `to`. */
export function relativeSpecifier(from: string, to: string): string {
  const fromDir = from.split("/").slice(0, -1);
  const target = to.split("/");
  let common = 0;
  while (
    common < fromDir.length && common < target.length - 1 &&
    fromDir[common] === target[common]
  ) {
    common++;
  }
  const up = fromDir.length - common;
  const rest = target.slice(common).join("/");
  return up === 0 ? `./${rest}` : `${"../".repeat(up)}${rest}`;
}

/** Case-insensitive order, as `deno fmt` sorts named imports; ties by code. */
export function compareNames(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Plain code-unit order, independent of the locale. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The imports of one generated file. Names are imported from the file that
 * declares them; a name is a type-only import unless it is used as a value.
 */
export class Imports {
  readonly #file: string;
  readonly #extension: ImportExtension;
  readonly #byFile = new Map<string, Map<string, boolean>>();

  /**
   * @param file Root-relative path of the importing file.
   * @param extension How the specifiers end.
   */
  constructor(file: string, extension: ImportExtension) {
    this.#file = file;
    this.#extension = extension;
  }

  /** Imports `name` from root-relative `from`; `value` when used at run time. */
  add(name: string, from: string, value = false): void {
    if (from === this.#file) return;
    let names = this.#byFile.get(from);
    if (names === undefined) {
      names = new Map();
      this.#byFile.set(from, names);
    }
    names.set(name, (names.get(name) ?? false) || value);
  }

  /** The import declarations, one per file, sorted by specifier. */
  render(): string[] {
    const lines: string[] = [];
    const files = [...this.#byFile.keys()].map((file) => ({
      file,
      specifier: withExtension(
        relativeSpecifier(this.#file, file),
        this.#extension,
      ),
    })).sort((a, b) => compareCodeUnits(a.specifier, b.specifier));
    for (const { file, specifier } of files) {
      const names = this.#byFile.get(file)!;
      const sorted = [...names.keys()].sort(compareNames);
      const allTypes = sorted.every((name) => !names.get(name));
      const list = sorted.map((name) =>
        allTypes || names.get(name) ? name : `type ${name}`
      );
      const head = `import ${allTypes ? "type " : ""}{`;
      const from = `} from ${JSON.stringify(specifier)};`;
      const line = `${head} ${list.join(", ")} ${from}`;
      // As \`deno fmt\` breaks an import that overflows: a name a line.
      lines.push(
        line.length <= 80
          ? line
          : [head, ...list.map((name) => `${INDENT}${name},`), from].join("\n"),
      );
    }
    return lines;
  }
}

/** Where the static types of the model are, to tell builtins apart. */
export type StaticTypes = ReadonlyMap<string, StaticTypeModel>;

/** How a {@link TypeRenderer} writes the types of one file. */
export interface TypeStyle {
  /**
   * Whether optional output properties are written `name: T | null`
   * (`orm.client.ts.null-render-mode: null`).
   */
  readonly nulls?: boolean;
  /**
   * Whether data types are written without `readonly`, arrays as `Array`
   * (`orm.client.ts.mutable: true`).
   */
  readonly mutable?: boolean;
  /**
   * Names of the static types that are embeddables, declared in
   * `model/embeddable/` rather than `model/static/`.
   */
  readonly embeddables?: readonly string[];
}

/** Renders type references of one file, recording what it must import. */
export class TypeRenderer {
  /** Whether optional output properties are written `name: T | null`. */
  readonly nulls: boolean;
  /**
   * The modifier of every property of a data type: `readonly ` (default),
   * or nothing in a mutable client.
   */
  readonly readonly: string;
  /** Static types declared in `model/embeddable/`. */
  readonly #embeddables: ReadonlySet<string>;

  /**
   * @param imports What the file imports.
   * @param style How the types are written; default: `readonly`, `?: T`.
   */
  constructor(readonly imports: Imports, style: TypeStyle = {}) {
    this.nulls = style.nulls ?? false;
    this.readonly = style.mutable === true ? "" : "readonly ";
    this.#embeddables = new Set(style.embeddables);
  }

  /**
   * The type of an object without properties. `{}` would admit any value
   * (and `deno lint` bans it); this admits objects only, with no property set.
   */
  get noProperties(): string {
    return `{ ${this.readonly}[key: string]: never }`;
  }

  /**
   * The TypeScript text of `type`. Inline object types span several lines;
   * `indent` is the indentation of the line the text starts on.
   */
  render(type: TypeRef, indent: string): string {
    switch (type.kind) {
      case "primitive":
        return type.name === "integer" ? "number" : type.name;
      case "void":
        return "void";
      case "file":
        this.imports.add(UPLOAD_FILE, MULTIPART_FILE);
        return UPLOAD_FILE;
      case "enum":
        this.imports.add(type.name, enumFile(type.name));
        return type.name;
      case "array":
        return `${this.readonly === "" ? "Array" : "ReadonlyArray"}<${
          this.render(type.element, indent)
        }>`;
      case "map":
        return `{ ${this.readonly}[key: string]: ${
          this.render(type.value, indent)
        } }`;
      case "fetched": {
        const name = dtoName(type.entity);
        this.imports.add(name, dtoFile(type.entity));
        return `${name}[${JSON.stringify(type.key)}]`;
      }
      case "dynamic": {
        const name = dynamicName(type.entity);
        this.imports.add(name, dynamicFile(type.entity));
        return name;
      }
      case "static": {
        this.imports.add(
          type.name,
          this.#embeddables.has(type.name)
            ? embeddableFile(type.name)
            : staticFile(type.name),
        );
        if (type.args.length === 0) return type.name;
        const args = type.args.map((arg) => this.render(arg, indent));
        return `${type.name}<${args.join(", ")}>`;
      }
      case "typeParameter":
        return type.name;
      case "object":
        return this.objectType(type.properties, indent);
    }
  }

  /** An object type literal with one property a line. */
  objectType(properties: readonly PropertyModel[], indent: string): string {
    if (properties.length === 0) return this.noProperties;
    const inner = indent + INDENT;
    const lines = ["{"];
    for (const property of properties) {
      lines.push(...this.propertyLines(property, inner));
    }
    lines.push(`${indent}}`);
    return lines.join("\n");
  }

  /**
   * A property signature with its doc comment, `readonly` unless mutable. On the `input`
   * side an optional property admits `undefined` too (`?: T | undefined`),
   * so that callers under `exactOptionalPropertyTypes` can pass a maybe
   * value; outputs keep `?: T` (the server leaves nulls out), or are
   * `name: T | null` when the renderer writes {@link TypeRenderer.nulls}.
   * `literal`: the only value of a union member's discriminator, written
   * as its string literal type instead of the property's type.
   */
  propertyLines(
    property: PropertyModel,
    indent: string,
    input = false,
    literal?: string,
  ): string[] {
    const nulls = property.optional && !input && this.nulls;
    const mark = property.optional && !nulls ? "?" : "";
    const orAbsent = !property.optional
      ? ""
      : input
      ? " | undefined"
      : nulls
      ? " | null"
      : "";
    const head = `${indent}${this.readonly}${
      propertyKey(property.name)
    }${mark}: `;
    const type = literal === undefined
      ? this.render(property.type, indent)
      : JSON.stringify(literal);
    return [
      ...docLines(
        joinDocs(property.doc, constraintTags(property.constraints)),
        indent,
      ),
      ...fittedType(head, type + orAbsent, ";", indent),
    ];
  }
}

/** A property name, quoted when it is not an identifier. */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

/** A JSDoc comment of `doc` (none when absent or blank), at `indent`. */
export function docLines(doc: string | undefined, indent: string): string[] {
  if (doc === undefined) return [];
  const text = doc.replaceAll("*/", "*\\/").replaceAll("\r\n", "\n").split(
    "\n",
  ).map((line) => line.trimEnd());
  while (text.length > 0 && text[0] === "") text.shift();
  while (text.length > 0 && text[text.length - 1] === "") text.pop();
  if (text.length === 0) return [];
  if (text.length === 1) return [`${indent}/** ${text[0]} */`];
  return [
    `${indent}/**`,
    ...text.map((line) => line === "" ? `${indent} *` : `${indent} * ${line}`),
    `${indent} */`,
  ];
}

/**
 * The JSDoc tags of `constraints`, one a line in the model's order
 * (`@minimum 1`, `@maxLength 200`), as typia's comment tags spell them;
 * undefined when there are none.
 */
export function constraintTags(
  constraints: Constraints | undefined,
): string | undefined {
  const lines = Object.entries(constraints ?? {}).map(([key, value]) =>
    `@${key} ${value}`
  );
  return lines.length === 0 ? undefined : lines.join("\n");
}

/** Joins doc paragraphs that are present with a blank line. */
export function joinDocs(...parts: (string | undefined)[]): string | undefined {
  const present = parts.filter((part): part is string =>
    part !== undefined && part.trim() !== ""
  );
  return present.length === 0 ? undefined : present.join("\n\n");
}

/** The first letter of `name` in lower case: `BookService` -> `bookService`. */
export function lowerFirst(name: string): string {
  return name.slice(0, 1).toLowerCase() + name.slice(1);
}

/** The imports, a blank line, then `lines`. */
export function withImports(imports: Imports, lines: string[]): string {
  const head = imports.render();
  return [...head, ...(head.length > 0 ? [""] : []), ...lines].join("\n") +
    "\n";
}
