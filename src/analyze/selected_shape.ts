/**
 * What a fetcher selects, as the shape reader needs it: the selected
 * properties (optional or not) and, for an association, whether it is a
 * list, whether it recurses and the child's selection. Two sources give it:
 * the fetcher's static type, read with the type checker (any fetcher
 * expression), and the fetcher's call chain, read from syntax
 * (`fetcher_syntax.ts`: the plain DSL, no type inference).
 *
 * @module
 */

import {
  arrayElementType,
  checkerOf,
  declarationsOf,
  hasTypeFlag,
  isArrayType,
  ts,
} from "./compiler.ts";
import { isRuntimeNode } from "./symbols.ts";

/** One selected property. */
export interface SelectedProperty {
  readonly name: string;
  /** Absent from the JSON when null (`name?: T`). */
  readonly optional: boolean;
}

/** How an association is selected. */
export interface AssociationSelection {
  /** A list (one-to-many, many-to-many). */
  readonly many: boolean;
  /** A recursive selection: the child shape again at every level. */
  readonly recursive: boolean;
  /** The child's selection (for a recursive one, one level of it). */
  readonly child: SelectedShape;
}

/** The selection of one fetcher (or of a nested part of one). */
export interface SelectedShape {
  /** Selected properties, in no particular order. */
  readonly properties: readonly SelectedProperty[];
  /** How the selected association `name` is selected. */
  association(name: string): AssociationSelection;
}

/**
 * The selection a fetcher's shape type carries (the phantom `shapeBrand`
 * property), read lazily with the type checker at `at`.
 */
export function shapeOfType(shape: ts.Type, at: ts.Node): SelectedShape {
  const symbols = shape.getProperties();
  return {
    properties: symbols.map((symbol) => ({
      name: symbol.getName(),
      optional: (symbol.flags & ts.SymbolFlags.Optional) !== 0,
    })),
    association(name) {
      const symbol = symbols.find((candidate) => candidate.getName() === name);
      if (symbol === undefined) throw new Error(`${name} is not selected`);
      const value = checkerOf(at).getTypeOfSymbolAtLocation(symbol, at)
        .getNonNullableType();
      const many = isArrayType(value);
      const element = many ? arrayElementType(value)! : value;
      const alias = element.aliasSymbol;
      const recursive = alias?.getName() === "RecursiveShape" &&
        declarationsOf(alias).some(isRuntimeNode);
      const child = recursive
        ? element.aliasTypeArguments?.[0] ?? element
        : element;
      return { many, recursive, child: shapeOfType(child, at) };
    },
  };
}

/**
 * The entity class and selection of a fetcher constant, read from its
 * static type (the phantom `shapeBrand` and `entity` properties); undefined
 * when the type is not a fetcher's.
 */
export function fetcherOfType(
  constant: ts.PropertyDeclaration,
): { entity: ts.ClassDeclaration; shape: SelectedShape } | undefined {
  const checker = checkerOf(constant);
  const properties = checker.getTypeAtLocation(constant).getProperties();
  const brand = properties.find((symbol) =>
    symbol.getName().startsWith("__@shapeBrand@") &&
    declarationsOf(symbol).some(isRuntimeNode)
  );
  const entityProperty = properties.find((symbol) =>
    symbol.getName() === "entity"
  );
  if (brand === undefined || entityProperty === undefined) return undefined;
  const shape = checker.getTypeOfSymbolAtLocation(brand, constant)
    .getNonNullableType();
  if (
    hasTypeFlag(shape, ts.TypeFlags.Any) ||
    hasTypeFlag(shape, ts.TypeFlags.Unknown) ||
    !hasTypeFlag(shape, ts.TypeFlags.Object)
  ) {
    return undefined;
  }
  const entityType = checker.getTypeOfSymbolAtLocation(
    entityProperty,
    constant,
  );
  const instance = entityType.getConstructSignatures()[0]?.getReturnType() ??
    entityType.aliasTypeArguments?.[0];
  const declaration = declarationsOf(instance?.getSymbol()).find(
    ts.isClassDeclaration,
  );
  return declaration === undefined
    ? undefined
    : { entity: declaration, shape: shapeOfType(shape, constant) };
}
