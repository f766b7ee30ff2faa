/**
 * The types of fetchers: the shape a fetcher loads, computed from its
 * entity's properties as selectors are called (`ShapeOf<typeof f>`), the
 * selectors, and the selections a fetcher keeps at run time. `fetcher.ts`
 * builds the fetchers and re-exports these.
 *
 * @module
 */

import type { AnyClass } from "./metadata.ts";
import type { ComputedMarker } from "./entity.ts";
import type {
  ListOptionsOf,
  ListSelection,
  RecursiveListOptions,
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
