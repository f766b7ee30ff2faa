/**
 * What the type-mapping modules share (`type_mapper.ts`,
 * `type_references.ts`, `enums.ts`, `static_types.ts`,
 * `dynamic_entities.ts`, `fetch_by.ts`): where a type is written, what
 * mapping it yields, the registries the parts fill, the narrow views of the
 * mapper and of the `FetchBy` reader the parts call, and the two reports of
 * a type clients cannot see.
 *
 * @module
 */

import type {
  Constraints,
  PrimitiveName,
  TypeRef,
} from "../model/api_model.ts";
import { CODES, type DiagnosticSink } from "./codes.ts";
import { filePathOf, textOf, type ts } from "./compiler.ts";
import type { EntityInfo } from "./entities.ts";
import { LIB_FOLDER } from "./lib_files.ts";

/** Declarations that may own `FetchBy<"C">` constants by default. */
export type OwnerDeclaration =
  | ts.ClassDeclaration
  | ts.InterfaceDeclaration
  | ts.TypeAliasDeclaration;

/** Where a type is written: for messages, default owners and generics. */
export interface Site {
  /** Names the class and member: `BookController.findBooks`. */
  readonly where: string;
  /** Owner of `FetchBy<"C">` written without one. */
  readonly owner: OwnerDeclaration | undefined;
  /** Type parameters in scope and what they stand for. */
  readonly env: ReadonlyMap<ts.Node, TypeRef>;
  /** The named type whose properties are being read, if any. */
  readonly typeName?: string;
}

/**
 * A mapped type, whether it admits `undefined`/`null`, and the validation
 * constraints its tags put on it.
 */
export interface Mapped {
  readonly type: TypeRef;
  readonly nullable: boolean;
  readonly constraints?: Constraints;
}

/**
 * The mapper as the parts that map nested types (members, type arguments,
 * entity properties) see it.
 */
export interface TypeNodeMapper {
  /** Maps a type node. Undefined when it cannot be described (reported). */
  map(node: ts.TypeNode, site: Site): Mapped | undefined;
  /** Maps a type that must be a value (not `undefined`/`null`). */
  mapValue(node: ts.TypeNode, site: Site): TypeRef | undefined;
  /** Maps a checker type where no type node was written: primitives only. */
  mapInferred(type: ts.Type, node: ts.Node, site: Site): Mapped | undefined;
}

/**
 * Resolves `FetchBy` references to fetched shapes; `declared` is the entity
 * written beside one (`Book & FetchBy<...>`). `fetch_by.ts`'s ShapeReader is
 * one, given to the mapper by `analyze.ts`.
 */
export interface FetchByResolver {
  /** The fetched TypeRef, or undefined when the reference is wrong (reported). */
  resolve(
    node: ts.TypeReferenceNode,
    site: Site,
    declared: { info: EntityInfo; node: ts.TypeNode } | undefined,
  ): TypeRef | undefined;
}

/** The type of no value: `void`, `undefined`. */
export const VOID: TypeRef = { kind: "void" };

/** A type that does not admit `undefined`/`null`. */
export function plain(type: TypeRef): Mapped {
  return { type, nullable: false };
}

/** A primitive that does not admit `undefined`/`null`. */
export function primitive(name: PrimitiveName): Mapped {
  return plain({ kind: "primitive", name });
}

/** The two ways a type cannot be described: code, message tail and hint. */
const REPORTS = {
  vague: {
    code: CODES.VAGUE_TYPE,
    what: "is too vague to describe to clients",
    hint:
      "declare a precise type (primitive, enum, interface, entity with FetchBy), " +
      "or exclude the method with @ApiIgnore()",
  },
  unsupported: {
    code: CODES.UNSUPPORTED_TYPE,
    what: "cannot be described to clients",
    hint:
      "use primitives, enums, arrays, Record<string, T>, entities with FetchBy, " +
      "or a named interface or class",
  },
};

/** Reports a vague type; undefined, to return in its place. */
export function reportVague(
  sink: DiagnosticSink,
  node: ts.Node,
  site: Site,
  why?: string,
): undefined {
  return report(REPORTS.vague, sink, node, site, why);
}

/** Reports a type the client cannot express; undefined, to return instead. */
export function reportUnsupported(
  sink: DiagnosticSink,
  node: ts.Node,
  site: Site,
  why?: string,
): undefined {
  return report(REPORTS.unsupported, sink, node, site, why);
}

function report(
  { code, what, hint }: (typeof REPORTS)[keyof typeof REPORTS],
  sink: DiagnosticSink,
  node: ts.Node,
  site: Site,
  why: string | undefined,
): undefined {
  sink.error(
    code,
    node,
    `${site.where}: \`${textOf(node)}\` ${what}` +
      (why === undefined ? "" : ` (${why})`),
    hint,
  );
  return undefined;
}

/** Whether a node is in one of TypeScript's own `lib.*.d.ts`. */
export function isLibNode(node: ts.Node): boolean {
  return filePathOf(node).startsWith(LIB_PREFIX);
}

const LIB_PREFIX = `${LIB_FOLDER}/`;

/** Whether a TypeRef is a value of a query, path or header parameter. */
export function isSimple(type: TypeRef): boolean {
  if (type.kind === "primitive" || type.kind === "enum") return true;
  return type.kind === "array" &&
    (type.element.kind === "primitive" || type.element.kind === "enum");
}

/**
 * Models by name in the order their names were first reached; a name is
 * reserved while its model is being built, so that a type reaching itself
 * stops there.
 */
export class Registry<T> {
  readonly #models = new Map<string, T | undefined>();

  /** Whether the name is registered or being built. */
  has(name: string): boolean {
    return this.#models.has(name);
  }

  /** Marks the name as being built. */
  reserve(name: string): void {
    this.#models.set(name, undefined);
  }

  /** The finished model of a name; undefined while it is being built. */
  get(name: string): T | undefined {
    return this.#models.get(name);
  }

  /** Registers the finished model of a name. */
  set(name: string, model: T): void {
    this.#models.set(name, model);
  }

  /** The finished models, in the order their names were first reached. */
  models(): T[] {
    return [...this.#models.values()].filter((model) => model !== undefined);
  }
}
