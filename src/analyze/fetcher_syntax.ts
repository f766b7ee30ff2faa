/**
 * A fetcher's selection read from its call chain, without asking the type
 * checker to infer the chain: `fetcher(Book).name().store(fetcher(Store)
 * .name()).authors()`. Inferring the DSL's types was most of the analysis
 * (about half of it at 1,000 endpoints); reading the chain costs the
 * declared types of the entities' properties alone.
 *
 * Only the plain DSL is read: `fetcher(Entity)`, property selectors with no
 * argument, `true` or `false`, a child chain with literal
 * `{ recursive: true }` / `{ depth: n }` options and any `orderBy`, `limit`
 * and `offset` (which do not change the shape; their literal mistakes are
 * collected as problems), `allScalarFields()`. For
 * anything else (a variable, a helper, a spread, a property the analysis
 * does not know) the reader answers undefined and the caller reads the
 * static type as before. The result equals what the type says: the DSL's
 * rules (`src/runtime/fetcher.ts`) are mirrored here, and
 * `fetcher_syntax_test.ts` compares both readings on every fixture and a
 * synthetic project.
 *
 * @module
 */

import {
  arrayElementType,
  hasTypeFlag,
  isArrayType,
  isEnumLiteralType,
  isEnumType,
  isNullableType,
  isReadonlyArrayType,
  textOf,
  ts,
  typeOf,
} from "./compiler.ts";
import { classOf, type EntityInfo, type EntityProperty } from "./entities.ts";
import type {
  AssociationSelection,
  SelectedProperty,
  SelectedShape,
} from "./selected_shape.ts";
import { resolvedSymbol, runtimeNameOfSymbol } from "./symbols.ts";
import {
  type OptionProblem,
  readAssociationOptions,
} from "./fetcher_options.ts";

/** What the reader needs of the analysis: the entity of a class. */
export type EntityLookup = (
  declaration: ts.ClassDeclaration,
) => EntityInfo | undefined;

/** One selected property while the chain is read. */
interface Selected {
  readonly optional: boolean;
  readonly association?: AssociationSelection;
}

/** A fetcher read from syntax: its entity and what it selects. */
export interface SyntaxFetcher {
  readonly entity: ts.ClassDeclaration;
  readonly shape: SelectedShape;
  /** Mistakes in the chain's association options (`limit: -1`...). */
  readonly problems: readonly OptionProblem[];
}

/** What the DSL's types make of one entity property. */
export interface PropertyFacts {
  /** `?`, `| null` or `| undefined`: selected as optional. */
  readonly nullable: boolean;
  /** A list: a selected association is then never optional. */
  readonly many: boolean;
  /** `Computed<T>`: left out by `allScalarFields()`. */
  readonly computed: boolean;
  /** Whether the DSL's types give the property an association selector. */
  readonly association: boolean;
}

/** Reads fetcher chains; one per analysis (it caches property facts). */
export class FetcherSyntaxReader {
  readonly #entityOf: EntityLookup;
  readonly #embeddableOf: EntityLookup;
  readonly #facts = new Map<
    ts.PropertyDeclaration,
    PropertyFacts | undefined
  >();
  /** Problems found while reading the current constant. */
  #problems: OptionProblem[] = [];

  /** `embeddableOf` reads `@Embeddable()` classes (none by default). */
  constructor(
    entityOf: EntityLookup,
    embeddableOf: EntityLookup = () => undefined,
  ) {
    this.#entityOf = entityOf;
    this.#embeddableOf = embeddableOf;
  }

  /**
   * The selection of the fetcher constant `constant`, or undefined when its
   * initializer is not the plain DSL (or the constant has a declared type,
   * which then decides).
   */
  read(constant: ts.PropertyDeclaration): SyntaxFetcher | undefined {
    if (constant.type !== undefined) return undefined;
    const initializer = constant.initializer;
    if (initializer === undefined) return undefined;
    this.#problems = [];
    const read = this.#chain(initializer);
    return read && {
      entity: read.info.declaration,
      shape: shapeOf(read),
      problems: this.#problems,
    };
  }

  #chain(
    expression: ts.Expression,
  ): { info: EntityInfo; selected: Map<string, Selected> } | undefined {
    if (!ts.isCallExpression(expression)) return undefined;
    const callee = expression.expression;
    const args = expression.arguments;
    if (!ts.isPropertyAccessExpression(callee)) {
      return this.#start(callee, args);
    }
    const read = this.#chain(callee.expression);
    if (read === undefined) return undefined;
    const name = textOf(callee.name);
    const ok = this.#apply(read.info, read.selected, name, args);
    return ok ? read : undefined;
  }

  /** `fetcher(Entity)`: the id alone; `embeddable(Type)`: nothing. */
  #start(
    callee: ts.Node,
    args: readonly ts.Expression[],
  ): { info: EntityInfo; selected: Map<string, Selected> } | undefined {
    const start = runtimeNameOfSymbol(resolvedSymbol(callee));
    const [argument] = args;
    if (args.length !== 1 || argument === undefined) return undefined;
    if (start === "embeddable") {
      const type = classOf(argument);
      const info = type && this.#embeddableOf(type);
      return info && { info, selected: new Map() };
    }
    if (start !== "fetcher") return undefined;
    const declaration = classOf(argument);
    const info = declaration && this.#entityOf(declaration);
    if (info === undefined) return undefined;
    const id = this.#idSelection(info);
    return id && { info, selected: new Map([["id", id]]) };
  }

  /** `IdShape<E>`: a required id, when the entity declares a plain one. */
  #idSelection(info: EntityInfo): Selected | undefined {
    const id = info.properties.find((p) => p.name === "id");
    const facts = id && this.#factsOf(id);
    if (facts === undefined || facts.nullable || facts.association) {
      return undefined;
    }
    return { optional: false };
  }

  /** Applies one selector call; false when it is not the plain DSL. */
  #apply(
    info: EntityInfo,
    selected: Map<string, Selected>,
    name: string,
    args: readonly ts.Expression[],
  ): boolean {
    if (name === "allScalarFields") {
      if (args.length > 0) return false;
      for (const property of info.properties) {
        if (property.kind === "embedded") continue;
        const facts = this.#factsOf(property);
        if (facts === undefined || !agrees(property, facts)) return false;
        if (facts.association || facts.computed) continue;
        selected.set(property.name, { optional: facts.nullable });
      }
      return true;
    }
    const property = info.properties.find((p) => p.name === name);
    const facts = property && this.#factsOf(property);
    if (property === undefined || facts === undefined) return false;
    if (property.kind === "embedded") {
      return this.#embedded(selected, property, facts, args);
    }
    if (!agrees(property, facts)) return false;
    const [first, second] = args;
    if (args.length === 1 && first!.kind === ts.SyntaxKind.FalseKeyword) {
      if (name === "id") return false;
      selected.delete(name);
      return true;
    }
    if (!facts.association) {
      if (args.length > 1) return false;
      if (first !== undefined && first.kind !== ts.SyntaxKind.TrueKeyword) {
        return false;
      }
      if (name !== "id") selected.set(name, { optional: facts.nullable });
      return true;
    }
    const target = property.target && this.#entityOf(property.target);
    if (target === undefined || args.length > 2) return false;
    let child: SelectedShape | undefined;
    if (first === undefined) {
      const id = this.#idSelection(target);
      child = id && shapeOf({ selected: new Map([["id", id]]) });
    } else {
      const read = this.#chain(first);
      child = read?.info.declaration === target.declaration
        ? shapeOf(read)
        : undefined;
    }
    if (child === undefined) return false;
    if (second === undefined) {
      const optional = !facts.many && facts.nullable;
      const association = { many: facts.many, recursive: false, child };
      selected.set(name, { optional, association });
      return true;
    }
    const options = readAssociationOptions(
      second,
      target,
      facts.many,
      `${info.name}.${name}`,
    );
    if (options.recursive === undefined) return false;
    this.#problems.push(...options.problems);
    const recursive = options.recursive;
    const association = { many: facts.many, recursive, child };
    const optional = recursive || (!facts.many && facts.nullable);
    selected.set(name, { optional, association });
    return true;
  }

  /**
   * An embedded value's selector: `false`, nothing (the whole value) or an
   * `embeddable(Type)...` chain of the property's class.
   */
  #embedded(
    selected: Map<string, Selected>,
    property: EntityProperty,
    facts: PropertyFacts,
    args: readonly ts.Expression[],
  ): boolean {
    const [first] = args;
    if (args.length > 1 || facts.many) return false;
    if (first?.kind === ts.SyntaxKind.FalseKeyword) {
      selected.delete(property.name);
      return true;
    }
    const target = property.target && this.#embeddableOf(property.target);
    if (target === undefined) return false;
    const read = first === undefined
      ? this.#whole(target, new Set())
      : this.#chain(first);
    if (read?.info.declaration !== target.declaration) return false;
    const child = shapeOf(read);
    selected.set(property.name, {
      optional: facts.nullable,
      association: { many: false, recursive: false, child },
    });
    return true;
  }

  /** An embeddable selected whole: every field, nested embeddables whole. */
  #whole(
    info: EntityInfo,
    path: ReadonlySet<EntityInfo>,
  ): { info: EntityInfo; selected: Map<string, Selected> } | undefined {
    if (path.has(info)) return undefined;
    const selected = new Map<string, Selected>();
    for (const property of info.properties) {
      const facts = this.#factsOf(property);
      if (facts === undefined) return undefined;
      if (property.kind !== "embedded") {
        if (facts.association) return undefined;
        selected.set(property.name, { optional: facts.nullable });
        continue;
      }
      const target = property.target && this.#embeddableOf(property.target);
      const read = target && this.#whole(target, new Set([...path, info]));
      if (read === undefined) return undefined;
      const child = shapeOf(read);
      selected.set(property.name, {
        optional: facts.nullable,
        association: { many: false, recursive: false, child },
      });
    }
    return { info, selected };
  }

  #factsOf(property: EntityProperty): PropertyFacts | undefined {
    const declaration = property.declaration;
    if (!this.#facts.has(declaration)) {
      this.#facts.set(declaration, factsOf(declaration));
    }
    return this.#facts.get(declaration);
  }
}

/** Whether the decorator and the DSL's types agree on the property's kind. */
function agrees(property: EntityProperty, facts: PropertyFacts): boolean {
  return (property.kind === "association") === facts.association;
}

function shapeOf(
  read: { selected: ReadonlyMap<string, Selected> },
): SelectedShape {
  const properties: SelectedProperty[] = [...read.selected].map((
    [name, { optional }],
  ) => ({ name, optional }));
  return {
    properties,
    association(name) {
      const association = read.selected.get(name)?.association;
      if (association === undefined) throw new Error(`${name} is not selected`);
      return association;
    },
  };
}

/**
 * The DSL's view of a property from its declared type (cheap: no
 * inference), undefined when the type is `any`, `unknown` or mixes scalars
 * and objects: then the chain is read from its type instead.
 */
export function factsOf(
  declaration: ts.PropertyDeclaration,
): PropertyFacts | undefined {
  const type = typeOf(declaration);
  if (
    hasTypeFlag(type, ts.TypeFlags.Any) ||
    hasTypeFlag(type, ts.TypeFlags.Unknown)
  ) {
    return undefined;
  }
  const nullable = declaration.questionToken !== undefined ||
    isNullableType(type) || hasTypeFlag(type, ts.TypeFlags.Undefined) ||
    hasTypeFlag(type, ts.TypeFlags.Null);
  const value = type.getNonNullableType();
  const many = isArrayType(value) || isReadonlyArrayType(value);
  const element = many ? arrayElementType(value) : value;
  if (element === undefined) return undefined;
  const scalar = isScalarValue(element);
  if (scalar === undefined) return undefined;
  const computed = value.getProperties().some((symbol) =>
    symbol.getName().startsWith("__@computedBrand@")
  );
  return { nullable, many, computed, association: !scalar };
}

/** Type flags of scalar values (each tested as ts-morph's `isString()`...). */
const SCALAR_FLAGS: readonly ts.TypeFlags[] = [
  ts.TypeFlags.String,
  ts.TypeFlags.Number,
  ts.TypeFlags.Boolean,
  ts.TypeFlags.NumberLiteral,
  ts.TypeFlags.BooleanLiteral,
  ts.TypeFlags.TemplateLiteral,
  ts.TypeFlags.BigInt,
  ts.TypeFlags.BigIntLiteral,
];

/** True for `ScalarValue` types, false for objects, else undefined. */
function isScalarValue(type: ts.Type): boolean | undefined {
  if (type.isUnion()) {
    const members = type.types.map(isScalarValue);
    if (members.every((m) => m === true)) return true;
    if (members.every((m) => m === false)) return false;
    return undefined;
  }
  if (type.isIntersection()) {
    // `Computed<T>`: T and the brand.
    const members = type.types.filter((member) =>
      !member.getProperties().some((symbol) =>
        symbol.getName().startsWith("__@computedBrand@")
      )
    );
    return members.length === 1 ? isScalarValue(members[0]!) : undefined;
  }
  if (
    SCALAR_FLAGS.some((flag) => hasTypeFlag(type, flag)) ||
    type.isStringLiteral() || isEnumLiteralType(type) || isEnumType(type)
  ) {
    return true;
  }
  if (type.getSymbol()?.getName() === "Date") return true;
  return hasTypeFlag(type, ts.TypeFlags.Object) ? false : undefined;
}
