/**
 * Typed, chainable, immutable fetchers: `fetcher(Book).name().store(...)`.
 *
 * A fetcher's TYPE carries the shape it loads (`ShapeOf<typeof f>`), so a
 * controller that promises one fetcher's shape cannot return another's.
 *
 * @module
 */

import type { AnyClass } from "./metadata.ts";
import {
  type ComputedMarker,
  type EntityMetadata,
  entityMetadata,
  type PropertyMetadata,
} from "./entity.ts";
import { embeddableMetadata } from "./embeddable.ts";
import {
  type ListOptions,
  type ListOptionsOf,
  type ListSelection,
  listSelectionOf,
  optionsText,
  type RecursiveListOptions,
} from "./list_options.ts";

declare const shapeBrand: unique symbol;

/** Types a fetcher treats as scalar values rather than associated entities. */
type ScalarValue = string | number | boolean | bigint | Date;

/** Flattens an intersection into one object type, keeping modifiers. */
type Simplify<T> = { [K in keyof T]: T[K] } & unknown;

type Element<T> = T extends readonly (infer U)[] ? U : T;

/** The entity type an association property leads to. */
export type AssociationTarget<T> = NonNullable<Element<NonNullable<T>>>;

type IsAssociation<T> = [AssociationTarget<T>] extends [ScalarValue] ? false
  : IsEmbedded<T> extends true ? false
  : [AssociationTarget<T>] extends [object] ? true
  : false;

/**
 * Whether a property holds an embeddable value: an object that is not a
 * list and has no `id` (every entity has one, no embeddable may).
 */
type IsEmbedded<T> = [NonNullable<T>] extends [ScalarValue] ? false
  : [NonNullable<T>] extends [readonly unknown[]] ? false
  : [NonNullable<T>] extends [{ readonly id: unknown }] ? false
  : [NonNullable<T>] extends [object] ? true
  : false;

type DataKeys<E> =
  & {
    [K in keyof E]-?: E[K] extends (...args: never[]) => unknown ? never : K;
  }[keyof E]
  & string;

/** Keys of `E` holding scalar values (computed ones included). */
export type ScalarKeys<E> = {
  [K in DataKeys<E>]-?: IsAssociation<E[K]> extends true ? never
    : IsEmbedded<E[K]> extends true ? never
    : K;
}[DataKeys<E>];

/** Keys of `E` holding embeddable values (`@Embedded()`). */
export type EmbeddedKeys<E> = {
  [K in DataKeys<E>]-?: IsEmbedded<E[K]> extends true ? K : never;
}[DataKeys<E>];

/** The shape of an embeddable value selected whole: every field, recursively. */
export type WholeShape<T> = Simplify<
  & {
    readonly [K in Exclude<DataKeys<T>, NullableKeys<T, DataKeys<T>>>]:
      FieldShape<NonNullable<T[K]>>;
  }
  & {
    readonly [K in NullableKeys<T, DataKeys<T>>]?: FieldShape<
      NonNullable<T[K]>
    >;
  }
>;

type FieldShape<V> = IsEmbedded<V> extends true ? WholeShape<V> : V;

/** Keys of `E` holding associations to other entities. */
export type AssociationKeys<E> = {
  [K in DataKeys<E>]-?: IsAssociation<E[K]> extends true ? K : never;
}[DataKeys<E>];

type Unbrand<T> = T extends ComputedMarker<infer U> ? U : T;

type IsComputedKey<E, K extends keyof E> = [NonNullable<E[K]>] extends
  [ComputedMarker<unknown>] ? true : false;

/** Scalar keys that `allScalarFields()` selects: every scalar but computed ones. */
export type PlainScalarKeys<E> = {
  [K in ScalarKeys<E>]-?: IsComputedKey<E, K> extends true ? never : K;
}[ScalarKeys<E>];

type IsNullable<E, K extends keyof E> = undefined extends E[K] ? true
  : null extends E[K] ? true
  : object extends Pick<E, K> ? true
  : false;

type Entry<E, K extends keyof E, V> = IsNullable<E, K> extends true
  ? { readonly [P in K]?: V }
  : { readonly [P in K]: V };

type ScalarEntry<E, K extends keyof E> = Entry<
  E,
  K,
  Unbrand<NonNullable<E[K]>>
>;

type AssociationValue<T, C> = NonNullable<T> extends readonly unknown[]
  ? readonly C[]
  : C;

type AssociationEntry<E, K extends keyof E, C> = NonNullable<E[K]> extends
  readonly unknown[] ? { readonly [P in K]: readonly C[] }
  : Entry<E, K, C>;

/**
 * A node of a recursive shape: the child fetcher's shape plus the recursive
 * property, which is absent where the recursion ended.
 */
export type RecursiveShape<C, K extends string, T> =
  & C
  & {
    readonly [P in K]?: AssociationValue<T, RecursiveShape<C, K, T>>;
  };

type With<S, K extends string, Added> = Simplify<Omit<S, K> & Added>;

/** The shape of `fetcher(E)` before any selection: the id alone. */
export type IdShape<E> = E extends { readonly id: infer I } ? { readonly id: I }
  : never;

type NullableKeys<E, Keys extends keyof E> = {
  [K in Keys]-?: IsNullable<E, K> extends true ? K : never;
}[Keys];

type AllScalarsShape<E> =
  & {
    readonly [
      K in Exclude<PlainScalarKeys<E>, NullableKeys<E, PlainScalarKeys<E>>>
    ]: Unbrand<NonNullable<E[K]>>;
  }
  & {
    readonly [K in NullableKeys<E, PlainScalarKeys<E>>]?: Unbrand<
      NonNullable<E[K]>
    >;
  };

/** Options of an association selector. */
export interface AssociationOptions {
  /**
   * For a self-association: load the same child shape again at every level,
   * until the data ends, or `depth` levels when it is a number.
   */
  readonly recursive?: boolean;
  /** Maximum number of recursion levels (with `recursive`). */
  readonly depth?: number;
}

/** Selector of a scalar property: select it, or `false` to leave it out. */
export interface ScalarSelector<
  E extends object,
  S,
  K extends keyof E & string,
> {
  (include?: true): Fetcher<E, With<S, K, ScalarEntry<E, K>>>;
  (include: false): Fetcher<E, Simplify<Omit<S, K>>>;
}

/**
 * Selector of an embeddable value: no argument selects it whole, an
 * `embeddable(Type)` fetcher selects some of its fields, `false` leaves it
 * out.
 */
export interface EmbeddedSelector<
  E extends object,
  S,
  K extends keyof E & string,
> {
  (): Fetcher<E, With<S, K, Entry<E, K, WholeShape<NonNullable<E[K]>>>>>;
  <C extends AnyFetcher<NonNullable<E[K]> & object>>(
    child: C,
  ): Fetcher<E, With<S, K, Entry<E, K, ShapeOf<C>>>>;
  (include: false): Fetcher<E, Simplify<Omit<S, K>>>;
}

/** Selector of the id: always selected, it cannot be left out. */
export interface IdSelector<E extends object, S> {
  (include?: true): Fetcher<E, S>;
}

/**
 * Selector of an association: no argument selects the id alone, a child
 * fetcher nests its shape, `false` leaves the association out. A to-many
 * one takes `orderBy`, `limit` and `offset` too, which never change the shape.
 */
export interface AssociationSelector<
  E extends object,
  S,
  K extends keyof E & string,
> {
  (): Fetcher<
    E,
    With<S, K, AssociationEntry<E, K, IdShape<AssociationTarget<E[K]>>>>
  >;
  <C extends AnyFetcher<AssociationTarget<E[K]>>>(
    child: C,
  ): Fetcher<E, With<S, K, AssociationEntry<E, K, ShapeOf<C>>>>;
  <C extends AnyFetcher<AssociationTarget<E[K]>>>(
    child: C,
    options: ListOptionsOf<E[K]>,
  ): Fetcher<E, With<S, K, AssociationEntry<E, K, ShapeOf<C>>>>;
  <C extends AnyFetcher<AssociationTarget<E[K]>>>(
    child: C,
    options:
      & AssociationOptions
      & RecursiveListOptions<E[K]>
      & ({ readonly recursive: true } | { readonly depth: number }),
  ): Fetcher<
    E,
    With<
      S,
      K,
      {
        readonly [P in K]?: AssociationValue<
          E[K],
          RecursiveShape<ShapeOf<C>, K, E[K]>
        >;
      }
    >
  >;
  (include: false): Fetcher<E, Simplify<Omit<S, K>>>;
}

/** What every fetcher has, whatever its entity and shape. */
export interface FetcherCore<E extends object, S> {
  /** The entity class this fetcher loads. */
  readonly entity: AnyClass<E>;
  /** Simple name of the entity. */
  readonly entityName: string;
  /** Selected properties, in the entity's declaration order. */
  readonly selections: ReadonlyMap<string, Selection>;
  /** Phantom: the shape this fetcher loads. Never present at run time. */
  readonly [shapeBrand]?: S;
  /** Selects every scalar property except computed ones. */
  allScalarFields(): Fetcher<
    E,
    With<S, PlainScalarKeys<E>, AllScalarsShape<E>>
  >;
  /** The text form, which `compileFetcher` compiles back to an equal fetcher. */
  toString(): string;
  /** Whether both fetchers load the same entity with the same shape. */
  equals(other: AnyFetcher): boolean;
}

/** A fetcher of any shape of `E`. */
export type AnyFetcher<E extends object = object> = FetcherCore<E, unknown>;

/** A fetcher of `E` loading the shape `S`, with one selector per property. */
export type Fetcher<E extends object, S = IdShape<E>> =
  & FetcherCore<E, S>
  & {
    readonly [K in ScalarKeys<E>]: K extends "id" ? IdSelector<E, S>
      : ScalarSelector<E, S, K>;
  }
  & { readonly [K in AssociationKeys<E>]: AssociationSelector<E, S, K> }
  & { readonly [K in EmbeddedKeys<E>]: EmbeddedSelector<E, S, K> };

/** The exact object type a fetcher loads. */
export type ShapeOf<F> = F extends { readonly [shapeBrand]?: infer S } ? S
  : never;

/** One selected property of a fetcher. */
export type Selection =
  | { readonly kind: "scalar" }
  | {
    readonly kind: "association";
    /** Shape of the associated entity (id only when none was given). */
    readonly child: AnyFetcher;
    /** Present for a recursive self-association. */
    readonly recursive?: { readonly depth?: number };
    /** Present when a to-many association has `orderBy`, `limit` or `offset`. */
    readonly list?: ListSelection;
  }
  | {
    readonly kind: "embedded";
    /** The selected fields of the value (all of them when selected whole). */
    readonly child: AnyFetcher;
  };

/** What a fetcher needs of its entity's (or embeddable's) metadata. */
type OwnerMetadata = Pick<EntityMetadata, "name" | "type" | "properties">;

const prototypes = new WeakMap<AnyClass, object>();

class FetcherState {
  constructor(
    readonly metadata: OwnerMetadata,
    readonly selections: ReadonlyMap<string, Selection>,
  ) {}
}

function orderedSelections(
  metadata: OwnerMetadata,
  selections: Map<string, Selection>,
): ReadonlyMap<string, Selection> {
  const ordered = new Map<string, Selection>();
  for (const name of metadata.properties.keys()) {
    const selection = selections.get(name);
    if (selection) ordered.set(name, selection);
  }
  return ordered;
}

function createFetcher(
  metadata: OwnerMetadata,
  selections: Map<string, Selection>,
): AnyFetcher {
  const instance = Object.create(prototypeOf(metadata)) as Record<
    string | symbol,
    unknown
  >;
  Object.defineProperty(instance, STATE, {
    value: new FetcherState(metadata, orderedSelections(metadata, selections)),
  });
  return Object.freeze(instance) as unknown as AnyFetcher;
}

const STATE = Symbol("fetcherState");

function stateOf(fetcher: unknown): FetcherState {
  const state = (fetcher as Record<symbol, FetcherState | undefined>)[STATE];
  if (!(state instanceof FetcherState)) {
    throw new TypeError("Not a fetcher");
  }
  return state;
}

function withSelection(
  fetcher: unknown,
  name: string,
  selection: Selection | undefined,
): AnyFetcher {
  const state = stateOf(fetcher);
  const selections = new Map(state.selections);
  if (selection) selections.set(name, selection);
  else selections.delete(name);
  return createFetcher(state.metadata, selections);
}

function scalarSelector(property: PropertyMetadata) {
  return function (this: unknown, include: unknown = true): AnyFetcher {
    if (typeof include !== "boolean") {
      throw new TypeError(
        `${property.name}() takes no argument, or true/false`,
      );
    }
    if (!include && property.kind === "id") {
      throw new TypeError(`${property.name} is always selected`);
    }
    return withSelection(
      this,
      property.name,
      include ? { kind: "scalar" } : undefined,
    );
  };
}

function associationSelector(
  property: Extract<PropertyMetadata, { kind: "association" }>,
) {
  return function (
    this: unknown,
    child?: unknown,
    options: AssociationOptions & ListOptions = {},
  ): AnyFetcher {
    if (child === false) return withSelection(this, property.name, undefined);
    const target = entityMetadata(property.target());
    const owner = stateOf(this).metadata;
    const childFetcher = child === undefined
      ? fetcher(target.type as AnyClass<object>)
      : child as AnyFetcher;
    const childState = stateOf(childFetcher);
    if (childState.metadata.type !== target.type) {
      throw new TypeError(
        `${owner.name}.${property.name} needs a fetcher of ${target.name}, got one of ${childState.metadata.name}`,
      );
    }
    const recursive = options.recursive === true || options.depth !== undefined;
    if (recursive && target.type !== owner.type) {
      throw new TypeError(
        `${owner.name}.${property.name} is not a self-association and cannot be recursive`,
      );
    }
    if (
      options.depth !== undefined &&
      (!Number.isInteger(options.depth) || options.depth < 1)
    ) {
      throw new TypeError(`depth must be a positive integer`);
    }
    const list = listSelectionOf(options, target, property, owner.name);
    return withSelection(this, property.name, {
      kind: "association",
      child: childFetcher,
      ...(list === undefined ? {} : { list }),
      ...(recursive
        ? {
          recursive: options.depth === undefined
            ? {}
            : { depth: options.depth },
        }
        : {}),
    });
  };
}

function embeddedSelector(
  property: Extract<PropertyMetadata, { kind: "embedded" }>,
) {
  return function (this: unknown, child?: unknown): AnyFetcher {
    if (child === false) return withSelection(this, property.name, undefined);
    const target = embeddableMetadata(property.target());
    if (child === undefined) {
      return withSelection(this, property.name, {
        kind: "embedded",
        child: wholeEmbeddable(target.type),
      });
    }
    if (!isFetcher(child) || stateOf(child).metadata.type !== target.type) {
      throw new TypeError(
        `${
          stateOf(this).metadata.name
        }.${property.name} needs embeddable(${target.name}) or no argument`,
      );
    }
    return withSelection(this, property.name, { kind: "embedded", child });
  };
}

/**
 * The fetcher of an embeddable selecting every field, nested embeddables
 * whole. `path` holds the classes being expanded, against cycles.
 */
export function wholeEmbeddable(
  type: AnyClass,
  path: ReadonlySet<AnyClass> = new Set(),
): AnyFetcher {
  const metadata = embeddableMetadata(type);
  if (path.has(type)) {
    throw new TypeError(`Embeddable ${metadata.name} contains itself`);
  }
  const inner = new Set([...path, type]);
  const selections = new Map<string, Selection>();
  for (const property of metadata.properties.values()) {
    selections.set(
      property.name,
      property.kind === "embedded"
        ? { kind: "embedded", child: wholeEmbeddable(property.target(), inner) }
        : { kind: "scalar" },
    );
  }
  return createFetcher(metadata, selections);
}

function prototypeOf(metadata: OwnerMetadata): object {
  const existing = prototypes.get(metadata.type);
  if (existing) return existing;
  const proto: Record<string, unknown> = Object.create(fetcherMethods);
  for (const property of metadata.properties.values()) {
    proto[property.name] = property.kind === "association"
      ? associationSelector(property)
      : property.kind === "embedded"
      ? embeddedSelector(property)
      : scalarSelector(property);
  }
  prototypes.set(metadata.type, Object.freeze(proto));
  return proto;
}

/** Renders a fetcher's text form: `{ id name store { id name } }`. */
export function fetcherText(fetcher: AnyFetcher): string {
  const parts: string[] = [];
  for (const [name, selection] of stateOf(fetcher).selections) {
    if (selection.kind === "scalar") {
      parts.push(name);
      continue;
    }
    if (selection.kind === "embedded") {
      parts.push(`${name} ${fetcherText(selection.child)}`);
      continue;
    }
    const options = optionsText(selection.recursive, selection.list);
    parts.push(`${name}${options} ${fetcherText(selection.child)}`);
  }
  return `{ ${parts.join(" ")} }`;
}

const fetcherMethods = {
  get entity(): AnyClass {
    return stateOf(this).metadata.type;
  },
  get entityName(): string {
    return stateOf(this).metadata.name;
  },
  get selections(): ReadonlyMap<string, Selection> {
    return stateOf(this).selections;
  },
  allScalarFields(this: unknown): AnyFetcher {
    const state = stateOf(this);
    const selections = new Map(state.selections);
    for (const property of state.metadata.properties.values()) {
      if (property.kind === "id" || property.kind === "scalar") {
        selections.set(property.name, { kind: "scalar" });
      }
    }
    return createFetcher(state.metadata, selections);
  },
  toString(this: AnyFetcher): string {
    return fetcherText(this);
  },
  equals(this: AnyFetcher, other: AnyFetcher): boolean {
    return this.entity === other.entity && String(this) === String(other);
  },
};

/** Whether a value is a fetcher. */
export function isFetcher(value: unknown): value is AnyFetcher {
  return typeof value === "object" && value !== null &&
    (value as Record<symbol, unknown>)[STATE] instanceof FetcherState;
}

/** The fetcher factory of an entity: starts with the id alone. */
export function fetcher<E extends object>(entity: AnyClass<E>): Fetcher<E> {
  const metadata = entityMetadata(entity);
  return createFetcher(
    metadata,
    new Map([[metadata.idProperty, { kind: "scalar" }]]),
  ) as unknown as Fetcher<E>;
}

/**
 * The fetcher factory of an `@Embeddable()` class, for selecting some fields
 * of an embedded value: `.address(embeddable(Address).city())`. Starts
 * with nothing selected.
 */
export function embeddable<T extends object>(
  type: AnyClass<T>,
): Fetcher<T, Record<never, never>> {
  return createFetcher(
    embeddableMetadata(type),
    new Map(),
  ) as unknown as Fetcher<
    T,
    Record<never, never>
  >;
}

/** Builds an embeddable's fetcher from explicit selections (the compiler's). */
export function embeddableFetcherOf(
  type: AnyClass,
  selections: ReadonlyMap<string, Selection>,
): AnyFetcher {
  return createFetcher(embeddableMetadata(type), new Map(selections));
}

/**
 * Builds a fetcher from explicit selections. Used by the fetcher compiler;
 * the id is always selected.
 */
export function fetcherOf(
  entity: AnyClass,
  selections: ReadonlyMap<string, Selection>,
): AnyFetcher {
  const metadata = entityMetadata(entity);
  const all = new Map(selections);
  all.set(metadata.idProperty, { kind: "scalar" });
  return createFetcher(metadata, all);
}
