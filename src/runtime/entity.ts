/**
 * Entity decorators (standard TC39 decorators) and the runtime metadata they
 * record: scalars, associations with target and cardinality, nullability as
 * far as the runtime can know it, and computed properties.
 *
 * @module
 */

import { type AnyClass, classRecord, recordOf } from "./metadata.ts";

declare const computedBrand: unique symbol;

/**
 * Type of a computed (`@Formula`) property: `avgPrice?: Computed<number>`.
 * The brand lets `allScalarFields()` leave computed properties out at the
 * type level, exactly as it does at run time.
 */
export type Computed<T> = T & ComputedMarker<T>;

/** The brand of `Computed<T>`; carries the unbranded type. */
export interface ComputedMarker<T> {
  readonly [computedBrand]?: T;
}

/** An integer. Same as `number` in TypeScript; `integer` in OpenAPI and Java. */
export type Int = number;

/** How an association relates its owner to its target. */
export type AssociationKind = "many-to-one" | "one-to-many" | "many-to-many";

/** Runtime description of one persistent property of an entity. */
export type PropertyMetadata =
  | {
    readonly name: string;
    readonly kind: "id" | "scalar";
    readonly nullable: boolean;
    /** Column name in the store. */
    readonly column: string;
  }
  | {
    readonly name: string;
    readonly kind: "formula";
    readonly nullable: boolean;
    /** SQL expression; `%alias` stands for the owning table's alias. */
    readonly sql: string;
  }
  | {
    readonly name: string;
    readonly kind: "association";
    readonly nullable: boolean;
    readonly association: AssociationKind;
    /** Target entity class (resolved lazily, classes may refer to each other). */
    readonly target: () => AnyClass;
    /** The property of the target that owns the relation, for inverse sides. */
    readonly mappedBy?: string;
  }
  | {
    readonly name: string;
    readonly kind: "embedded";
    readonly nullable: boolean;
    /** The `@Embeddable()` class of the value (resolved lazily). */
    readonly target: () => AnyClass;
    /** Prefix of the value's columns: `address_` for `address`. */
    readonly prefix: string;
  };

/** Runtime description of an entity class. */
export interface EntityMetadata {
  /** Simple name of the entity (the class name unless `@Entity` names it). */
  readonly name: string;
  /** The entity class. */
  readonly type: AnyClass;
  /** Name of the `@Id()` property. */
  readonly idProperty: string;
  /** Persistent properties in declaration order. */
  readonly properties: ReadonlyMap<string, PropertyMetadata>;
}

/** Options of `@Column()`. */
export interface ColumnOptions {
  /** Whether the column may hold null. Default false. */
  readonly nullable?: boolean;
  /** Column name in the store. Default: the property name in snake_case. */
  readonly name?: string;
}

/** Options of `@ManyToOne()`. */
export interface ManyToOneOptions {
  /** Whether the reference may be absent. Default false. */
  readonly nullable?: boolean;
}

/** Options of `@ManyToMany()`. */
export interface ManyToManyOptions {
  /** For the inverse side: the target's property owning the relation. */
  readonly mappedBy?: string;
}

/** Names a fetcher keeps for itself; no entity property may use them. */
export const RESERVED_PROPERTY_NAMES: ReadonlySet<string> = new Set([
  "entity",
  "entityName",
  "selections",
  "allScalarFields",
  "toString",
  "equals",
  "constructor",
]);

type FieldDecorator = (
  value: undefined,
  context: ClassFieldDecoratorContext,
) => void;

/** A name the fetcher text can write (the compiler's NAME token). */
const PROPERTY_NAME = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;

/**
 * The decorator of one persistent property: checks the name and records
 * `describe(name)` in the class's metadata (entities and embeddables).
 */
export function propertyDecorator(
  describe: (name: string) => PropertyMetadata,
): FieldDecorator {
  return (_value, context) => {
    if (context.static || context.private || typeof context.name !== "string") {
      throw new TypeError(
        `Entity decorators apply to public instance properties, not ${
          String(context.name)
        }`,
      );
    }
    if (!PROPERTY_NAME.test(context.name)) {
      throw new TypeError(
        `Entity property name ${
          JSON.stringify(context.name)
        } is not an identifier: fetcher text and clients cannot name it`,
      );
    }
    if (RESERVED_PROPERTY_NAMES.has(context.name)) {
      throw new TypeError(
        `Entity property name "${context.name}" is reserved by fetchers`,
      );
    }
    const record = recordOf(context.metadata);
    record.entityProperties ??= new Map();
    record.entityProperties.set(context.name, describe(context.name));
  };
}

/** `firstName` -> `first_name`: the default column of a property. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => "_" + c.toLowerCase());
}

/** Marks a class as an entity. `name` defaults to the class name. */
export function Entity(
  name?: string,
): (value: AnyClass, context: ClassDecoratorContext) => void {
  return (value, context) => {
    const record = recordOf(context.metadata);
    const properties = record.entityProperties ?? new Map();
    const ids = [...properties.values()].filter((p) =>
      (p as PropertyMetadata).kind === "id"
    );
    if (ids.length !== 1) {
      throw new TypeError(
        `Entity ${value.name} must have exactly one @Id() property, found ${ids.length}`,
      );
    }
    if ((ids[0] as PropertyMetadata).name !== "id") {
      throw new TypeError(
        `Entity ${value.name}: the @Id() property must be named "id"`,
      );
    }
    record.entityName = name ?? value.name;
    const named = entitiesByName.get(record.entityName) ?? new Set();
    entitiesByName.set(record.entityName, named.add(value));
  };
}

/** Every `@Entity()` class defined so far, by entity name. */
const entitiesByName = new Map<string, Set<AnyClass>>();

/**
 * The `@Entity()` classes defined so far under the entity name `name` (more
 * than one when two modules name the same entity): how the server finds the
 * class of a `ClientFetcher<E>` parameter, whose type is erased.
 */
export function entitiesNamed(name: string): readonly AnyClass[] {
  return [...entitiesByName.get(name) ?? []];
}

/** Marks the identifier property. It must be named `id`. */
export function Id(options: { readonly name?: string } = {}): FieldDecorator {
  return propertyDecorator((name) => ({
    name,
    kind: "id",
    nullable: false,
    column: options.name ?? snakeCase(name),
  }));
}

/** Marks a scalar column. */
export function Column(options: ColumnOptions = {}): FieldDecorator {
  return propertyDecorator((name) => ({
    name,
    kind: "scalar",
    nullable: options.nullable ?? false,
    column: options.name ?? snakeCase(name),
  }));
}

/**
 * Marks a computed property, type it `Computed<T>`. `sql` is evaluated by the
 * store with `%alias` replaced by the owning row's table alias.
 */
export function Formula(
  sql: string,
  options: { readonly nullable?: boolean } = {},
): FieldDecorator {
  return propertyDecorator((name) => ({
    name,
    kind: "formula",
    nullable: options.nullable ?? true,
    sql,
  }));
}

/** Marks a reference to one target entity. */
export function ManyToOne(
  target: () => AnyClass,
  options: ManyToOneOptions = {},
): FieldDecorator {
  return propertyDecorator((name) => ({
    name,
    kind: "association",
    association: "many-to-one",
    nullable: options.nullable ?? false,
    target,
  }));
}

/** Marks the inverse side of a many-to-one: `mappedBy` names the target's reference. */
export function OneToMany(
  target: () => AnyClass,
  mappedBy: string,
): FieldDecorator {
  return propertyDecorator((name) => ({
    name,
    kind: "association",
    association: "one-to-many",
    nullable: false,
    target,
    mappedBy,
  }));
}

/** Marks a many-to-many association; the inverse side names `mappedBy`. */
export function ManyToMany(
  target: () => AnyClass,
  options: ManyToManyOptions = {},
): FieldDecorator {
  return propertyDecorator((name) => ({
    name,
    kind: "association",
    association: "many-to-many",
    nullable: false,
    target,
    ...(options.mappedBy === undefined ? {} : { mappedBy: options.mappedBy }),
  }));
}

const metadataCache = new WeakMap<AnyClass, EntityMetadata>();

/**
 * The runtime metadata of an entity class.
 *
 * @throws TypeError when the class is not decorated with `@Entity()`.
 */
export function entityMetadata(type: AnyClass): EntityMetadata {
  if (typeof type !== "function") {
    throw new TypeError(`${String(type)} is not an @Entity() class`);
  }
  const cached = metadataCache.get(type);
  if (cached) return cached;
  const record = classRecord(type);
  if (record?.entityName === undefined) {
    throw new TypeError(
      `${type.name || "an anonymous class"} is not an @Entity() class`,
    );
  }
  const properties = record.entityProperties as Map<string, PropertyMetadata>;
  const metadata: EntityMetadata = {
    name: record.entityName,
    type,
    idProperty: "id",
    properties,
  };
  metadataCache.set(type, metadata);
  return metadata;
}

/** Whether a class is decorated with `@Entity()`. */
export function isEntity(type: unknown): type is AnyClass {
  return typeof type === "function" &&
    classRecord(type as AnyClass)?.entityName !== undefined;
}
