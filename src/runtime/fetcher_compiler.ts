/**
 * The fetcher compiler: fetcher text -> fetcher.
 *
 * The text form is the one `String(fetcher)` renders, so every fetcher's text
 * compiles back to an equal fetcher:
 *
 * ```text
 * { id name store { id name } authors { firstName, lastName } }
 * { name kind childNodes(recursive) { name kind } }
 * { name parent(depth: 3) { name } }
 * { name books(orderBy: price desc, limit: 2, offset: 1) { name price } }
 * ```
 *
 * Grammar (whitespace is space, tab, line feed, carriage return, form feed
 * and vertical tab; it separates tokens and is otherwise ignored):
 *
 * ```text
 * fetcher  = body EOF
 * body     = "{" [ field [ "," ] { field [ "," ] } ] "}"
 * field    = NAME [ options ] [ body ]
 * options  = "(" option { "," option } ")"
 * option   = "recursive" | "depth" ":" INTEGER
 *          | "orderBy" ":" NAME [ "asc" | "desc" ]
 *          | "limit" ":" INTEGER | "offset" ":" INTEGER
 * NAME     = identifier (ID_Start or "$" or "_", then ID_Continue or "$")
 * INTEGER  = decimal digits, a positive safe integer
 * ```
 *
 * Decisions:
 *
 * - Fields are separated by whitespace, by one comma, or both. A field may be
 *   followed by at most one comma, so a single trailing comma before `}` is
 *   accepted (`{ name, }`), while a leading comma (`{ , name }`), an empty
 *   entry (`{ name,, edition }`) and a lone comma (`{ , }`) are rejected.
 * - `id` is always selected; writing it is allowed. `{}` is the id alone.
 * - A field may appear once per body; a duplicate is an error.
 * - An association without a body selects the target's id alone. A body is
 *   only for associations; `(recursive)` and `(depth: N)` (or both: a depth
 *   implies recursion) only for self-associations.
 * - `orderBy`, `limit` and `offset` only for to-many associations: the
 *   children each parent gets, not their shape. `orderBy` names a scalar
 *   property of the child and may be repeated (the first term decides
 *   first, the id breaks ties); `limit` and `offset` are non-negative
 *   integers, each given at most once.
 * - Computed (`@Formula`) properties are selected like scalars.
 * - `depth: N` is at most `maxRecursionDepth` (default
 *   {@link MAX_RECURSION_DEPTH}), so a client cannot ask a server to walk an
 *   arbitrarily long chain; a server may raise the limit.
 * - Length is checked before anything else; nesting deeper than `maxDepth`
 *   braces is rejected where the offending `{` stands, so the recursive
 *   descent never exhausts the stack.
 *
 * - The fetcher returned runs on a work budget (`fetcher_budget.ts`): the
 *   text limits bound the text, not what it loads.
 *
 * For any string, `compileFetcher` either returns a fetcher or throws a
 * {@link FetcherSyntaxError} with a 1-based line and column (columns count
 * Unicode code points; `\r\n`, `\n` and a lone `\r` each end a line).
 *
 * @module
 */

import type { AnyClass } from "./metadata.ts";
import {
  type AnyFetcher,
  embeddableFetcherOf,
  fetcherOf,
  type Selection,
  wholeEmbeddable,
} from "./fetcher.ts";
import { type EntityMetadata, entityMetadata } from "./entity.ts";
import { embeddableMetadata } from "./embeddable.ts";
import { MAX_RECURSION_DEPTH } from "./apply_fetcher.ts";
import { markClientFetcher } from "./fetcher_budget.ts";
import {
  type ListOptions,
  listSelection,
  type OrderTerm,
} from "./list_options.ts";
import {
  describe,
  expected,
  fail,
  FetcherSyntaxError,
  Lexer,
  positionOf,
} from "./fetcher_lexer.ts";

export { FetcherSyntaxError } from "./fetcher_lexer.ts";

/** Limits of `compileFetcher`, so that a hostile string cannot exhaust a server. */
export interface CompileFetcherOptions {
  /** Maximum nesting depth of braces. Default 16. */
  readonly maxDepth?: number;
  /** Maximum length of the text in characters. Default 8192. */
  readonly maxLength?: number;
  /** Maximum `depth: N` of a recursive selection. Default 64. */
  readonly maxRecursionDepth?: number;
}

/** Default of {@link CompileFetcherOptions.maxDepth}. */
const DEFAULT_MAX_DEPTH = 16;
/** Default of {@link CompileFetcherOptions.maxLength}. */
export const DEFAULT_MAX_LENGTH = 8192;
/** Hard ceiling of `maxDepth`, which keeps the recursive descent stack-safe. */
const MAX_DEPTH_CEILING = 256;

class Parser {
  readonly #lexer: Lexer;

  constructor(
    text: string,
    private readonly maxDepth: number,
    private readonly maxRecursionDepth: number,
  ) {
    this.#lexer = new Lexer(text);
  }

  parse(entity: EntityMetadata): AnyFetcher {
    const first = this.#lexer.peek();
    if (first.kind !== "{") expected(`"{"`, first);
    const result = this.#body(entity, 1);
    const rest = this.#lexer.peek();
    if (rest.kind !== "end") expected("end of input", rest);
    return result;
  }

  /**
   * `{ field* }` of `entity` (or of an embeddable, built by `build`), the
   * lexer standing on `{`.
   */
  #body(
    entity: Pick<EntityMetadata, "name" | "type" | "properties">,
    depth: number,
    build: typeof fetcherOf = fetcherOf,
  ): AnyFetcher {
    const open = this.#lexer.next();
    if (depth > this.maxDepth) {
      fail(`nesting deeper than ${this.maxDepth} braces`, open);
    }
    const selections = new Map<string, Selection>();
    for (;;) {
      const token = this.#lexer.peek();
      if (token.kind === "}") {
        this.#lexer.next();
        return build(entity.type, selections);
      }
      if (token.kind === "end") expected(`"}"`, token);
      if (token.kind !== "name") expected(`field name or "}"`, token);
      this.#field(entity, selections, depth);
      const after = this.#lexer.peek();
      if (after.kind === ",") {
        this.#lexer.next();
        const next = this.#lexer.peek();
        if (next.kind === "end") expected(`"}"`, next);
        if (next.kind !== "name" && next.kind !== "}") {
          expected(`field name or "}"`, next);
        }
      } else if (after.kind === "end") {
        expected(`"}"`, after);
      } else if (after.kind !== "name" && after.kind !== "}") {
        expected(`field name, "," or "}"`, after);
      }
    }
  }

  /** One field of `entity`, the lexer standing on its name. */
  #field(
    entity: Pick<EntityMetadata, "name" | "type" | "properties">,
    selections: Map<string, Selection>,
    depth: number,
  ): void {
    const nameToken = this.#lexer.next();
    const name = nameToken.text;
    const property = entity.properties.get(name);
    if (property === undefined) {
      fail(`unknown field ${describe(nameToken)} of ${entity.name}`, nameToken);
    }
    if (selections.has(name)) {
      fail(`duplicate field "${name}" of ${entity.name}`, nameToken);
    }
    if (property.kind === "embedded") {
      this.#embedded(property.target(), name, selections, depth);
      return;
    }
    if (property.kind !== "association") {
      const next = this.#lexer.peek();
      if (next.kind === "{") {
        fail(
          `scalar field "${name}" of ${entity.name} cannot have a body`,
          next,
        );
      }
      if (next.kind === "(") {
        fail(
          `scalar field "${name}" of ${entity.name} takes no options`,
          next,
        );
      }
      selections.set(name, { kind: "scalar" });
      return;
    }
    const target = entityMetadata(property.target());
    const options = this.#lexer.peek().kind === "("
      ? this.#options(entity, name, target, property.association)
      : {};
    const child = this.#lexer.peek().kind === "{"
      ? this.#body(target, depth + 1)
      : fetcherOf(target.type, new Map());
    selections.set(name, { kind: "association", child, ...options });
  }

  /**
   * An embeddable value: whole (its name alone, or `{ ... }` naming all of
   * its fields) or the fields in braces.
   */
  #embedded(
    type: AnyClass,
    name: string,
    selections: Map<string, Selection>,
    depth: number,
  ): void {
    const next = this.#lexer.peek();
    if (next.kind === "(") {
      fail(`embedded field "${name}" takes no options`, next);
    }
    const child = next.kind === "{"
      ? this.#body(embeddableMetadata(type), depth + 1, embeddableFetcherOf)
      : wholeEmbeddable(type);
    selections.set(name, { kind: "embedded", child });
  }

  /**
   * `(recursive, depth: N, orderBy: p desc, limit: N, offset: N)` of the
   * association `name` of `entity`, the lexer standing on `(`.
   */
  #options(
    entity: Pick<EntityMetadata, "name" | "type">,
    name: string,
    target: EntityMetadata,
    kind: string,
  ): Pick<
    Extract<Selection, { kind: "association" }>,
    "recursive" | "list"
  > {
    const open = this.#lexer.next();
    const where = `association "${name}" of ${entity.name}`;
    let recursive = false;
    let depth: number | undefined;
    const orderBy: OrderTerm[] = [];
    const list: { -readonly [K in keyof ListOptions]: ListOptions[K] } = {};
    for (;;) {
      const option = this.#lexer.next();
      const text = option.kind === "name" ? option.text : "";
      if (text === "recursive" || text === "depth") {
        if (target.type !== entity.type) {
          fail(
            `${where} is not a self-association and cannot be recursive`,
            open,
          );
        }
      } else if (["orderBy", "limit", "offset"].includes(text)) {
        if (kind === "many-to-one") {
          fail(
            `${where} is not a list: orderBy, limit and offset are for to-many associations`,
            option,
          );
        }
      } else {
        expected(
          `"recursive", "depth", "orderBy", "limit" or "offset"`,
          option,
        );
      }
      if (text === "recursive") {
        if (recursive) fail(`duplicate option "recursive"`, option);
        recursive = true;
      } else if (text === "depth") {
        if (depth !== undefined) fail(`duplicate option "depth"`, option);
        depth = this.#integer(1, this.maxRecursionDepth, "depth");
      } else if (text === "orderBy") {
        orderBy.push(this.#orderTerm(target));
      } else {
        const key = text as "limit" | "offset";
        if (list[key] !== undefined) fail(`duplicate option "${key}"`, option);
        list[key] = this.#integer(0, Number.MAX_SAFE_INTEGER, key);
      }
      const after = this.#lexer.next();
      if (after.kind === ")") break;
      if (after.kind !== ",") expected(`"," or ")"`, after);
    }
    if (orderBy.length > 0) list.orderBy = orderBy;
    const selection = listSelection(list, target, true, where);
    return {
      ...(recursive || depth !== undefined
        ? { recursive: depth === undefined ? {} : { depth } }
        : {}),
      ...(selection === undefined ? {} : { list: selection }),
    };
  }

  /** `: N` with `min <= N <= max`, the lexer standing on `:`. */
  #integer(min: number, max: number, option: string): number {
    const colon = this.#lexer.next();
    if (colon.kind !== ":") expected(`":"`, colon);
    const value = this.#lexer.next();
    const kind = min === 0 ? "a non-negative integer" : "a positive integer";
    if (value.kind !== "integer") expected(kind, value);
    const number = Number(value.text);
    if (number < min || number > max) {
      fail(
        `${option} must be ${kind} up to ${max}, found ${describe(value)}`,
        value,
      );
    }
    return number;
  }

  /** `: prop [asc | desc]` of `target`, the lexer standing on `:`. */
  #orderTerm(target: EntityMetadata): OrderTerm {
    const colon = this.#lexer.next();
    if (colon.kind !== ":") expected(`":"`, colon);
    const prop = this.#lexer.next();
    if (prop.kind !== "name") expected("a property name", prop);
    const property = target.properties.get(prop.text);
    if (property === undefined || property.kind === "association") {
      fail(
        `orderBy needs a scalar property of ${target.name}, found ${
          describe(prop)
        }`,
        prop,
      );
    }
    const direction = this.#lexer.peek();
    if (
      direction.kind === "name" &&
      (direction.text === "asc" || direction.text === "desc")
    ) {
      this.#lexer.next();
      if (direction.text === "desc") return { prop: prop.text, desc: true };
    }
    return { prop: prop.text };
  }
}

function limit(
  value: number | undefined,
  fallback: number,
  max: number,
  name: string,
): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new RangeError(`${name} must be an integer from 1 to ${max}`);
  }
  return value;
}

/**
 * Compiles fetcher text such as `{ name store { name } }` for an entity.
 *
 * @throws FetcherSyntaxError for any text that does not compile (and for no
 *   other reason, whatever the string).
 * @throws TypeError when `entity` is not an `@Entity()` class or `text` is not
 *   a string; RangeError when an option is not an integer from 1 to its
 *   ceiling (`maxDepth` at most 256).
 */
export function compileFetcher(
  entity: AnyClass,
  text: string,
  options: CompileFetcherOptions = {},
): AnyFetcher {
  const maxLength = limit(
    options.maxLength,
    DEFAULT_MAX_LENGTH,
    Number.MAX_SAFE_INTEGER,
    "maxLength",
  );
  const maxDepth = limit(
    options.maxDepth,
    DEFAULT_MAX_DEPTH,
    MAX_DEPTH_CEILING,
    "maxDepth",
  );
  const maxRecursionDepth = limit(
    options.maxRecursionDepth,
    MAX_RECURSION_DEPTH,
    Number.MAX_SAFE_INTEGER,
    "maxRecursionDepth",
  );
  if (typeof text !== "string") {
    throw new TypeError("compileFetcher needs the fetcher text as a string");
  }
  const metadata = entityMetadata(entity);
  if (text.length > maxLength) {
    const [line, column] = positionOf(text, maxLength);
    throw new FetcherSyntaxError(
      `fetcher text longer than ${maxLength} characters`,
      line,
      column,
    );
  }
  return markClientFetcher(
    new Parser(text, maxDepth, maxRecursionDepth).parse(metadata),
  );
}
