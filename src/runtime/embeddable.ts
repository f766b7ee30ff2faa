/**
 * Embeddable value objects (Jimmer's `@Embeddable`): a class of columns, and
 * nested embeddables, that an entity holds whole in one property
 * (`@Embedded(() => Address) address!: Address`). The store keeps its fields
 * as columns of the owner's table, prefixed (`address_city`); fetchers
 * select it whole or field by field (`embeddable(Address).city()`).
 *
 * @module
 */

import { type AnyClass, classRecord, recordOf } from "./metadata.ts";
import {
  propertyDecorator,
  type PropertyMetadata,
  snakeCase,
} from "./entity.ts";

/** Runtime description of an `@Embeddable()` class. */
export interface EmbeddableMetadata {
  /** Simple name of the class. */
  readonly name: string;
  /** The embeddable class. */
  readonly type: AnyClass;
  /** Its columns and nested embeddables, in declaration order. */
  readonly properties: ReadonlyMap<string, PropertyMetadata>;
}

/** Options of `@Embedded()`. */
export interface EmbeddedOptions {
  /** Whether the whole value may be absent. Default false. */
  readonly nullable?: boolean;
  /** Prefix of its columns. Default: the property name in snake_case + `_`. */
  readonly prefix?: string;
}

/**
 * Marks a class as an embeddable value: its properties are `@Column()`s and
 * `@Embedded()` values, no id, association or formula.
 */
export function Embeddable(): (
  value: AnyClass,
  context: ClassDecoratorContext,
) => void {
  return (value, context) => {
    const record = recordOf(context.metadata);
    for (const property of record.entityProperties?.values() ?? []) {
      const kind = (property as PropertyMetadata).kind;
      if (kind !== "scalar" && kind !== "embedded") {
        throw new TypeError(
          `Embeddable ${value.name}: ${
            (property as PropertyMetadata).name
          } is ${
            kind === "id" ? "an id" : `a ${kind}`
          }; an embeddable holds columns and embeddables only`,
        );
      }
    }
    record.embeddableName = value.name;
  };
}

/** Marks a property holding an `@Embeddable()` value. */
export function Embedded(
  target: () => AnyClass,
  options: EmbeddedOptions = {},
): (value: undefined, context: ClassFieldDecoratorContext) => void {
  return propertyDecorator((name) => ({
    name,
    kind: "embedded",
    nullable: options.nullable ?? false,
    target,
    prefix: options.prefix ?? `${snakeCase(name)}_`,
  }));
}

const metadataCache = new WeakMap<AnyClass, EmbeddableMetadata>();

/**
 * The runtime metadata of an embeddable class.
 *
 * @throws TypeError when the class is not decorated with `@Embeddable()`.
 */
export function embeddableMetadata(type: AnyClass): EmbeddableMetadata {
  const cached = metadataCache.get(type);
  if (cached) return cached;
  const record = typeof type === "function" ? classRecord(type) : undefined;
  if (record?.embeddableName === undefined) {
    throw new TypeError(
      `${
        (typeof type === "function" && type.name) || String(type)
      } is not an @Embeddable() class`,
    );
  }
  const metadata: EmbeddableMetadata = {
    name: record.embeddableName,
    type,
    properties: (record.entityProperties ?? new Map()) as Map<
      string,
      PropertyMetadata
    >,
  };
  metadataCache.set(type, metadata);
  return metadata;
}

/** Whether a class is decorated with `@Embeddable()`. */
export function isEmbeddable(type: unknown): type is AnyClass {
  return typeof type === "function" &&
    classRecord(type as AnyClass)?.embeddableName !== undefined;
}
