/**
 * Storage of Tailor's decorator metadata on classes, through the standard
 * decorator metadata object (`Symbol.metadata`).
 *
 * @module
 */

// Standard decorator metadata needs `Symbol.metadata`; engines without it get
// the well-known registered symbol TypeScript's emit looks for.
(Symbol as { metadata?: symbol }).metadata ??= Symbol.for("Symbol.metadata");

/** The key under which Tailor keeps its own record in a class's metadata. */
const TAILOR_KEY: unique symbol = Symbol("tailor");

/** Any class, concrete or abstract, whose instances are `T`. */
export type AnyClass<T = unknown> = abstract new (...args: never[]) => T;

/**
 * The record Tailor keeps for one class. Fields are filled by the decorators
 * that apply; a class nobody decorated has none.
 */
export interface ClassRecord {
  /** Persistent properties of an entity, in declaration order. */
  entityProperties?: Map<string, unknown>;
  /** Name given by `@Entity()`, present once the class is an entity. */
  entityName?: string;
  /** Class name of an `@Embeddable()` value class, present once it is one. */
  embeddableName?: string;
  /** Controller path prefix, present once the class is a controller. */
  controllerPrefix?: string;
  /** Routes of a controller, in declaration order. */
  routes?: unknown[];
  /** Groups of `@Api` on the class (empty array: `@Api()` without groups). */
  apiGroups?: readonly string[];
  /** `@Api` groups per method name. */
  methodApiGroups?: Map<string, readonly string[]>;
  /** Whether `@ApiIgnore()` is on the class. */
  apiIgnored?: boolean;
  /** Method names carrying `@ApiIgnore()`. */
  ignoredMethods?: Set<string>;
  /** Owner named by `@DefaultFetcherOwner`. */
  defaultFetcherOwner?: AnyClass;
  /** Whether `@EnableImplicitApi()` is on the class. */
  enablesImplicitApi?: boolean;
  /** Error classes of `@Throws` per method name. */
  methodErrors?: Map<string, readonly AnyClass[]>;
}

/** The class record inside a decorator's metadata object, created on first use. */
export function recordOf(metadata: DecoratorMetadataObject): ClassRecord {
  // A subclass's metadata object inherits its parent's: keep our own record.
  if (!Object.hasOwn(metadata, TAILOR_KEY)) {
    (metadata as Record<symbol, ClassRecord>)[TAILOR_KEY] = {};
  }
  return (metadata as Record<symbol, ClassRecord>)[TAILOR_KEY] as ClassRecord;
}

/** The class record of a decorated class, or undefined when it has none. */
export function classRecord(cls: AnyClass): ClassRecord | undefined {
  const metadata = (cls as unknown as Record<symbol, unknown>)[
    Symbol.metadata as symbol
  ] as DecoratorMetadataObject | undefined;
  if (metadata == null || !Object.hasOwn(metadata, TAILOR_KEY)) {
    return undefined;
  }
  return (metadata as Record<symbol, ClassRecord>)[TAILOR_KEY];
}
