/**
 * The fixed half of the generated `fetchers.ts`: the builder's run-time code
 * (fetchers as frozen objects whose methods return new ones, the canonical
 * text, the SHA-256 id) and its generic types. `fetchers_file.ts` adds the
 * tables and types of each entity and embeddable. The SHA-256 part is the
 * text of `src/runtime/sha256.ts`, read at emit time from this module's
 * neighbour so that both sides run one implementation.
 *
 * @module
 */

import { SHA256_SOURCE } from "./sha256_source.ts";

/** The generic types of the builder; `nulls`: null render mode `null`. */
export function fetchersTypesText(nulls: boolean, ro: string): string {
  const list = ro === "" ? "Array" : "ReadonlyArray";
  return `declare const shapeOf: unique symbol;
declare const fetcherOf: unique symbol;

/** Flattens an intersection into one object type, keeping modifiers. */
type Simplify<T> = { [K in keyof T]: T[K] } & unknown;

/**
 * \`S\` with the property \`K\` set to \`Added\`: an intersection, flattened
 * once by {@link ShapeOf}; only a property selected again is taken out
 * first.
 */
type With<S, K extends PropertyKey, Added> = K extends keyof S
  ? Omit<S, K> & Added
  : S & Added;

/** \`S\` without the property \`K\`. */
type Without<S, K extends PropertyKey> = K extends keyof S ? Omit<S, K> : S;

/** A node of a recursive to-many selection, absent where the data ends. */
export type RecursiveMany<C, K extends string> = {
  [P in keyof NodeKeys<C, K>]: P extends K
    ? ${list}<RecursiveMany<C, K>>${nulls ? " | null" : ""}
    : NodeKeys<C, K>[P];
};

/** A node of a recursive to-one selection, absent where the data ends. */
export type RecursiveOne<C, K extends string> = {
  [P in keyof NodeKeys<C, K>]: P extends K ? RecursiveOne<C, K>${
    nulls ? " | null" : ""
  }
    : NodeKeys<C, K>[P];
};

/** The keys of a recursive node, with their modifiers: \`C\`'s, and \`K\`. */
type NodeKeys<C, K extends string> =
  & Omit<C, K>
  & { ${ro}[P in K]${nulls ? "" : "?"}: unknown };

/** Any fetcher of the entity or embeddable named \`N\`. */
export interface AnyFetcherOf<N extends string> {
  /** Name of the entity or embeddable it selects. */
  readonly entityName: N;
  /** Phantom: the shape it loads, some object. Never present at run time. */
  readonly [shapeOf]?: { readonly [key: string]: unknown };
}

/** The exact object type a fetcher loads. */
export type ShapeOf<F> = F extends { readonly [shapeOf]?: infer S }
  ? Simplify<S>
  : never;

/** The token of an entity, for {@link fetcher}. */
export interface EntityToken<F> {
  /** Name of the entity. */
  readonly entity: string;
  /** Phantom: the type of its fetchers. */
  readonly [fetcherOf]?: F;
}

/** The token of an embeddable, for {@link embeddable}. */
export interface EmbeddableToken<F> {
  /** Name of the embeddable. */
  readonly embeddable: string;
  /** Phantom: the type of its fetchers. */
  readonly [fetcherOf]?: F;
}

/** One term of a to-many association's order: a scalar of the child. */
export interface OrderTerm<P extends string> {
  /** The child's scalar property to order by. */
  readonly prop: P;
  /** Descending when true; ascending by default. */
  readonly desc?: boolean;
}

/** Which children of a to-many association each parent gets. */
export interface ListOptions<P extends string> {
  /** One term or several, the first deciding first; the id breaks ties. */
  readonly orderBy?: OrderTerm<P> | readonly OrderTerm<P>[];
  /** At most this many children per parent. */
  readonly limit?: number;
  /** Children skipped per parent before the first one kept. */
  readonly offset?: number;
}

/** A self-association loaded again at every level, or \`depth\` levels. */
export type RecursionOptions =
  | { readonly recursive: true; readonly depth?: number }
  | { readonly recursive?: boolean; readonly depth: number };
`;
}

/** The run-time half of the builder: JavaScript with its types. */
export const FETCHERS_RUNTIME =
  `/** How a property is selected: its kind and, for some, its target. */
type Property = readonly [
  name: string,
  kind: "id" | "scalar" | "computed" | "one" | "many" | "embedded",
  target?: string,
];

/** What a built fetcher holds: its owner and each selection's text. */
interface FetcherState {
  readonly name: string;
  readonly embeddable: boolean;
  readonly selections: ReadonlyMap<string, string>;
}

const states = new WeakMap<object, FetcherState>();
const prototypes = new Map<string, object>();

function stateOf(value: unknown): FetcherState {
  const state = typeof value === "object" && value !== null
    ? states.get(value)
    : undefined;
  if (state === undefined) throw new TypeError("Not a fetcher");
  return state;
}

function propertiesOf(state: FetcherState): readonly Property[] {
  return (state.embeddable ? EMBEDDABLES : ENTITIES)[state.name] ?? [];
}

function build(
  name: string,
  embeddable: boolean,
  selections: ReadonlyMap<string, string>,
): unknown {
  const state: FetcherState = { name, embeddable, selections };
  const built = Object.create(prototypeOf(state)) as object;
  states.set(built, state);
  return Object.freeze(built);
}

function select(
  self: unknown,
  property: string,
  text: string | undefined,
): unknown {
  const state = stateOf(self);
  const selections = new Map(state.selections);
  if (text === undefined) selections.delete(property);
  else selections.set(property, text);
  return build(state.name, state.embeddable, selections);
}

function count(where: string, name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(
      \`\${where}: \${name} must be a non-negative integer, got \${String(value)}\`,
    );
  }
  return value;
}

/** The options of an association in the canonical text, \`""\` for none. */
function optionsText(
  where: string,
  self: boolean,
  many: boolean,
  options: unknown,
): string {
  if (options === undefined) return "";
  const given = options as {
    readonly recursive?: unknown;
    readonly depth?: unknown;
    readonly orderBy?: unknown;
    readonly limit?: unknown;
    readonly offset?: unknown;
  };
  const parts: string[] = [];
  if (given.recursive === true || given.depth !== undefined) {
    if (!self) {
      throw new TypeError(\`\${where} is not a self-association and cannot be recursive\`);
    }
    if (given.depth === undefined) parts.push("recursive");
    else {
      const depth = count(where, "depth", given.depth);
      if (depth < 1) throw new TypeError(\`\${where}: depth must be a positive integer\`);
      parts.push(\`depth: \${depth}\`);
    }
  }
  if ("orderBy" in given || "limit" in given || "offset" in given) {
    if (!many) {
      throw new TypeError(
        \`\${where} is not a list: orderBy, limit and offset are for to-many associations\`,
      );
    }
    const terms = given.orderBy === undefined
      ? []
      : Array.isArray(given.orderBy)
      ? given.orderBy
      : [given.orderBy];
    for (const term of terms as { prop?: unknown; desc?: unknown }[]) {
      parts.push(\`orderBy: \${String(term?.prop)}\${term?.desc === true ? " desc" : ""}\`);
    }
    if (given.limit !== undefined) {
      parts.push(\`limit: \${count(where, "limit", given.limit)}\`);
    }
    const offset = given.offset === undefined
      ? 0
      : count(where, "offset", given.offset);
    if (offset !== 0) parts.push(\`offset: \${offset}\`);
  }
  return parts.length === 0 ? "" : \`(\${parts.join(", ")})\`;
}

/** The text of an embeddable selected whole: every field, nested ones whole. */
function wholeText(name: string): string {
  return \`{ \${
    (EMBEDDABLES[name] ?? []).map(([field, kind, target]) =>
      kind === "embedded" ? \`\${field} \${wholeText(target!)}\` : field
    ).join(" ")
  } }\`;
}

function childOf(
  where: string,
  child: unknown,
  target: string,
  embeddable: boolean,
): string {
  const state = stateOf(child);
  if (state.name !== target || state.embeddable !== embeddable) {
    throw new TypeError(\`\${where} needs a fetcher of \${target}, got one of \${state.name}\`);
  }
  return textOf(child);
}

function selector(owner: string, [name, kind, target]: Property) {
  const where = \`\${owner}.\${name}\`;
  if (kind === "one" || kind === "many") {
    return function (this: unknown, child?: unknown, options?: unknown) {
      if (child === false) return select(this, name, undefined);
      const text = child === undefined
        ? "{ id }"
        : childOf(where, child, target!, false);
      const opts = optionsText(where, target === owner, kind === "many", options);
      return select(this, name, \`\${name}\${opts} \${text}\`);
    };
  }
  if (kind === "embedded") {
    return function (this: unknown, child?: unknown) {
      if (child === false) return select(this, name, undefined);
      const text = child === undefined
        ? wholeText(target!)
        : childOf(where, child, target!, true);
      return select(this, name, \`\${name} \${text}\`);
    };
  }
  return function (this: unknown, include: unknown = true) {
    if (typeof include !== "boolean") {
      throw new TypeError(\`\${name}() takes no argument, or true/false\`);
    }
    if (!include && kind === "id") {
      throw new TypeError(\`\${name} is always selected\`);
    }
    return select(this, name, include ? name : undefined);
  };
}

function prototypeOf(state: FetcherState): object {
  const key = \`\${state.embeddable ? "embeddable" : "entity"} \${state.name}\`;
  const existing = prototypes.get(key);
  if (existing !== undefined) return existing;
  const proto: Record<string, unknown> = {
    get entityName(): string {
      return stateOf(this).name;
    },
    allScalarFields(this: unknown): unknown {
      const state = stateOf(this);
      const selections = new Map(state.selections);
      for (const [name, kind] of propertiesOf(state)) {
        if (kind === "id" || kind === "scalar") selections.set(name, name);
      }
      return build(state.name, state.embeddable, selections);
    },
    toString(this: unknown): string {
      return textOf(this);
    },
    // A fetcher in a query key (TanStack Query) or a log serialises to its
    // canonical text.
    toJSON(this: unknown): string {
      return textOf(this);
    },
  };
  for (const property of propertiesOf(state)) {
    proto[property[0]] = selector(state.name, property);
  }
  prototypes.set(key, Object.freeze(proto));
  return proto;
}

/**
 * The canonical text of a fetcher: properties in declaration order, options
 * normalized, exactly the text the server prints for the same fetcher.
 */
export function fetcherText(fetcher: AnyFetcherOf<string>): string {
  return textOf(fetcher);
}

function textOf(fetcher: unknown): string {
  const state = stateOf(fetcher);
  const parts: string[] = [];
  for (const [name] of propertiesOf(state)) {
    const text = state.selections.get(name);
    if (text !== undefined) parts.push(text);
  }
  return \`{ \${parts.join(" ")} }\`;
}

/**
 * The id of a fetcher: the lowercase hex SHA-256 of the UTF-8 bytes of its
 * canonical text, what \`?fetcherId=\` sends and the manifest lists.
 */
export function fetcherId(fetcher: AnyFetcherOf<string>): string {
  return sha256Hex(fetcherText(fetcher));
}

/** A fetcher of an entity, selecting its id alone: \`fetcher(Book).name()\`. */
export function fetcher<F>(token: EntityToken<F>): F {
  if (!Object.hasOwn(ENTITIES, token.entity)) {
    throw new TypeError(\`\${String(token.entity)} is not an entity of this API\`);
  }
  return build(token.entity, false, new Map([["id", "id"]])) as F;
}

/**
 * A fetcher of an embeddable, selecting nothing yet:
 * \`.address(embeddable(Address).city())\`.
 */
export function embeddable<F>(token: EmbeddableToken<F>): F {
  if (!Object.hasOwn(EMBEDDABLES, token.embeddable)) {
    throw new TypeError(\`\${String(token.embeddable)} is not an embeddable of this API\`);
  }
  return build(token.embeddable, true, new Map()) as F;
}
`;

export { SHA256_SOURCE };
