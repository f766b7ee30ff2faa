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
  type EntityMetadata,
  entityMetadata,
  type PropertyMetadata,
} from "./entity.ts";
import { embeddableMetadata } from "./embeddable.ts";
import {
  type ListOptions,
  listSelectionOf,
  optionsText,
} from "./list_options.ts";
import type {
  AnyFetcher,
  AssociationOptions,
  Fetcher,
  Selection,
} from "./fetcher_types.ts";

export type {
  AnyFetcher,
  AssociationKeys,
  AssociationOptions,
  AssociationSelector,
  AssociationTarget,
  EmbeddedKeys,
  EmbeddedSelector,
  Fetcher,
  FetcherCore,
  IdSelector,
  IdShape,
  PlainScalarKeys,
  RecursiveShape,
  ScalarKeys,
  ScalarSelector,
  Selection,
  ShapeOf,
  WholeShape,
} from "./fetcher_types.ts";

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
