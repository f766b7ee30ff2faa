/**
 * Type-level assertions for the consumer programs (`consumer_*.ts`). The
 * tests copy this file beside them in the workspace, so that they import it
 * as `./type_assertions.ts`.
 *
 * @module
 */

/** True when `X` and `Y` are the same type (not merely mutually assignable). */
export type Equals<X, Y> = (<T>() => T extends X ? 1 : 2) extends
  (<T>() => T extends Y ? 1 : 2) ? true : false;

/** Compiles only when `T` is `true`. */
export type Assert<T extends true> = T;

/** True when the property `K` of `T` is optional. */
export type IsOptional<T, K extends keyof T> = Record<never, never> extends
  Pick<T, K> ? true : false;
