/**
 * Validation constraints as type tags, after typia's: intersect them with
 * the value's type (`Int & Minimum<1>`, `string & MaxLength<200>`,
 * `string[] & MinItems<1>`) on a parameter, a described type's property or
 * an entity column. Each is a phantom type: an optional property nothing
 * has, so it erases to nothing at run time and any value of the base type
 * still fits. The analyzer reads them from the type's text into the model;
 * the document, the clients and the server's checks follow from there.
 *
 * @module
 */

/** The phantom member every tag adds; never present on a value. */
interface Tag<Kind extends string, Value> {
  readonly "tailor.constraint"?: { readonly [K in Kind]: Value };
}

/** The number is at least `N` (`N <= value`). */
export type Minimum<N extends number> = Tag<"minimum", N>;
/** The number is at most `N` (`value <= N`). */
export type Maximum<N extends number> = Tag<"maximum", N>;
/** The number is greater than `N` (`N < value`). */
export type ExclusiveMinimum<N extends number> = Tag<"exclusiveMinimum", N>;
/** The number is less than `N` (`value < N`). */
export type ExclusiveMaximum<N extends number> = Tag<"exclusiveMaximum", N>;
/** The string has at least `N` characters (code points, as JSON Schema counts: `😀` is one). */
export type MinLength<N extends number> = Tag<"minLength", N>;
/** The string has at most `N` characters (code points, as JSON Schema counts: `😀` is one). */
export type MaxLength<N extends number> = Tag<"maxLength", N>;
/** The string matches the ECMAScript regular expression `P` (unanchored). */
export type Pattern<P extends string> = Tag<"pattern", P>;
/** The string has the format `F` (a JSON Schema format name). */
export type Format<F extends ConstraintFormat> = Tag<"format", F>;
/** The array has at least `N` items. */
export type MinItems<N extends number> = Tag<"minItems", N>;
/** The array has at most `N` items. */
export type MaxItems<N extends number> = Tag<"maxItems", N>;

/** The formats {@link Format} takes. */
export type ConstraintFormat = "email" | "uuid" | "uri" | "date" | "date-time";
