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

import type { Node, Type } from "ts-morph";
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
export function shapeOfType(shape: Type, at: Node): SelectedShape {
  const symbols = shape.getProperties();
  return {
    properties: symbols.map((symbol) => ({
      name: symbol.getName(),
      optional: symbol.isOptional(),
    })),
    association(name) {
      const symbol = symbols.find((candidate) => candidate.getName() === name);
      if (symbol === undefined) throw new Error(`${name} is not selected`);
      const value = symbol.getTypeAtLocation(at).getNonNullableType();
      const many = value.isArray();
      const element = many ? value.getArrayElementTypeOrThrow() : value;
      const alias = element.getAliasSymbol();
      const recursive = alias?.getName() === "RecursiveShape" &&
        alias.getDeclarations().some(isRuntimeNode);
      const child = recursive
        ? element.getAliasTypeArguments()[0] ?? element
        : element;
      return { many, recursive, child: shapeOfType(child, at) };
    },
  };
}
