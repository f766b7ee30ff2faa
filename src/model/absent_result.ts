/**
 * How the server answers an absent result (a method returning `undefined`
 * or `null` where its type allows it): `empty` (the default, as the spec
 * asks) is a 200 with an empty body and no content type; `null` is a 200
 * whose body is the JSON `null` with `application/json`, which the OpenAPI
 * document then describes exactly. A string result (sent as `text/plain`)
 * is empty in both modes: text has no `null`.
 *
 * @module
 */

import type { TypeRef } from "./api_model.ts";

/** The answer to an absent result: `empty` (default) or `null`. */
export type AbsentResult = "empty" | "null";

/** Every {@link AbsentResult}, the default first. */
export const ABSENT_RESULTS: readonly AbsentResult[] = ["empty", "null"];

/** Whether an absent result of `type` is sent as JSON `null` in `mode`. */
export function sendsNull(
  type: TypeRef,
  mode: AbsentResult | undefined,
): boolean {
  return mode === "null" && type.kind !== "void" &&
    !(type.kind === "primitive" && type.name === "string");
}
