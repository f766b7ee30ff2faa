/**
 * The types of `fetchers.ts`: per entity and embeddable, the fetcher
 * interface (one method per property, each returning the fetcher of the
 * shape with that property) and its token, and the `<Entity>ScalarKey`
 * types `orderBy` takes. Every shape is written as the DTO of the same
 * fetcher is: `readonly` (unless mutable), optional or `| null` per null
 * mode, enums and embeddables inline.
 *
 * @module
 */

import type {
  ApiModel,
  DynamicEntityModel,
  StaticTypeModel,
  TypeRef,
} from "../../model/api_model.ts";
import { propertyKey } from "./render.ts";

/** How the shapes are written: null mode and `readonly`. */
export interface FetchersStyle {
  /** Optional properties written `name: T | null`. */
  readonly nulls: boolean;
  /** Data types without `readonly`, arrays as `Array`. */
  readonly mutable: boolean;
}

/** Writes the types of each entity's and embeddable's fetchers. */
export class FetcherTypes {
  readonly ro: string;
  readonly #list: string;
  readonly #nulls: boolean;
  readonly #enums: ReadonlyMap<string, readonly string[]>;
  readonly #embeddables: ReadonlyMap<string, StaticTypeModel>;
  readonly #ids: ReadonlyMap<string, TypeRef>;

  constructor(model: ApiModel, style: FetchersStyle) {
    this.ro = style.mutable ? "" : "readonly ";
    this.#list = style.mutable ? "Array" : "ReadonlyArray";
    this.#nulls = style.nulls;
    this.#enums = new Map(
      model.enums.map((e) => [e.name, e.values.map((v) => v.value)]),
    );
    this.#ids = new Map(
      model.dynamicEntities.flatMap((entity) =>
        entity.properties.filter((p) => p.name === "id").map((p) =>
          [entity.entity, p.type] as const
        )
      ),
    );
    this.#embeddables = new Map(
      model.staticTypes.filter((type) => type.origin === "embeddable").map((
        type,
      ) => [type.name, type]),
    );
  }

  /** `{ readonly name: V }`, or its optional form. */
  #entry(name: string, value: string, optional: boolean): string {
    const key = propertyKey(name);
    if (!optional) return `{ ${this.ro}${key}: ${value} }`;
    return this.#nulls
      ? `{ ${this.ro}${key}: ${value} | null }`
      : `{ ${this.ro}${key}?: ${value} }`;
  }

  /** The TypeScript text of a scalar value type, enums and embeddables inline. */
  #value(type: TypeRef): string {
    switch (type.kind) {
      case "primitive":
        return type.name === "integer" ? "number" : type.name;
      case "enum":
        return (this.#enums.get(type.name) ?? []).map((v) => JSON.stringify(v))
          .join(" | ") || "never";
      case "array":
        return `${this.#list}<${this.#value(type.element)}>`;
      case "map":
        return `{ ${this.ro}[key: string]: ${this.#value(type.value)} }`;
      case "static": {
        const embeddable = this.#embeddables.get(type.name);
        return embeddable === undefined ? "never" : this.#whole(embeddable);
      }
      default:
        return "never";
    }
  }

  /** The shape of an embeddable selected whole. */
  #whole(type: StaticTypeModel): string {
    const fields = type.properties.map((field) => {
      const entry = this.#entry(
        field.name,
        this.#value(field.type),
        field.optional,
      );
      return entry.slice(2, -2);
    });
    return `{ ${fields.join("; ")} }`;
  }

  /** The shape of an entity's id alone: \`{ readonly id: number }\`. */
  #idShape(entity: string): string {
    const id = this.#ids.get(entity);
    return `{ ${this.ro}id: ${id === undefined ? "never" : this.#value(id)} }`;
  }

  /** The fetcher interface and token of an entity. */
  entityText(entity: DynamicEntityModel): string {
    const name = entity.entity;
    const fetcherType = `${name}Fetcher`;
    const nullable = new Set(entity.nullable ?? []);
    const scalars = (entity.properties ?? []).filter((p) =>
      p.name !== "id" && !isAssociation(p.type) && p.type.kind !== "static" &&
      !entity.computed?.includes(p.name)
    );
    const idShape = this.#idShape(name);
    const next = (shape: string) => `${fetcherType}<${shape}>`;
    const lines = [
      `/** A fetcher of ${name} loading the shape \`S\`. */`,
      `export interface ${fetcherType}<S = ${idShape}> `,
      "{",
      `  /** Name of the entity or embeddable it selects. */`,
      `  readonly entityName: ${JSON.stringify(name)};`,
      "  /** Phantom: the shape it loads. Never present at run time. */",
      "  readonly [shapeOf]?: S;",
      "  /** The canonical text: {@link fetcherText}. */",
      "  toString(): string;",
      "  /** Selects every scalar property except computed ones. */",
      `  allScalarFields(): ${
        next(
          scalars.length === 0
            ? "S"
            : `With<S, ${
              scalars.map((p) => JSON.stringify(p.name)).join(" | ")
            }, ${
              scalars.map((p) =>
                this.#entry(p.name, this.#value(p.type), nullable.has(p.name))
              ).join(" & ")
            }>`,
        )
      };`,
    ];
    for (const property of entity.properties) {
      const key = JSON.stringify(property.name);
      const doc = docLines(property.doc);
      const optional = nullable.has(property.name);
      const drop = dropLine(property.name, next);
      const type = property.type;
      if (property.name === "id") {
        lines.push(...doc, `  id(include?: true): ${next("S")};`);
        continue;
      }
      if (isAssociation(type)) {
        const many = type.kind === "array";
        const target = many
          ? (type.element as { entity: string }).entity
          : (type as { entity: string }).entity;
        const wrap = (shape: string) =>
          many ? `${this.#list}<${shape}>` : shape;
        const entry = (shape: string) =>
          many
            ? `{ ${this.ro}${propertyKey(property.name)}: ${wrap(shape)} }`
            : this.#entry(property.name, shape, optional);
        const childType = `${target}Fetcher<C>`;
        const listOptions = many
          ? `ListOptions<${target}ScalarKey>`
          : undefined;
        if (target === name) {
          const recursive = `{ ${this.ro}${propertyKey(property.name)}${
            this.#nulls ? "" : "?"
          }: ${
            wrap(
              `${many ? "RecursiveMany" : "RecursiveOne"}<Simplify<C>, ${key}>`,
            )
          }${this.#nulls ? " | null" : ""} }`;
          lines.push(
            ...doc,
            `  ${property.name}<C>(child: ${childType}, options: RecursionOptions${
              listOptions === undefined ? "" : ` & ${listOptions}`
            }): ${next(`With<S, ${key}, ${recursive}>`)};`,
          );
        }
        lines.push(
          ...doc,
          `  ${property.name}(): ${
            next(`With<S, ${key}, ${entry(this.#idShape(target))}>`)
          };`,
          ...doc,
          `  ${property.name}<C>(child: ${childType}${
            listOptions === undefined ? "" : `, options?: ${listOptions}`
          }): ${next(`With<S, ${key}, ${entry("Simplify<C>")}>`)};`,
          ...doc,
          drop,
        );
        continue;
      }
      lines.push(
        ...this.#valueMembers(property.name, type, optional, doc, next),
      );
    }
    lines.push("}");
    lines.push("");
    lines.push(
      `/** The token of the entity ${name}: \`fetcher(${name})\`. */`,
      `export const ${name}: EntityToken<${fetcherType}> = { entity: ${
        JSON.stringify(name)
      } };`,
    );
    return lines.join("\n") + "\n";
  }

  /**
   * The members selecting a value property `name` (of an entity or an
   * embeddable): an embeddable's with or without a child fetcher, a
   * scalar's, and the one leaving it out; each after `doc`.
   */
  #valueMembers(
    name: string,
    type: TypeRef,
    optional: boolean,
    doc: readonly string[],
    next: (shape: string) => string,
  ): string[] {
    const key = JSON.stringify(name);
    if (type.kind !== "static") {
      return [
        ...doc,
        `  ${name}(include?: true): ${
          next(`S & ${this.#entry(name, this.#value(type), optional)}`)
        };`,
        ...doc,
        dropLine(name, next),
      ];
    }
    return [
      ...doc,
      `  ${name}(): ${
        next(
          `With<S, ${key}, ${this.#entry(name, this.#value(type), optional)}>`,
        )
      };`,
      ...doc,
      `  ${name}<C>(child: ${type.name}Fetcher<C>): ${
        next(`With<S, ${key}, ${this.#entry(name, "Simplify<C>", optional)}>`)
      };`,
      ...doc,
      dropLine(name, next),
    ];
  }

  /** The fetcher interface and token of an embeddable. */
  embeddableText(type: StaticTypeModel): string {
    const name = type.name;
    const fetcherType = `${name}Fetcher`;
    const next = (shape: string) => `${fetcherType}<${shape}>`;
    const lines = [
      `/** A fetcher of the embeddable ${name} loading the shape \`S\`. */`,
      `export interface ${fetcherType}<S = Record<never, never>> `,
      "{",
      `  /** Name of the entity or embeddable it selects. */`,
      `  readonly entityName: ${JSON.stringify(name)};`,
      "  /** Phantom: the shape it loads. Never present at run time. */",
      "  readonly [shapeOf]?: S;",
      "  /** The canonical text: {@link fetcherText}. */",
      "  toString(): string;",
    ];
    for (const field of type.properties) {
      lines.push(
        ...this.#valueMembers(
          field.name,
          field.type,
          field.optional,
          docLines(field.doc),
          next,
        ),
      );
    }
    lines.push("}", "");
    lines.push(
      `/** The token of the embeddable ${name}: \`embeddable(${name})\`. */`,
      `export const ${name}: EmbeddableToken<${fetcherType}> = { embeddable: ${
        JSON.stringify(name)
      } };`,
    );
    return lines.join("\n") + "\n";
  }
}

/** A member's doc comment, on one line (none without a doc). */
function docLines(doc: string | undefined): string[] {
  return doc === undefined
    ? []
    : [`  /** ${doc.replaceAll("*/", "*\\/").split("\n").join(" ")} */`];
}

/** The member leaving property `name` out of the shape. */
function dropLine(name: string, next: (shape: string) => string): string {
  return `  ${name}(include: false): ${
    next(`Without<S, ${JSON.stringify(name)}>`)
  };`;
}

/** Whether a property type is an association (to one or many entities). */
export function isAssociation(type: TypeRef): boolean {
  return type.kind === "dynamic" ||
    (type.kind === "array" && type.element.kind === "dynamic");
}

/** The `<Entity>ScalarKey` types: what `orderBy` of a to-many association takes. */
export function scalarKeyTypes(model: ApiModel): string {
  return model.dynamicEntities.map((entity) => {
    const keys = entity.properties.filter((p) =>
      !isAssociation(p.type) && p.type.kind !== "static"
    ).map((p) => JSON.stringify(p.name));
    return `/** The scalar properties of ${entity.entity}, which \`orderBy\` takes. */\nexport type ${entity.entity}ScalarKey = ${
      keys.join(" | ") || "never"
    };\n`;
  }).join("\n");
}
